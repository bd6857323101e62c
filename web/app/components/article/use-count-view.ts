import { useEffect } from 'react';
import { call } from '../../api/client';
import { ensureVisitorCookie } from '../../lib/visitor';
import type { ActionTarget } from './ArticleActions';

/**
 * What api/news/view takes for an item, or null for a video (counted by its first play). A page
 * sent without React (lib/static-page.ts) makes the same call from this, put on the count shown.
 */
export function viewBody(
  target: ActionTarget,
): { newId: number } | { newId: number; subjectNewId: number } | null {
  if (target.kind === 'video') return null;
  return target.kind === 'subject'
    ? { newId: target.newId, subjectNewId: target.subjectNewId }
    : { newId: target.newId };
}

/**
 * Counts a view of a news item or sub-news for every visitor (issue 18):
 * one call after the page shows, in the browser, so a page served from a
 * cache counts too and the server's rendering counts nothing. The server
 * counts each visitor once a day and ignores crawlers; the answer is the
 * current count, which the page shows instead of the one it was rendered
 * with. Videos count their first play instead (features/video/portal).
 */
export function useCountView(target: ActionTarget, onViewCount: (count: number) => void) {
  const body = viewBody(target);
  const key =
    target.kind === 'news'
      ? `news:${target.newId}`
      : target.kind === 'subject'
        ? `subject:${target.subjectNewId}`
        : null;
  useEffect(() => {
    if (!body) return;
    ensureVisitorCookie();
    call('news/view', body)
      .then((result) => onViewCount(result.viewCount))
      .catch(() => undefined);
    // Once per item shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
