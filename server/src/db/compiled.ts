import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A statement compiled once, run again with other parameters: the same text and the same
 * syntax tree, so db/content-watch.ts still reads from it which tables it writes (a raw copy
 * of its text would name none). Every hand-compiled statement runs through it.
 */
export function withParameters(
  compiled: CompiledQuery,
  parameters: readonly unknown[],
): CompiledQuery {
  return { ...compiled, parameters };
}

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
  let compiled: CompiledQuery<Row> | undefined;
  return async (...parameters: Parameters): Promise<Row[]> => {
    compiled ??= build().compile();
    if (parameters.length !== compiled.parameters.length) {
      throw new Error(
        `compiled statement: ${compiled.parameters.length} parameters, ${parameters.length} given`,
      );
    }
    return (await db.executeQuery<Row>(withParameters(compiled, parameters))).rows;
  };
}
