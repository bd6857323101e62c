import { Grid, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { NewsListItem as NewsItem } from '@school/common/api';
import { truncate } from '../../../lib/text';

/** Where a staff list's item opens: the staff article view, told which list it came from. */
export function staffDetailHref(
  item: NewsItem,
  from: { textTitle: string; myRelease?: number },
): string {
  const params = new URLSearchParams({
    typeId: String(item.typeId),
    newId: String(item.newId),
    type: String(item.newsType),
    textTitle: from.textTitle,
  });
  if (from.myRelease) params.set('myRelease', String(from.myRelease));
  return `/publicDetail?${params}`;
}

/**
 * A paged list of news for staff: title (pinned in bold with 置顶), department,
 * publisher, date (on a phone a second line under the title). `onPublisher`
 * turns the publisher into a filter.
 */
export function StaffNewsList({
  items,
  total,
  pageNum,
  pageSize,
  loading,
  from,
  onPage,
  onPublisher,
  titleCut = 40,
}: {
  items: NewsItem[];
  total: number;
  pageNum: number;
  pageSize: number;
  loading?: boolean;
  from: { textTitle: string; myRelease?: number };
  onPage: (pageNum: number) => void;
  onPublisher?: (item: NewsItem) => void;
  titleCut?: number;
}) {
  // A phone (below antd's sm, 576 px) keeps one column: the title, with 部门 · 发布者 · 时间
  // as its second line, so nothing is cut off or scrolls sideways.
  const phone = Grid.useBreakpoint().sm === false;
  const publisherOf = (item: NewsItem) =>
    onPublisher && item.createStaff ? (
      <button
        type="button"
        className="link-button"
        title="只看此人发布的"
        onClick={() => onPublisher(item)}
      >
        {item.releaseUser ?? '—'}
      </button>
    ) : (
      (item.releaseUser ?? '—')
    );
  const titleOf = (item: NewsItem) => (
    <>
      <Link
        to={staffDetailHref(item, from)}
        title={item.newsTitle}
        className={item.ifTop === 1 ? 'is-top' : undefined}
      >
        {item.ifTop === 1 && <span className="top-badge">置顶</span>}
        {truncate(item.newsTitle, titleCut)}
      </Link>
      {item.newest === 1 && <span className="new-badge">新</span>}
    </>
  );
  const dateOf = (item: NewsItem) => item.shelvesDate.slice(0, 10);
  const columns: ColumnsType<NewsItem> = phone
    ? [
        {
          title: '标题',
          key: 'title',
          render: (_, item) => (
            <>
              {titleOf(item)}
              <div className="news-row-meta">
                <Typography.Text type="secondary">
                  {item.deptName ?? '—'} · {publisherOf(item)} · {dateOf(item)}
                </Typography.Text>
              </div>
            </>
          ),
        },
      ]
    : [
        { title: '标题', key: 'title', render: (_, item) => titleOf(item) },
        { title: '部门', key: 'dept', width: 130, render: (_, item) => item.deptName ?? '—' },
        { title: '发布者', key: 'publisher', width: 110, render: (_, item) => publisherOf(item) },
        { title: '发布时间', key: 'date', width: 110, render: (_, item) => dateOf(item) },
      ];
  return (
    <Table<NewsItem>
      rowKey="newId"
      size={phone ? 'small' : 'middle'}
      loading={loading}
      dataSource={items}
      locale={{ emptyText: '暂无数据' }}
      tableLayout={phone ? 'fixed' : undefined}
      scroll={phone ? undefined : { x: 600 }}
      columns={columns}
      pagination={{
        current: pageNum,
        pageSize,
        total,
        showSizeChanger: false,
        showTotal: (n) => `共 ${n} 条`,
        onChange: onPage,
        hideOnSinglePage: false,
      }}
    />
  );
}
