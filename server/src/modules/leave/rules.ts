import { badRequest } from '../../http/errors.js';

/** The longest request: a school year of half days. */
const MAX_HALF_DAYS = 2 * 366;

/** A calendar date YYYY-MM-DD as days since 1970 (UTC), or a 400 when no such day exists. */
function dayNumber(date: string, which: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw badRequest(`${which}日期不正确`);
  }
  return Math.round(time / 86_400_000);
}

export interface LeavePeriod {
  startDate: string;
  /** 1 上午, 2 下午. */
  startHalf: number;
  endDate: string;
  endHalf: number;
}

/**
 * How many half days a request covers, both ends included: the morning of one
 * day to its afternoon is 2 (one day); its afternoon to the next morning also 2.
 */
export function halfDayUnits(period: LeavePeriod): number {
  const days = dayNumber(period.endDate, '结束') - dayNumber(period.startDate, '开始');
  const units = days * 2 + period.endHalf - period.startHalf + 1;
  if (units <= 0) throw badRequest('结束时间不能早于开始时间');
  if (units > MAX_HALF_DAYS) throw badRequest('请假时间不能超过一年');
  return units;
}

/** The QJTS parameter's value as whole days, or the default when it is not one. */
export function leaveDaysLimit(value: string | undefined, fallback: number): number {
  const n = Number(value?.trim());
  return value !== undefined && /^\s*\d+\s*$/.test(value) && Number.isSafeInteger(n) ? n : fallback;
}
