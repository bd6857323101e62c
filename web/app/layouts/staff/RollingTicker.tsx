import { SoundOutlined } from '@ant-design/icons';
import { useLayoutEffect, useRef, useState } from 'react';
import type { RollingNotice } from '@school/common/api';
import { safeHref } from '../../lib/site';

/** intranet.md §9: the ticker moves 50 px a second and starts after half a second. */
const SPEED = 50;
const DELAY_S = 0.5;

/**
 * The staff pages' rolling notices (api/rollingNews/getRollingNews), one line
 * running right to left; it stops while the pointer is over it. No notices:
 * the line is not shown.
 */
export function RollingTicker({ notices }: { notices: RollingNotice[] }) {
  const windowRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [seconds, setSeconds] = useState(20);

  useLayoutEffect(() => {
    const distance = (windowRef.current?.offsetWidth ?? 0) + (textRef.current?.scrollWidth ?? 0);
    if (distance > 0) setSeconds(distance / SPEED);
  }, [notices]);

  if (notices.length === 0) return null;
  return (
    <div className="notice-ticker" role="region" aria-label="滚动通知">
      <div className="container">
        <SoundOutlined aria-hidden />
        <div className="ticker-window" ref={windowRef}>
          <div
            className="ticker-text"
            ref={textRef}
            style={{ animationDuration: `${seconds}s`, animationDelay: `${DELAY_S}s` }}
          >
            {notices.map((notice) => {
              const href = safeHref(notice.newsUrl);
              const date = notice.shelvesDate.slice(0, 10);
              return (
                <span key={notice.rollingnewsId} className="ticker-item">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {notice.rollingnewsTitle}
                    </a>
                  ) : (
                    notice.rollingnewsTitle
                  )}
                  <time dateTime={date}>（{date}）</time>
                </span>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
