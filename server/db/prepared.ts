/**
 * Queries on the hot paths (the session lookup every API request makes, the document list), built
 * once with Drizzle at load time and then run as plain SQL (docs/decisions/016-api-hot-path.md): PostgreSQL gets them
 * as named statements, parsed and planned once per connection; rows come back as arrays in the
 * order of the selection and become objects through one object literal per statement. Drizzle's
 * own execution builds the SQL again on every call and maps every cell through its column classes,
 * which was a quarter of the document list's time. Values come back typed by the driver (int4 a
 * number, timestamptz a Date, ...), as Drizzle would give them for the columns used here.
 */
import { fillPlaceholders, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Runs a statement on one database: by name on PostgreSQL, as a parameterised query on PGlite. */
export type RunStatement = (statement: { name: string; text: string }, params: unknown[]) => Promise<unknown[][]>;

/** The builder the statements are written with; it needs no connection, so they are built at import. */
export const statements = new QueryBuilder();

const runners = new WeakMap<Db, RunStatement>();
const names = new Map<string, string>();

/** client.ts registers each database it opens; a transaction is not one, and cannot run these. */
export function registerRunner(db: Db, run: RunStatement) {
  runners.set(db, run);
}

export type Prepared<Row, Param extends string> = {
  readonly name: string;
  readonly text: string;
  run(db: Db, values: Record<Param, unknown>): Promise<Row[]>;
};

/**
 * `fields` is the selection the query was built with (flat: column per key), so the row's keys
 * follow the SELECT list; `query` names its inputs with `sql.placeholder(...)`.
 */
export function prepare<Row, Param extends string = never>(
  name: string,
  fields: Record<string, unknown>,
  query: { toSQL(): Query; _: { result: Row[] } },
): Prepared<Row, Param> {
  const { sql: text, params } = query.toSQL();
  // PostgreSQL keeps a name per connection: one name must always mean one text.
  if (names.has(name) && names.get(name) !== text) throw new Error(`prepared statement ${name} is defined twice`);
  names.set(name, text);
  const toRow = rowBuilder<Row>(Object.keys(fields));
  return {
    name,
    text,
    async run(db, values) {
      const run = runners.get(db);
      if (!run) throw new Error(`prepared statement ${name} needs the database itself, not a transaction`);
      const rows = await run({ name, text }, fillPlaceholders(params, values));
      return rows.map(toRow);
    },
  };
}

/** A statement Drizzle's builder cannot write (a data-modifying CTE, say), in the shape `prepare` takes. */
export function rawStatement<Row>(query: SQL): { toSQL(): Query; _: { result: Row[] } } {
  return { toSQL: () => new PgDialect().sqlToQuery(query), _: { result: [] } };
}

/**
 * `(cells) => ({ "id": cells[0], "filename": cells[1], ... })`, written once per statement from
 * its own field names: ten times faster than setting the keys in a loop, and every row gets the
 * same shape, which keeps the code that reads the rows fast too.
 */
function rowBuilder<Row>(keys: string[]): (cells: unknown[]) => Row {
  // In a literal, "__proto__": x would set the prototype, not a key.
  if (keys.includes('__proto__')) throw new Error('a selection cannot name a field __proto__');
  const properties = keys.map((key, i) => `${JSON.stringify(key)}: cells[${i}]`).join(', ');
  return new Function('cells', `return { ${properties} };`) as (cells: unknown[]) => Row;
}
