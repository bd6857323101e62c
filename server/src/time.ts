/** The app's clock, injected so tests can move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const iso = (date: Date) => date.toISOString();

export const addMinutes = (date: Date, minutes: number) =>
  new Date(date.getTime() + minutes * 60_000);

/**
 * A stored time as the school reads it: Beijing time (UTC+8, no daylight
 * saving), `YYYY-MM-DD HH:mm:ss`, the form the API answers with.
 */
export function displayTime(stored: string | null | undefined): string {
  if (!stored) return '';
  const date = new Date(stored);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
