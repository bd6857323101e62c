import { useSyncExternalStore } from 'react';
import { call } from './client';
import { getUser } from '../lib/session';

/**
 * The caller's unread mail count, shared by the staff chrome and the mail
 * page: one module-level store polls `email/getUnreadNum` every 4 s while
 * the tab is visible and at once when it comes back into view, for as long
 * as anything on the page shows the count.
 */
const POLL_MS = 4_000;

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
  pending ??= call<number>('email/getUnreadNum')
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

function start() {
  void refreshUnreadMail();
  timer = setInterval(onVisible, POLL_MS);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
}

function stop() {
  clearInterval(timer);
  timer = undefined;
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
