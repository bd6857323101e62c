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
