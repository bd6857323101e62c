import type { OldSiteClient } from './client.js';
import type { Report } from './report.js';

/** Rows asked for per page (the API's largest page size). */
export const PAGE_SIZE = 50;
/** Pages read of one list at most: a list that goes on past this is cut off (and reported). */
export const MAX_PAGES = 400;

/**
 * Every row of a paged list of the old site (`{total, list}` answers), guarded against a list
 * that never ends: stops at an empty page, once `total` rows are read, when a page brings no
 * row not seen before (a page repeated, a total that lies), or after MAX_PAGES (reported).
 */
export async function readAll<T>(
  client: OldSiteClient,
  path: string,
  form: Record<string, string | number>,
  idOf: (row: T) => string | number,
  report: Report,
  area: string,
  maxPages = MAX_PAGES,
): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<string>();
  for (let pageNum = 1; ; pageNum++) {
    if (pageNum > maxPages) {
      report.fail(
        area,
        `${client.origin}/api/${path}`,
        `分页超过 ${maxPages} 页，已停止读取`,
        false,
      );
      return rows;
    }
    const page = await client.call<{ total?: number; list?: T[] } | T[] | null>(path, {
      ...form,
      pageNum,
      pageSize: PAGE_SIZE,
    });
    const list = Array.isArray(page) ? page : (page?.list ?? []);
    const total = Array.isArray(page) ? undefined : page?.total;
    let fresh = 0;
    for (const row of list) {
      const id = String(idOf(row));
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
      fresh++;
    }
    if (list.length > 0 && fresh === 0) {
      report.fail(
        area,
        `${client.origin}/api/${path}`,
        `第 ${pageNum} 页与之前的页重复，已停止读取`,
        false,
      );
      return rows;
    }
    // A list without pages (an array) is whole at once.
    if (Array.isArray(page) || list.length === 0 || list.length < PAGE_SIZE) return rows;
    if (typeof total === 'number' && rows.length >= total) return rows;
  }
}

/** The time an answer gives ("2026-03-02 16:00:00", the school's time, UTC+8). */
export function parseTime(text: string | null | undefined): Date | undefined {
  if (!text) return undefined;
  const match = text.trim().match(/^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/);
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
