import { useSyncExternalStore } from 'react';
import { getUser, type StoredUser } from './session';

/**
 * The stored user for components. The server and the first client render see
 * nobody (the server has no localStorage), so hydration matches; the real
 * value follows right after.
 */
let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

function snapshot(): StoredUser | null {
  const raw = window.localStorage.getItem('User');
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = getUser();
  }
  return cachedUser;
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener('user-change', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('user-change', onChange);
  };
}

export function useUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
