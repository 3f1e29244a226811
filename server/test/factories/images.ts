import sharp from 'sharp';
import type { Database } from '../../db/client';
import { images } from '../../db/schema/index';

export type ImageOptions = { width?: number; height?: number };

/** A stored PNG of one plain colour, inserted directly (images.test.ts covers the upload). */
export async function createImage(db: Database, options: ImageOptions = {}) {
  const { width = 10, height = 10 } = options;
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  const [row] = await db
    .insert(images)
    .values({ contentType: 'image/png', bytes: png, width, height, byteSize: png.length })
    .returning();
  return row!;
}
