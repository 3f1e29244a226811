import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { images, opportunities } from '../../db/schema/index';
import type { ProcessedImage } from './image-processing';

type Db = Pick<Database, 'select' | 'insert' | 'delete'>;

export const imageUrlOf = (id: string) => `/api/images/${id}`;

const STORED_IMAGE_URL =
  /^\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The id of a stored image from its url; null for none or an outside address. */
export function storedImageIdOf(url: string | null): string | null {
  return (url && STORED_IMAGE_URL.exec(url)?.[1]) || null;
}

/** No opportunity but `exceptId` shows the image at `url` (an expression over `images`). */
const isShownByNoOther = (url: string, exceptId: string | null) =>
  notExists(
    sql`(select 1 from ${opportunities} where ${opportunities.imageUrl} = ${url}${
      exceptId ? sql` and ${opportunities.id} <> ${exceptId}` : sql``
    })`,
  );

/** Images go with the opportunity that showed them, unless another one shows the same image. */
function imagesOnlyShownBy(opportunity: { id: string | null; imageUrl: string | null }) {
  const id = storedImageIdOf(opportunity.imageUrl);
  if (!id || !opportunity.imageUrl) return null;
  return and(eq(images.id, id), isShownByNoOther(opportunity.imageUrl, opportunity.id));
}

/** How many stored images deleting this opportunity would delete (0 or 1). */
export async function countImagesOnlyShownBy(
  db: Db,
  opportunity: { id: string; imageUrl: string | null },
): Promise<number> {
  const where = imagesOnlyShownBy(opportunity);
  if (!where) return 0;
  const rows = await db.select({ id: images.id }).from(images).where(where);
  return rows.length;
}

/**
 * Deletes the stored image a deleted opportunity showed, unless an opportunity still shows it;
 * the number of images deleted (0 or 1). Run after the opportunity's row is gone.
 */
export async function deleteImageIfUnused(db: Db, url: string | null): Promise<number> {
  const where = imagesOnlyShownBy({ id: null, imageUrl: url });
  if (!where) return 0;
  const deleted = await db.delete(images).where(where).returning({ id: images.id });
  return deleted.length;
}
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
