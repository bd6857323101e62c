import { Card, Collapse, Grid, Menu, Tag } from 'antd';
import type { NewsColumnNode } from '@school/common/api';
import type { Route } from './+types/pub-noti';
import {
  emptyPage,
  intSearch,
  read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { StaffNewsList } from '../../features/news/staff/StaffNewsList';
import { Crumbs } from '../../components/ui/Crumbs';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '通知公告 - 校内网' }];

/** intranet.md §9: the announcement list shows 15 a page. */
const PAGE_SIZE = 15;
/** The column groups of the staff intranet's lists, in the menu's order. */
const GROUPS = [18, 14, 1, 20, 22];
/** 我的发布: the caller's own items of newsType 1 news, 2 notices, 3 pictures. */
const MY_RELEASE = [
  { myRelease: 1, label: '新闻' },
  { myRelease: 2, label: '通知' },
  { myRelease: 3, label: '图片' },
] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const myRelease = intSearch(params, 'myRelease');
  const typeId = myRelease ? undefined : (intSearch(params, 'typeId') ?? 17);
  const createStaff = myRelease ? undefined : intSearch(params, 'createStaff');
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const [tree, page] = await Promise.all([
    read('news/getNewsTypeTreeList', {}, []),
    read(
      'news/getNewsList',
      { typeId, myRelease, createStaff, enableType: 2, pageNum, pageSize: PAGE_SIZE },
      emptyPage(),
    ),
  ]);
  return {
    typeId,
    myRelease,
    createStaff,
    publisher: params.get('publisher') ?? '',
    pageNum,
    tree,
    page,
  };
}

/** Announcements (intranet.md §2 pubNoti): groups of columns, 我的发布, 15 a page. */
export default function PubNoti({ loaderData }: Route.ComponentProps) {
  const { typeId, myRelease, createStaff, publisher, pageNum, tree, page } = loaderData;
  useLoadFailure(tree, page);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  // Below antd's md (768 px) the side menu folds away (the page is one column there).
  const phone = Grid.useBreakpoint().md === false;
  const groups = GROUPS.map((id) => tree.data.find((node) => node.typeId === id)).filter(
    (node): node is NewsColumnNode => Boolean(node),
  );
  const group = groups.find(
    (node) => node.typeId === typeId || node.children.some((c) => c.typeId === typeId),
  );
  const column = group?.children.find((c) => c.typeId === typeId) ?? group;
  const mine = MY_RELEASE.find((m) => m.myRelease === myRelease);
  const title = mine ? `我的发布 · ${mine.label}` : (column?.typeName ?? '通知公告');

  const items = [
    ...groups.map((node) => ({
      key: `g${node.typeId}`,
      label: node.typeName,
      children: (node.children.length ? node.children : [node]).map((child) => ({
        key: `t${child.typeId}`,
        label: child.typeName,
      })),
    })),
    {
      key: 'mine',
      label: '我的发布',
      children: MY_RELEASE.map((m) => ({ key: `m${m.myRelease}`, label: m.label })),
    },
  ];
  const selected = mine ? `m${mine.myRelease}` : `t${typeId}`;

  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={[group ? `g${group.typeId}` : 'mine', ...(mine ? ['mine'] : [])]}
      onClick={({ key }) =>
        key.startsWith('m')
          ? // 我的发布 clears the column and filters by the caller.
            change({
              myRelease: key.slice(1),
              typeId: undefined,
              createStaff: undefined,
              publisher: undefined,
            })
          : // A group clears the publisher filter.
            change({
              typeId: key.slice(1),
              myRelease: undefined,
              createStaff: undefined,
              publisher: undefined,
            })
      }
    />
  );

  return (
    <main id="main" className="container staff-page">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">通知公告</h1>
      {!phone && (
        <Card className="staff-card" title="通知公告">
          {menu}
        </Card>
      )}
      <div className="staff-main">
        <Crumbs
          home="/teachPage"
          items={[{ label: '通知公告', to: '/pubNoti' }, { label: title }]}
        />
        {phone && (
          // A phone shows the notices first: the columns wait, folded, in one line above them.
          <Collapse
            size="small"
            items={[{ key: 'columns', label: `栏目：${title}`, children: menu }]}
          />
        )}
        <Card className="staff-card" title={title}>
          {createStaff && (
            <Tag
              closable
              className="filter-tag"
              onClose={() => change({ createStaff: undefined, publisher: undefined })}
            >
              发布者：{publisher || createStaff}
            </Tag>
          )}
          <StaffNewsList
            items={page.data.list}
            total={page.data.total}
            pageNum={pageNum}
            pageSize={PAGE_SIZE}
            loading={loading}
            from={{ textTitle: title, myRelease }}
            onPage={setPage}
            onPublisher={
              mine
                ? undefined
                : (item) =>
                    change({
                      createStaff: item.createStaff ?? undefined,
                      publisher: item.releaseUser ?? undefined,
                    })
            }
          />
        </Card>
      </div>
    </main>
  );
}
