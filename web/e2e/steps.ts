import { test } from '@playwright/test';

/**
 * What one step of a walk may take: an action or a navigation with the state it waits for.
 * Measured on the 2-core machine with both cores kept busy beside the suite: an action ~2 s, a
 * navigation into a cold context up to ~5 s; at a load of 17-19 about 5 s a step. 4 s leaves
 * room for a busy machine; it is an upper bound, a passing walk takes what it takes.
 */
const STEP_MS = 4_000;

/** Steps of a login through the modal (open, fill, choose the identity, submit, land). */
export const LOGIN_STEPS = 12;
/** Steps of opening a second person's browser (context, page, first navigation). */
export const CONTEXT_STEPS = 3;

/**
 * Gives a multi-step walk the time its steps need (counted: its awaited actions, navigations
 * and assertions, plus the logins and browsers it opens), never less than the default 30 s.
 */
export function allowSteps(steps: number) {
  test.setTimeout(Math.max(30_000, steps * STEP_MS));
}
