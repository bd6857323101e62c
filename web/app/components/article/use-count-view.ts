import { useEffect } from 'react';
import { call } from '../../api/client';
import { ensureVisitorCookie } from '../../lib/visitor';
import type { ActionTarget } from './ArticleActions';

/**
 * Counts a view of a news item or sub-news for every visitor (issue 18):
 * one call after the page shows, in the browser, so a page served from a
 * cache counts too and the server's rendering counts nothing. The server
 * counts each visitor once a day and ignores crawlers; the answer is the
 * current count, which the page shows instead of the one it was rendered
 * with. Videos count their first play instead (features/video/portal).
 */
export function useCountView(target: ActionTarget, onViewCount: (count: number) => void) {
  const key =
    target.kind === 'news'
      ? `news:${target.newId}`
      : target.kind === 'subject'
        ? `subject:${target.subjectNewId}`
        : null;
  useEffect(() => {
    if (target.kind === 'video') return;
    ensureVisitorCookie();
    const body =
      target.kind === 'subject'
        ? { newId: target.newId, subjectNewId: target.subjectNewId }
        : { newId: target.newId };
    call('news/view', body)
      .then((result) => onViewCount(result.viewCount))
      .catch(() => undefined);
    // Once per item shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
