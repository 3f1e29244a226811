import type { Database } from '../../db/client';
import { opportunities } from '../../db/schema/index';
import { nextOpportunityNumber } from './sequence';

export type OpportunityOptions = Partial<typeof opportunities.$inferInsert>;

/** The values of a published opportunity with the next free number, unless told otherwise. */
function opportunityValues(options: OpportunityOptions) {
  const number = options.number ?? nextOpportunityNumber();
  return {
    number,
    title: `Opportunity ${number}`,
    description: `Description of opportunity ${number}`,
    tags: ['energy', 'water'],
    status: 'published' as const,
    publishedAt: new Date(),
    ...options,
  };
}

export async function createOpportunity(db: Database, options: OpportunityOptions = {}) {
  const [row] = await db.insert(opportunities).values(opportunityValues(options)).returning();
  return row!;
}

/**
 * Many opportunities in one statement, for tests that need thousands (past the API's limit of
 * 50); `optionsFor` gets each row's number.
 */
export async function createOpportunities(
  db: Database,
  count: number,
  optionsFor: (number: number) => OpportunityOptions = () => ({}),
) {
  const values = Array.from({ length: count }, () => {
    const number = nextOpportunityNumber();
    return opportunityValues({ number, ...optionsFor(number) });
  });
  await db.insert(opportunities).values(values);
}
