import type { LoginUser } from '@school/common';
import { redirect } from 'react-router';

/**
 * The logged-in user as the pages keep it: localStorage key `User` (the
 * spec's fields, never a password) and a `User` cookie with no expiry that
 * marks the browser session. Without the cookie the stored user is dropped
 * at start, as the intranet spec's route guard does.
 */
export type StoredUser = LoginUser;

const KEY = 'User';
const FIELDS: Array<keyof StoredUser> = [
  'token',
  'staffId',
  'staffName',
  'staffType',
  'staffCode',
  'isPower',
  'isAdmin',
  'email',
  'schoolId',
  'whetherpass',
  'mustChangePassword',
];

const inBrowser = () => typeof window !== 'undefined';

export function getUser(): StoredUser | null {
  if (!inBrowser()) return null;
  try {
    const raw = window.localStorage.getItem(KEY);
    const user = raw ? (JSON.parse(raw) as StoredUser) : null;
    return user?.token ? user : null;
  } catch {
    return null;
  }
}

export function setUser(user: StoredUser): void {
  // Keep only the known fields, so nothing else (a password) is ever stored.
  const kept = Object.fromEntries(
    FIELDS.map((field) => [field, user[field]]),
  ) as unknown as StoredUser;
  window.localStorage.setItem(KEY, JSON.stringify(kept));
  document.cookie = `${KEY}=${encodeURIComponent(String(user.staffId))}; path=/; SameSite=Lax`;
  window.dispatchEvent(new Event('user-change'));
}

export function updateUser(changes: Partial<StoredUser>): void {
  const user = getUser();
  if (user) setUser({ ...user, ...changes });
}

export function clearUser(): void {
  if (!inBrowser()) return;
  window.localStorage.removeItem(KEY);
  document.cookie = `${KEY}=; path=/; Max-Age=0; SameSite=Lax`;
  window.dispatchEvent(new Event('user-change'));
}

/** On start: no login cookie means the browser session ended, so forget the stored user. */
export function dropUserWithoutCookie(): void {
  if (!inBrowser()) return;
  const hasCookie = document.cookie
    .split('; ')
    .some((c) => c.startsWith(`${KEY}=`) && c.length > KEY.length + 1);
  if (!hasCookie) window.localStorage.removeItem(KEY);
}

/**
 * The route guard of the staff and platform pages (intranet.md §2), for their
 * clientLoaders: without a stored login the visitor goes to the home page,
 * which asks for a login and comes back. Every loader of those pages asks
 * first (loaders run side by side), so no call is made without a login.
 */
export function requireUser(request: Request): StoredUser {
  const user = getUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/index?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
