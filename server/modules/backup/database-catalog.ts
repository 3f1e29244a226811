import type pg from 'pg';
import { BackupRefusedError, carriedRowsFilter, EXCLUDED_TABLES } from './archive-format';

// What a backup needs to know about the database, read from PostgreSQL's catalog rather than from
// the Drizzle schema, so that it always matches the schema version the database is at.

export type CatalogTable = {
  name: string;
  /** Stored columns in their order; generated columns are left out (they cannot be written). */
  columns: string[];
  primaryKey: string[];
};

/** Objects that belong to an extension are the extension's, never the app's. */
const NOT_FROM_EXTENSION = (oid: string) =>
  `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;

/** The app's tables in schema public, backed-up ones only, parents before the tables that refer to them. */
export async function listTables(client: pg.ClientBase): Promise<CatalogTable[]> {
  const { rows } = await client.query<{
    name: string;
    columns: string[];
    primary_key: string[] | null;
    parents: string[] | null;
  }>(`
    select c.relname as name,
      array(select a.attname from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
             order by a.attnum)::text[] as columns,
      (select array(select a.attname from unnest(k.conkey) with ordinality u(attnum, i)
                      join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
                     order by u.i)::text[]
         from pg_constraint k where k.conrelid = c.oid and k.contype = 'p') as primary_key,
      array(select distinct p.relname from pg_constraint f join pg_class p on p.oid = f.confrelid
             where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid)::text[] as parents
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and ${NOT_FROM_EXTENSION('c.oid')}
    order by c.relname`);
  const tables = rows.filter((row) => !EXCLUDED_TABLES.includes(row.name));
  return loadOrder(
    tables.map((row) => ({
      table: { name: row.name, columns: row.columns, primaryKey: row.primary_key ?? [] },
      parents: (row.parents ?? []).filter((parent) => !EXCLUDED_TABLES.includes(parent)),
    })),
  );
}

/** Tables ordered so that every table comes after those its foreign keys refer to. */
function loadOrder(entries: Array<{ table: CatalogTable; parents: string[] }>): CatalogTable[] {
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  let pending = entries;
  while (pending.length > 0) {
    const ready = pending.filter((entry) => entry.parents.every((parent) => placed.has(parent)));
    if (ready.length === 0) {
      throw new BackupRefusedError(
        `The tables ${pending.map((entry) => entry.table.name).join(', ')} refer to each other in a cycle; they cannot be loaded one after the other.`,
      );
    }
    for (const entry of ready) {
      ordered.push(entry.table);
      placed.add(entry.table.name);
    }
    pending = pending.filter((entry) => !ready.includes(entry));
  }
  return ordered;
}

export type OwnedSequence = { table: string; column: string; sequence: string };

/** The sequences behind serial and identity columns of the backed-up tables. */
export async function listOwnedSequences(client: pg.ClientBase): Promise<OwnedSequence[]> {
  const { rows } = await client.query<OwnedSequence>(`
    select c.relname as table, a.attname as column, s.oid::regclass::text as sequence
    from pg_depend d
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_class c on c.oid = d.refobjid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
    where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
      and d.deptype in ('a', 'i') and n.nspname = 'public'
    order by c.relname, a.attname`);
  return rows.filter((row) => !EXCLUDED_TABLES.includes(row.table));
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The names of the tables in schema public holding at least one row a backup would carry. */
export async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and ${NOT_FROM_EXTENSION('c.oid')}
    order by c.relname`);
  const candidates = rows.map((row) => row.name).filter((name) => !EXCLUDED_TABLES.includes(name));
  if (candidates.length === 0) return [];
  const probes = candidates.map(
    (name) =>
      `select ${quoteLiteral(name)} as name where exists (select 1 from ${quoteIdentifier(name)}${carriedRowsFilter(name)})`,
  );
  const { rows: filled } = await client.query<{ name: string }>(probes.join(' union all '));
  return filled.map((row) => row.name);
}

export const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Removes the app's schema so that the migrations can build it again at the archive's version:
 * the `drizzle` schema (the record of applied migrations) and every table, view, sequence, type
 * and function in schema public that no extension owns. Runs inside the restore's transaction.
 */
export async function dropAppSchema(client: pg.ClientBase): Promise<void> {
  await client.query('drop schema if exists "drizzle" cascade');
  const relations = await client.query<{ name: string; kind: string }>(`
    select c.oid::regclass::text as name, c.relkind::text as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and ${NOT_FROM_EXTENSION('c.oid')}`);
  const dropOf: Record<string, string> = {
    r: 'table',
    p: 'table',
    f: 'foreign table',
    v: 'view',
    m: 'materialized view',
  };
  for (const { name, kind } of relations.rows) {
    await client.query(`drop ${dropOf[kind]} if exists ${name} cascade`);
  }
  // Sequences of no column (the owned ones went with their tables).
  const sequences = await client.query<{ name: string }>(`
    select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S' and ${NOT_FROM_EXTENSION('c.oid')}`);
  for (const { name } of sequences.rows)
    await client.query(`drop sequence if exists ${name} cascade`);
  const routines = await client.query<{ signature: string; kind: string }>(`
    select p.oid::regprocedure::text as signature, p.prokind::text as kind
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and ${NOT_FROM_EXTENSION('p.oid')}`);
  for (const { signature, kind } of routines.rows) {
    await client.query(
      `drop ${kind === 'a' ? 'aggregate' : 'routine'} if exists ${signature} cascade`,
    );
  }
  // Enums, domains, composite and range types (a table's row type went with its table).
  const types = await client.query<{ name: string; kind: string }>(`
    select t.oid::regtype::text as name, t.typtype::text as kind from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public' and t.typtype in ('e', 'd', 'c', 'r')
      and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
      and ${NOT_FROM_EXTENSION('t.oid')}`);
  for (const { name, kind } of types.rows) {
    await client.query(`drop ${kind === 'd' ? 'domain' : 'type'} if exists ${name} cascade`);
  }
}
