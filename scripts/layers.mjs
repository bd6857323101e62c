// The layers of server/src, top to bottom, and a count of the imports that break them.
//
// eslint.config.js turns these lists into import rules; `node scripts/layers.mjs` resolves
// every import of the server's production code (type-only, re-exports and dynamic imports
// included; test/ folders, *.test.ts and test-kit/ left out) and prints, at each level, the
// imports that run upwards or sideways and the circles between folders. `--check` fails
// when there is any.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The top folders and files of server/src (a file by its name without .ts), top to bottom.
 * A layer imports only the layers below it; the members of one layer do not import each
 * other. The composition root is itself in order: the entry points start boot/, which
 * prepares (ops/, seed/ run over the services app.ts builds) and serves.
 */
export const SERVER_LAYERS = [
  ['main', 'volume-main'], // the processes' entry points
  ['boot'], // preparing a data folder, serving
  ['ops', 'seed'], // backup, restore, imports; the column tree and demo content
  ['app', 'production'], // buildApp and createServices
  ['web'], // the page renderer and page cache
  ['observability'], // metrics and request ids, handed down as hooks
  ['modules'], // the areas
  ['platform'], // what every area uses
  ['http'], // Fastify helpers: envelope, errors, the auth hook, roles, the contract
  ['db'], // Kysely, migrations, tables, the site's content version
  ['cache', 'cluster', 'config', 'time'], // kept stores, the bus between workers, settings, the clock
];

/** The folders of server/src/platform, top to bottom (`index` is platform/index.ts). */
export const PLATFORM_LAYERS = [
  ['index'], // createPlatform and the platform's routes
  ['catalogue', 'engagement', 'health', 'todo'],
  ['publishing'], // review workflow, versions, visibility, saving content
  ['content', 'files', 'org'], // rich text and sensitive words; stored files; staff and departments
  ['auth'], // login and sessions
  ['jobs', 'oplog', 'search'],
];

const ROOT = fileURLToPath(new URL('../server/src/', import.meta.url));

const isProduction = (file) =>
  !/(^|\/)(test|test-kit)\//.test(file) && !/\.test(-d)?\.tsx?$/.test(file);

function sourceFiles(dir = ROOT) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts`). */
function resolve(from, specifier) {
  const target = path.resolve(path.dirname(from), specifier);
  const bare = target.replace(/\.js$/, '');
  for (const candidate of [`${bare}.ts`, `${bare}.tsx`, path.join(target, 'index.ts'), target]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every relative import of the server's production code, as [from, to] paths under src/. */
export async function serverImports() {
  const { default: ts } = await import('typescript');
  const edges = [];
  for (const file of sourceFiles()) {
    const from = path.relative(ROOT, file);
    if (!isProduction(from)) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(file, fileName);
      if (target) edges.push([from, path.relative(ROOT, target)]);
    }
  }
  return edges;
}

const topOf = (file) => file.split('/')[0].replace(/\.tsx?$/, '');
const platformPartOf = (file) =>
  file.startsWith('platform/') ? file.split('/')[1].replace(/\.tsx?$/, '') : undefined;

/**
 * The imports between the parts of one level that go up or sideways, by part, and the
 * circles between parts; parts missing from `layers` are listed too.
 */
export function breaks(edges, layers, partOf) {
  const tier = new Map(layers.flatMap((members, i) => members.map((member) => [member, i])));
  const upward = new Map();
  const unplaced = new Set();
  const graph = new Map();
  for (const [from, to] of edges) {
    const [a, b] = [partOf(from), partOf(to)];
    if (a === undefined || b === undefined || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
    for (const part of [a, b]) if (!tier.has(part)) unplaced.add(part);
    if (tier.has(a) && tier.has(b) && tier.get(b) <= tier.get(a)) {
      const key = `${a} -> ${b}`;
      upward.set(key, [...(upward.get(key) ?? []), `${from} -> ${to}`]);
    }
  }
  return { upward, unplaced: [...unplaced], circles: circles(graph) };
}

/** The strongly connected parts of a graph with more than one node (Tarjan). */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part = [];
      let member;
      do {
        member = stack.pop();
        part.push(member);
      } while (member !== node);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const edges = await serverImports();
  const verbose = process.argv.includes('--verbose');
  let total = 0;
  for (const [level, layers, partOf] of [
    ['server/src top folders', SERVER_LAYERS, topOf],
    ['platform/ folders', PLATFORM_LAYERS, platformPartOf],
  ]) {
    const { upward, unplaced, circles: found } = breaks(edges, layers, partOf);
    const count = [...upward.values()].reduce((sum, list) => sum + list.length, 0);
    total += count + unplaced.length + found.length;
    console.log(`${level}: ${count} imports up or sideways, ${found.length} circles`);
    for (const [pair, list] of upward) {
      console.log(`  ${list.length} ${pair}`);
      if (verbose) for (const edge of list) console.log(`      ${edge}`);
    }
    for (const part of found) console.log(`  circle: ${part.join(', ')}`);
    for (const part of unplaced) console.log(`  not in a layer (scripts/layers.mjs): ${part}`);
  }
  if (process.argv.includes('--check') && total > 0) process.exit(1);
}
