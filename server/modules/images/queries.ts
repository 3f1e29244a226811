import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { images } from '../../db/schema/index';
import type { ProcessedImage } from './image-processing';

type Db = Pick<Database, 'select' | 'insert'>;

export const imageUrlOf = (id: string) => `/api/images/${id}`;

/** Stores processed bytes (the upload and the demo seed both come through here). */
export async function storeImage(
  db: Db,
  image: ProcessedImage & { createdById: string | null },
): Promise<{ id: string; url: string }> {
  const [row] = await db
    .insert(images)
    .values({ ...image, byteSize: image.bytes.length })
    .returning({ id: images.id });
  return { id: row!.id, url: imageUrlOf(row!.id) };
}

export async function findImage(db: Db, id: string) {
  const [row] = await db
    .select({ bytes: images.bytes, contentType: images.contentType, width: images.width })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return row;
}
