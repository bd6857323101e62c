import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing among the built files. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each compressible built file of the
 * client, once (a file whose copies are newer is left), so @fastify/static sends them as they
 * are (its preCompressed option): the browser's bundles cost no compression per request.
 * Run once at start by the primary process, before the workers serve.
 */
export async function precompressAssets(clientDir: string): Promise<number> {
  let written = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (COMPRESSIBLE.test(entry.name)) written += await precompress(file);
    }
  };
  await walk(clientDir);
  return written;
}

async function precompress(file: string): Promise<number> {
  const source = await fs.stat(file);
  if (source.size < 1024) return 0;
  const fresh = async (copy: string) => {
    const stat = await fs.stat(copy).catch(() => undefined);
    return stat !== undefined && stat.mtimeMs >= source.mtimeMs;
  };
  if ((await fresh(`${file}.br`)) && (await fresh(`${file}.gz`))) return 0;
  const bytes = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  // Written under a temporary name and renamed: a worker never sends half a file.
  for (const [suffix, data] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    const temporary = `${file}${suffix}.${process.pid}.tmp`;
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, `${file}${suffix}`);
  }
  return 1;
}
