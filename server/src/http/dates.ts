import { badRequest } from './errors.js';

const SCHOOL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A shelves date as the platform's form sends it: Beijing time as the API
 * shows it (`YYYY-MM-DD HH:mm:ss`, the time part optional), or an ISO time
 * with its zone.
 */
export function parseShelvesDate(text: string): Date {
  const refuse = () => badRequest('上架时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
  const value = text.trim();
  const parts = SCHOOL_TIME.exec(value);
  if (parts) {
    const [year, month, day, hour, minute, second] = parts.slice(1).map((p) => Number(p ?? 0));
    const date = new Date(Date.UTC(year!, month! - 1, day!, hour! - 8, minute!, second!));
    const calendar = new Date(Date.UTC(year!, month! - 1, day!));
    if (calendar.getUTCMonth() !== month! - 1 || calendar.getUTCDate() !== day!) throw refuse();
    if (hour! > 23 || minute! > 59 || second! > 59) throw refuse();
    return date;
  }
  if (!ZONED_TIME.test(value)) throw refuse();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw refuse();
  return date;
}

/** The instant a Beijing calendar day (YYYY-MM-DD) starts; a day that does not exist is refused. */
function beijingDayStart(day: string, label: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== m - 1 || utc.getUTCDate() !== d) {
    throw badRequest(`${label}不正确`);
  }
  return new Date(utc.getTime() - 8 * 3600_000);
}

/**
 * A list's date filter (发布日期 起止): from the start of `begin` to the end of
 * `end`, Beijing days, both included; either may be left out. An end before
 * the start is refused rather than answering an empty list that looks like
 * "nothing published".
 */
export function dayRange(begin?: string, end?: string): { from?: Date; to?: Date } {
  const from = begin ? beijingDayStart(begin, '开始日期') : undefined;
  const endDay = end ? beijingDayStart(end, '结束日期') : undefined;
  const to = endDay ? new Date(endDay.getTime() + 24 * 3600_000) : undefined;
  if (from && to && to <= from) throw badRequest('结束日期不能早于开始日期');
  return { from, to };
}
