import { useCallback, useRef } from 'react';
import { call } from '../../../api/client';
import { useUser } from '../../../lib/use-user';

/**
 * View recording of a video page (portal spec §4 "Video"): the first play by a
 * logged-in visitor leaves a footprint and adds one view, then the page-level
 * flag isShow is set and later plays call nothing. Anonymous plays count
 * nothing and leave the flag unset.
 */
export function useFirstPlay(videoId: number, onViewCount: (count: number) => void): () => void {
  const user = useUser();
  const isShow = useRef(false);
  return useCallback(() => {
    if (isShow.current || !user) return;
    isShow.current = true;
    const visit = {
      videoId,
      roleId: user.staffType,
      userId: user.staffId,
      userName: user.staffName,
    };
    call('video/addVideoFootprint', visit).catch(() => undefined);
    call('video/addViewCount', visit)
      .then((result) => onViewCount(result.viewCount))
      .catch(() => undefined);
  }, [user, videoId, onViewCount]);
}
