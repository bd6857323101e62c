import type { MailStaff } from '@school/common/api';
import { useEffect, useRef, useState } from 'react';
import { searchStaff } from './mail-api';

/** intranet.md §9: the recipient search runs over 1 character, 300 ms after typing stops. */
export const SEARCH_DELAY_MS = 300;
export const SEARCH_MIN_CHARS = 2;

/**
 * The people whose name holds `text`, or whose account or pinyin initials
 * start with it (selectStaff), once more than one character is typed and
 * typing has paused; those in `exclude` left out.
 */
export function useStaffSearch(
  text: string,
  exclude: number[],
  onOnlyHit?: (staff: MailStaff) => void,
) {
  const [answer, setAnswer] = useState<{ text: string; hits: MailStaff[] } | null>(null);
  const only = useRef(onOnlyHit);
  const excluded = useRef(exclude);
  useEffect(() => {
    only.current = onOnlyHit;
    excluded.current = exclude;
  });
  const wanted = text.trim();
  const enough = Array.from(wanted).length >= SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!enough) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      searchStaff(wanted)
        .then((hits) => {
          if (cancelled) return;
          setAnswer({ text: wanted, hits });
          // A single person found is taken at once (intranet.md §4 recipient search).
          const [hit] = hits;
          if (hits.length === 1 && only.current && !excluded.current.includes(hit.staffId)) {
            only.current(hit);
          }
        })
        .catch(() => {
          if (!cancelled) setAnswer({ text: wanted, hits: [] });
        });
    }, SEARCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [wanted, enough]);

  const current = enough && answer?.text === wanted ? answer.hits : null;
  return {
    /** null while nothing was asked for this text yet. */
    hits: current?.filter((hit) => !exclude.includes(hit.staffId)) ?? null,
    searching: enough && answer?.text !== wanted,
  };
}
