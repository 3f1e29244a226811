import { Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/**
 * A hand-written statement as a named (server-side prepared) statement: PostgreSQL parses and
 * plans it once per connection instead of on every request, which for the hot reads costs as much
 * as running them. Values are drizzle placeholders: `sql.placeholder('reviewerId')`.
 */
export function preparedStatement<Row extends object>(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (
    db: Pick<Database, '$client'>,
    values: Record<string, unknown> = {},
  ): Promise<Row[]> => {
    const result = await db.$client.query<Row>({
      name,
      text,
      values: params.map((param) => (param instanceof Placeholder ? values[param.name] : param)),
    });
    return result.rows;
  };
}

/**
 * A drizzle query's `.prepare(name)`, built once per database handle and reused: preparing renders
 * the query builder's SQL text, which for the reviewer detail (its review-cycle columns) took a
 * tenth of the request's CPU, more than PostgreSQL spends running the named statement. The
 * prepared query keeps no state between executions, so concurrent requests share it.
 */
export function preparedOnce<Handle extends object, Prepared>(
  prepare: (db: Handle) => Prepared,
): (db: Handle) => Prepared {
  const byHandle = new WeakMap<Handle, Prepared>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
