import { IMAGE_WIDTHS } from '@shared/limits';

const UPLOADED = '/api/images/';

/**
 * `src`, `srcSet` and `sizes` for an uploaded image, which the server also serves narrowed
 * (`?w=`), so that the browser downloads about the size it shows. Other URLs (a file being
 * picked) are used as they are.
 */
export function responsiveImage(url: string, sizes: string) {
  if (!url.startsWith(UPLOADED) || url.includes('?')) return { src: url };
  return {
    src: `${url}?w=${IMAGE_WIDTHS[1]}`,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', '),
    sizes,
  };
}
