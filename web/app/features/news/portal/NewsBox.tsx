import type { ApiData } from '@school/common/api';
import { useState } from 'react';
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
  return (
    <section className="home-box news-box" aria-label="新闻中心">
      <div className="home-box-head" role="tablist">
        {tabs.map((tab, i) => (
          <button
            key={tab.typeId}
            type="button"
            role="tab"
            id={`news-tab-${tab.typeId}`}
            aria-selected={i === current}
            aria-controls={`news-panel-${tab.typeId}`}
            className={i === current ? 'active' : undefined}
            onClick={() => setCurrent(i)}
            onMouseEnter={() => setCurrent(i)}
          >
            {tab.typeName}
          </button>
        ))}
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
