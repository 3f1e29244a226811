import { describe, expect, it } from 'vitest';
import { responsiveImage } from './responsive-image';

describe('responsiveImage', () => {
  it('offers every served width of an uploaded image', () => {
    expect(responsiveImage('/api/images/abc', '100vw')).toEqual({
      src: '/api/images/abc?w=640',
      srcSet:
        '/api/images/abc?w=320 320w, /api/images/abc?w=640 640w, /api/images/abc?w=960 960w, /api/images/abc?w=1280 1280w',
      sizes: '100vw',
    });
  });

  it('leaves other addresses as they are', () => {
    expect(responsiveImage('blob:http://localhost/1', '64px')).toEqual({
      src: 'blob:http://localhost/1',
    });
    expect(responsiveImage('https://example.org/a.png', '64px')).toEqual({
      src: 'https://example.org/a.png',
    });
  });
});
