import { IMAGE_MAX_BYTES, IMAGE_RATIO_TOLERANCE, IMAGE_RATIOS } from '@shared/limits';
import type { OutputInfo } from 'sharp';
import { badRequest, HttpError } from '../../http/errors';

export const IMAGE_TOO_LARGE = 'Image must be less than 1MB';
export const NOT_AN_IMAGE = 'Please upload an image file (PNG, JPEG or WebP)';
export const BAD_ASPECT_RATIO = 'Image must be square (1:1) or 4:3 aspect ratio';

// Decoding is bounded: 40 megapixels is far beyond any 1 MiB photo yet stops decompression bombs.
const MAX_INPUT_PIXELS = 40_000_000;

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
type AcceptedFormat = keyof typeof CONTENT_TYPES;

export type ProcessedImage = {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
};

export const imageTooLarge = () => new HttpError(413, IMAGE_TOO_LARGE);
const unsupportedImage = () => new HttpError(415, NOT_AN_IMAGE);

function isAccepted(format: string | undefined): format is AcceptedFormat {
  return format !== undefined && Object.hasOwn(CONTENT_TYPES, format);
}

export function hasAcceptedRatio(width: number, height: number): boolean {
  const ratio = width / height;
  return IMAGE_RATIOS.some((target) => Math.abs(ratio - target) <= IMAGE_RATIO_TOLERANCE);
}

/**
 * Accepts only what fully decodes as PNG, JPEG or WebP (magic bytes are not enough: a truncated
 * file passes them), applies the EXIF orientation, checks the aspect ratio and re-encodes in the
 * same format, which drops EXIF/GPS/XMP metadata (sharp keeps none unless asked).
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) throw imageTooLarge();
  // Loaded on the first upload: libvips costs a server that never processes an image ~30 MB RSS.
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let format: AcceptedFormat;
  try {
    const metadata = await sharp(input, options).metadata();
    if (!isAccepted(metadata.format)) throw unsupportedImage();
    format = metadata.format;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unsupportedImage();
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    const pipeline = sharp(input, options).rotate();
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: 90, mozjpeg: true })
          : pipeline.webp({ quality: 90 });
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupportedImage();
  }
  const { width, height } = output.info;
  if (!hasAcceptedRatio(width, height)) throw badRequest(BAD_ASPECT_RATIO);
  return { bytes: output.data, contentType: CONTENT_TYPES[format], width, height };
}

/**
 * The same image narrowed to `width` pixels, in its own format, for a browser that shows it
 * smaller than uploaded. Never enlarges: a narrower original is returned as it is.
 */
export async function resizeImage(
  image: { bytes: Buffer; contentType: string; width: number },
  width: number,
): Promise<Buffer> {
  if (width >= image.width) return image.bytes;
  const { default: sharp } = await import('sharp');
  const pipeline = sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width });
  const encoded =
    image.contentType === CONTENT_TYPES.png
      ? pipeline.png({ compressionLevel: 9 })
      : image.contentType === CONTENT_TYPES.jpeg
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : pipeline.webp({ quality: 82 });
  return encoded.toBuffer();
}
