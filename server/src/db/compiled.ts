import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A statement built and compiled at its first run, then run again with each call's
 * parameters: for the statements that every request runs, where Kysely building and
 * compiling the query costs more than SQLite running a primary-key read (issue 20). `build`
 * makes the query with a stand-in value for each parameter, in the order the call gives them.
 */
export function compiledOnce<Row, Parameters extends unknown[]>(
  db: Kysely<Database>,
  build: () => Compilable<Row>,
) {
  let compiled: { sql: string; count: number } | undefined;
  return async (...parameters: Parameters): Promise<Row[]> => {
    if (!compiled) {
      const query = build().compile();
      compiled = { sql: query.sql, count: query.parameters.length };
    }
    if (parameters.length !== compiled.count) {
      throw new Error(
        `compiled statement: ${compiled.count} parameters, ${parameters.length} given`,
      );
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
