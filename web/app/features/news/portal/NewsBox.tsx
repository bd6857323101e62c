import type { ApiData } from '@school/common/api';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '@school/common/api';
import { day, truncate } from '../../../lib/text';
import { EmptyState } from '../../../components/ui/EmptyState';
import { topicHref } from '../topics/topic-links';

export type NewsTab = ApiData<'news/getNewsHomePage'>[number];

const hrefOf = (item: NewsItem) =>
  item.typeId === 4
    ? topicHref(item)
    : `/newsDetail?newId=${item.newId}&newsNum=${item.typeId}&typeId=${item.typeId}`;

/**
 * The home page's news box: 校园新闻, 教育动态, 专题新闻, the latest 8 of each,
 * pinned first with 顶 and a bold title, titles cut at 35 characters, 新 on
 * those shelved in the last days (the list's `newest`). All
 * three lists are in the page; the tabs only show one.
 */
export function NewsBox({ tabs }: { tabs: NewsTab[] }) {
  const [current, setCurrent] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  // A real tablist (WAI-ARIA tabs pattern): one tab in the tab order, arrows, Home and End move
  // between tabs; the 更多 link sits beside the list, not in it (a tablist holds only tabs).
  const move = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <section className="home-box news-box" aria-label="新闻中心">
      <div className="home-box-head">
        <div
          className="home-box-tabs"
          role="tablist"
          aria-label="新闻栏目"
          ref={list}
          onKeyDown={move}
        >
          {tabs.map((tab, i) => (
            <button
              key={tab.typeId}
              type="button"
              role="tab"
              id={`news-tab-${tab.typeId}`}
              aria-selected={i === current}
              aria-controls={`news-panel-${tab.typeId}`}
              tabIndex={i === current ? 0 : -1}
              className={i === current ? 'active' : undefined}
              onClick={() => setCurrent(i)}
              onMouseEnter={() => setCurrent(i)}
            >
              {tab.typeName}
            </button>
          ))}
        </div>
        <Link className="home-more" to={`/news?newsNum=${tabs[current]?.typeId ?? 2}`}>
          更多 &gt;&gt;
        </Link>
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.typeId}
          id={`news-panel-${tab.typeId}`}
          role="tabpanel"
          aria-labelledby={`news-tab-${tab.typeId}`}
          hidden={i !== current}
        >
          {tab.list.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="home-news-list">
              {tab.list.map((item) => (
                <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
                  {item.ifTop === 1 && <span className="top-badge">顶</span>}
                  <Link to={hrefOf(item)} target="_blank" title={item.newsTitle}>
                    {truncate(item.newsTitle, 35)}
                  </Link>
                  {item.newest === 1 && <span className="new-badge">新</span>}
                  <span className="item-date">{day(item.shelvesDate)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
