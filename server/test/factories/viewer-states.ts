import type { Database } from '../../db/client';
import { viewerStates } from '../../db/schema/index';

export type ViewerStateOptions = { reviewerId: string; lastOpportunityId?: string | null };

/** Where a reviewer's workspace reopens. */
export async function createViewerState(db: Database, options: ViewerStateOptions) {
  const [row] = await db
    .insert(viewerStates)
    .values({ lastOpportunityId: null, ...options })
    .returning();
  return row!;
}
