import { VISITOR_COOKIE } from '@school/common';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Makes the visitor cookie the public view counts tell visitors apart by
 * (issue 18; server: platform/engagement/visitor.ts), before the page's first
 * view call, so that call already carries it: a random value of this
 * browser, kept a year. Path=/: the page must read it back to keep it (a
 * cookie of Path=/api/ is invisible to a page at /videoDetail, which would
 * then make a new visitor on every page). Without cookies the server
 * falls back to the address and browser. Browser only.
 */
export function ensureVisitorCookie(): void {
  if (typeof document === 'undefined') return;
  const present = document.cookie
    .split(';')
    .some((part) => part.trim().startsWith(`${VISITOR_COOKIE}=`));
  if (present) return;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const value = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VISITOR_COOKIE}=${value}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}
