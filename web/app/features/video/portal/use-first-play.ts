import { useCallback, useRef } from 'react';
import { call } from '../../../api/client';
import { ensureVisitorCookie } from '../../../lib/visitor';
import { useUser } from '../../../lib/use-user';

/**
 * Play counting of a video page: the first play on the page counts one play
 * for every visitor (api/video/view, issue 18: the server counts a visitor
 * once a day and ignores crawlers) and, for a logged-in visitor, leaves the
 * spec's footprint (portal spec §4 "Video"); then the page-level flag isShow
 * is set and later plays call nothing. The answer's count replaces the one
 * the page was rendered with, so a page from a cache shows it right.
 */
export function useFirstPlay(videoId: number, onViewCount: (count: number) => void): () => void {
  const user = useUser();
  const isShow = useRef(false);
  return useCallback(() => {
    if (isShow.current) return;
    isShow.current = true;
    ensureVisitorCookie();
    call('video/view', { videoId })
      .then((result) => onViewCount(result.viewCount))
      .catch(() => undefined);
    if (!user) return;
    const visit = {
      videoId,
      roleId: user.staffType,
      userId: user.staffId,
      userName: user.staffName,
    };
    call('video/addVideoFootprint', visit).catch(() => undefined);
  }, [user, videoId, onViewCount]);
}
