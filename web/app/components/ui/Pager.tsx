import { Pagination } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';

/**
 * Page links (previous, numbers, next, jump) that are real links: they work
 * before JavaScript loads and keep the other query parameters. The page
 * number travels as `pageNum` in the address.
 */
export function Pager({
  total,
  pageNum,
  pageSize,
  param = 'pageNum',
  keepScroll = false,
  compact = false,
}: {
  total: number;
  pageNum: number;
  pageSize: number;
  param?: string;
  /** For a list part-way down a page (a catalogue): turning its page keeps the scroll position. */
  keepScroll?: boolean;
  /** A narrow column: no total and no jump box. */
  compact?: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  if (total <= pageSize) return null;
  const hrefOf = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(page));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    // data-*: the 跳至 box of a page without React (lib/static-page.ts) goes by them.
    <nav
      className="pager"
      aria-label="分页"
      data-param={param}
      data-pages={Math.ceil(total / pageSize)}
    >
      <Pagination
        current={pageNum}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        showQuickJumper={!compact}
        showTotal={compact ? undefined : (count) => `共 ${count} 条`}
        onChange={(page) => navigate(hrefOf(page), { preventScrollReset: keepScroll })}
        itemRender={(page, type, element) => {
          const link = (to: number, text: string | number) => (
            <Link to={hrefOf(to)} preventScrollReset={keepScroll}>
              {text}
            </Link>
          );
          if (type === 'page') return link(page, page);
          if (type === 'prev') return link(Math.max(1, pageNum - 1), '上一页');
          if (type === 'next') return link(pageNum + 1, '下一页');
          return element;
        }}
      />
    </nav>
  );
}
