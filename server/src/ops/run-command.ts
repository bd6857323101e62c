import type { Kysely } from 'kysely';
import { ConfigError, type Config } from '../config.js';
import { openDatabase, type DialectName } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

/** An error a command tells in its own words: its class and the words before its message. */
export type KnownFailure = [new (...args: never[]) => Error, string];

/**
 * Runs a command line tool's `main` and exits with the code it answers. A
 * failure is told on stderr in one line: the tool's own `known` errors
 * first, then a configuration error, then wrong arguments with the usage
 * (exit `argsExit`), anything else after `otherwise` (exit 1).
 */
export function runCommand(
  main: () => Promise<number>,
  tool: { usage: string; known: KnownFailure[]; otherwise: string; argsExit?: number },
): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      const known = tool.known.find(([type]) => err instanceof type);
      if (known) console.error(`${known[1]}: ${message}`);
      else if (err instanceof ConfigError) console.error(`配置错误: ${message}`);
      else if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        console.error(`参数有误（${message}）\n${tool.usage}`);
        process.exit(tool.argsExit ?? 1);
      } else console.error(`${tool.otherwise}: ${message}`);
      process.exit(1);
    },
  );
}

/** `work` on the installation's database (`config`'s), migrated to the latest; closed after. */
export async function withDatabase<T>(
  config: Config,
  work: (db: Kysely<Database>, dialect: DialectName) => Promise<T>,
): Promise<T> {
  const { db, dialect, close } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/portal.sqlite`,
  });
  try {
    await migrateToLatest(db, dialect);
    return await work(db, dialect);
  } finally {
    await close();
  }
}
