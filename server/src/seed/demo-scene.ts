/**
 * What a demo picture shows, decided by the event it illustrates: the place, the season
 * and the time of day. The text side (demo-events) chooses it; the drawing side
 * (demo-scenes) draws it, so a gallery of one event is one scene seen several ways.
 */
export type SceneKind =
  | 'classroom'
  | 'laboratory'
  | 'sports'
  | 'library'
  | 'ceremony'
  | 'people'
  | 'campus'
  | 'art'
  | 'meeting'
  | 'history';

export type Season = 'spring' | 'summer' | 'autumn' | 'winter';

export type TimeOfDay = 'morning' | 'day' | 'evening' | 'night';

export interface SceneSpec {
  scene: SceneKind;
  season: Season;
  timeOfDay: TimeOfDay;
  /** A short Chinese caption drawn on a video's frame (never on a news photo). */
  caption?: string;
}

/** The season a date falls in, by the northern-hemisphere school calendar. */
export function seasonOf(date: Date): Season {
  const month = date.getUTCMonth() + 1;
  if (month >= 3 && month <= 5) return 'spring';
  if (month >= 6 && month <= 8) return 'summer';
  if (month >= 9 && month <= 11) return 'autumn';
  return 'winter';
}
