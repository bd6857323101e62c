import { useSyncExternalStore } from 'react';
import { call } from '../../api/client';
import { getUser } from '../../lib/session';

/**
 * The caller's unread mail count, shared by the staff chrome and the mail
 * page: one module-level store polls `email/getUnreadNum` every 4 s while
 * the tab is visible and at once when it comes back into view, for as long
 * as anything on the page shows the count. While the server's live stream
 * (`email/unreadEvents`, server-sent events) is open, it tells each change at
 * once and the poll rests; the poll takes over whenever the stream drops.
 */
const POLL_MS = 4_000;
const EVENTS_PATH = '/api/email/unreadEvents';

let events: EventSource | null = null;
/** Whether the stream has told a count since it (re)connected. */
let live = false;

let count = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let pending: Promise<void> | null = null;

function emit() {
  for (const listener of listeners) listener();
}

export const unreadMailCount = () => count;

/** Sets the count from an answer that carries it (updateRead answers the new count). */
export function setUnreadMail(value: number) {
  if (value === count) return;
  count = value;
  emit();
}

/** Reads the count now (after a read or a delete); one request at a time. */
export function refreshUnreadMail(): Promise<void> {
  if (typeof window === 'undefined' || !getUser()) return Promise.resolve();
  pending ??= call('email/getUnreadNum')
    .then((value) => setUnreadMail(value))
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

const onVisible = () => {
  if (document.visibilityState === 'visible') void refreshUnreadMail();
};

const onTick = () => {
  if (!live) onVisible();
};

function openStream() {
  if (typeof EventSource === 'undefined') return;
  events = new EventSource(EVENTS_PATH);
  events.addEventListener('unread', (event) => {
    const value = Number((event as MessageEvent<string>).data);
    if (Number.isInteger(value) && value >= 0) {
      live = true;
      setUnreadMail(value);
    }
  });
  // The browser reconnects by itself; meanwhile the poll runs.
  events.addEventListener('error', () => {
    live = false;
  });
}

function start() {
  void refreshUnreadMail();
  openStream();
  timer = setInterval(onTick, POLL_MS);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
}

function stop() {
  clearInterval(timer);
  timer = undefined;
  events?.close();
  events = null;
  live = false;
  window.removeEventListener('focus', onVisible);
  document.removeEventListener('visibilitychange', onVisible);
}

/** Listens to the count; the first listener starts the polling, the last one stops it. */
export function subscribeUnreadMail(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** The unread count, kept fresh while shown (0 during server rendering). */
export function useUnreadMail(): number {
  return useSyncExternalStore(subscribeUnreadMail, unreadMailCount, () => 0);
}
