/** The app's clock, injected so tests can move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const iso = (date: Date) => date.toISOString();

export const addMinutes = (date: Date, minutes: number) =>
  new Date(date.getTime() + minutes * 60_000);
