import type { ApiData } from '@school/common/api';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '@school/common/api';
import { day, truncate } from '../../../lib/text';
import { tabs as tabsOver } from '../../../lib/page-widgets';
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
  const list = useRef<HTMLDivElement>(null);
  // The first column is shown as sent; lib/page-widgets.ts switches them, from the inline script
  // of a page sent without React or from this effect in the app.
  useEffect(() => (list.current ? tabsOver(list.current) : undefined), []);
  // A real tablist (WAI-ARIA tabs pattern); the 更多 link of the column shown sits beside the
  // list, not in it (a tablist holds only tabs).
  return (
    <section className="home-box news-box" aria-label="新闻中心">
      <div className="home-box-head">
        <div className="home-box-tabs" role="tablist" aria-label="新闻栏目" ref={list} data-tabs>
          {tabs.map((tab, i) => (
            <button
              key={tab.typeId}
              type="button"
              role="tab"
              id={`news-tab-${tab.typeId}`}
              aria-selected={i === 0}
              aria-controls={`news-panel-${tab.typeId}`}
              tabIndex={i === 0 ? 0 : -1}
              className={i === 0 ? 'active' : undefined}
            >
              {tab.typeName}
            </button>
          ))}
        </div>
        {tabs.length === 0 ? (
          <Link className="home-more" to="/news?newsNum=2">
            更多 &gt;&gt;
          </Link>
        ) : (
          tabs.map((tab, i) => (
            <Link
              key={tab.typeId}
              className="home-more"
              to={`/news?newsNum=${tab.typeId}`}
              data-tab-for={`news-tab-${tab.typeId}`}
              hidden={i !== 0}
            >
              更多 &gt;&gt;
            </Link>
          ))
        )}
      </div>
      {tabs.length === 0 && <EmptyState text="暂无新闻" />}
      {tabs.map((tab, i) => (
        <div
          key={tab.typeId}
          id={`news-panel-${tab.typeId}`}
          role="tabpanel"
          aria-labelledby={`news-tab-${tab.typeId}`}
          hidden={i !== 0}
        >
          {tab.list.length === 0 ? (
            <EmptyState text="暂无新闻" />
          ) : (
            <ul className="home-news-list">
              {tab.list.map((item) => (
                <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
                  {item.ifTop === 1 && <span className="top-badge">顶</span>}
                  {/* The whole title on hover where it is cut; a new tab needs no route discovery. */}
                  <Link
                    to={hrefOf(item)}
                    target="_blank"
                    discover="none"
                    title={
                      truncate(item.newsTitle, 35) === item.newsTitle ? undefined : item.newsTitle
                    }
                  >
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
