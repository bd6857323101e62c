import { useSyncExternalStore } from 'react';

/**
 * 长辈模式 (issue 18): larger type and higher contrast, remembered per browser. The choice lives
 * in localStorage and shows as the class `elder` on <html>, which styles/a11y.css keys on.
 */
export const ELDER_KEY = 'a11y-elder';
export const ELDER_CLASS = 'elder';

/**
 * Runs in <head> before the body is parsed (root.tsx), so a remembered choice is on the first
 * paint: no flash of the small type. Kept tiny and self-contained; a blocked localStorage
 * (private mode, policies) leaves the page as it is.
 */
export const ELDER_BOOT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(ELDER_KEY)})==='1')document.documentElement.classList.add(${JSON.stringify(ELDER_CLASS)})}catch(e){}`;

const CHANGE_EVENT = 'elder-change';

function read(): boolean {
  return document.documentElement.classList.contains(ELDER_CLASS);
}

export function setElderMode(on: boolean) {
  document.documentElement.classList.toggle(ELDER_CLASS, on);
  try {
    if (on) window.localStorage.setItem(ELDER_KEY, '1');
    else window.localStorage.removeItem(ELDER_KEY);
  } catch {
    // Not remembered, but still on for this page.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  // Another tab switching the mode updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ELDER_KEY) return;
    document.documentElement.classList.toggle(ELDER_CLASS, event.newValue === '1');
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether 长辈模式 is on; the server renders it off (the button's state follows on hydration). */
export function useElderMode(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
