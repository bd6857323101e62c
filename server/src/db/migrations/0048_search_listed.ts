import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * SQLite's search index in list order. The news and video search ordered every match of a
 * keyword (pinned, title hits, newest) before it could answer page 1: at 100,000 news that was
 * 40 ms for a common word, paid by every word nobody had asked for yet.
 *
 * `search_listed` holds the listed entries only, under a rowid that is their place in the list
 * (platform/search/rank-key.ts: pinned, date, id), so FTS5 hands out matches already in order
 * and a page reads only itself. Its columns: `title` (the title's terms, for title hits first),
 * `body` (the terms of title and text, what a keyword must match), `tags` (`s` for an entry
 * meant for staff only, `t<typeId>` its column, `n` or `v` news or video). With `detail=column`
 * a column filter works without the positions of every term. It replaces `search_fts` (every
 * entry, listed or not, under its search_doc id), which nothing reads any longer.
 *
 * The listed entries are indexed again from their news and video rows. PostgreSQL keeps its
 * GIN index over `search_doc.terms`; nothing changes there.
 *
 * Written with SQL and copies of its own only: a migration must not change meaning when the
 * live code changes later (terms as platform/search/terms.ts made them here).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE VIRTUAL TABLE search_listed USING fts5(title, body, tags, content='', contentless_delete=1, detail=column, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema type does not hold yet
  const any = db as Kysely<any>;
  for (let after = 0; ;) {
    const rows = (await any
      .selectFrom('search_doc as d')
      .leftJoin('news as n', (join) =>
        join.onRef('n.id', '=', 'd.obj_id').on('d.info_table', '=', 'T_NEWS'),
      )
      .leftJoin('video as v', (join) =>
        join.onRef('v.id', '=', 'd.obj_id').on('d.info_table', '=', 'TF_VIDEO'),
      )
      .select([
        'd.id',
        'd.info_table as infoTable',
        'd.type_id as typeId',
        'd.title',
        'd.if_top as ifTop',
        'd.enable_type as enableType',
        'd.doc_date as docDate',
        sql<string>`coalesce(n.content, v.content, '')`.as('content'),
      ])
      .where('d.listed', '=', 1)
      .where('d.id', '>', after)
      .orderBy('d.id')
      .limit(500)
      .execute()) as Array<{
      id: number;
      infoTable: string;
      typeId: number;
      title: string;
      ifTop: number;
      enableType: number;
      docDate: string;
      content: string;
    }>;
    if (rows.length === 0) break;
    for (const row of rows) {
      const tags = [
        row.enableType === 1 ? '' : 's',
        `t${row.typeId}`,
        row.infoTable === 'TF_VIDEO' ? 'v' : 'n',
      ];
      await sql`INSERT INTO search_listed(rowid, title, body, tags) VALUES (
        ${rankKey(row.ifTop, row.docDate, row.id)},
        ${indexTerms(row.title).join(' ')},
        ${indexTerms(`${row.title} ${htmlToText(row.content)}`).join(' ')},
        ${tags.filter(Boolean).join(' ')})`.execute(db);
    }
    after = rows.at(-1)!.id;
  }
  await sql`DROP TABLE search_fts`.execute(db);
}

/** platform/search/rank-key.ts as it stood: pinned, seconds since 1900 (rounded up), id. */
function rankKey(ifTop: number, docDate: string, id: number): bigint {
  const seconds = BigInt(Math.ceil((Date.parse(docDate) - Date.UTC(1900, 0, 1)) / 1000));
  const held = seconds < 0n ? 0n : seconds > (1n << 33n) - 1n ? (1n << 33n) - 1n : seconds;
  return (ifTop ? 1n << 60n : 0n) + (held << 27n) + BigInt(id);
}

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]/u;

/** Runs of Han characters and runs of other letters/digits, in order. */
function runs(text: string): Array<{ han: boolean; text: string }> {
  const out: Array<{ han: boolean; text: string }> = [];
  let current: { han: boolean; text: string } | null = null;
  for (const char of text.normalize('NFKC').toLowerCase()) {
    const han = HAN.test(char);
    if (!han && !WORD.test(char)) {
      current = null;
      continue;
    }
    if (current && current.han === han) current.text += char;
    else out.push((current = { han, text: char }));
  }
  return out;
}

/** Every term of a text (single Han characters, pairs of them, Latin words), each once. */
function indexTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const run of runs(text.slice(0, 6000))) {
    if (!run.han) {
      if (run.text.length <= 40) terms.add(run.text);
      continue;
    }
    const chars = [...run.text];
    chars.forEach((char, i) => {
      terms.add(char);
      if (i + 1 < chars.length) terms.add(char + chars[i + 1]);
    });
  }
  return [...terms];
}

const INLINE_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|big|cite|code|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var)(?:\s[^>]*)?>/gi;

/** Plain text of stored HTML: inline tags join words, other tags part them. */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(INLINE_TAG, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
