import { Card, Empty } from 'antd';
import { Link } from 'react-router';
import type { AddressDept } from '@school/common/api';
import type { Route } from './+types/organize';
import {
  emptyPage,
  intSearch,
  read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { DeptTree } from '../../features/people/address-book/DeptTree';
import { StaffNewsList } from '../../features/news/staff/StaffNewsList';
import { Crumbs } from '../../components/ui/Crumbs';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '部门主页 - 校内网' }];

/** intranet.md §9: the department page shows 12 a page of each list. */
const PAGE_SIZE = 12;
const LISTS = [
  { typeId: 17, title: '部门公告', page: 'pageA' },
  { typeId: 19, title: '规章制度', page: 'pageB' },
] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const tree = await read('addressBook/getTree', { userId: user?.staffId, type: 1 }, []);
  // Without a choice: the caller's main department, else the first of the tree.
  const mine = user ? await read('dept/getDeptList', { userId: user.staffId }, []) : { data: [] };
  const deptId = intSearch(params, 'deptId') ?? mine.data[0]?.deptId ?? tree.data[0]?.deptId;
  const pages = await Promise.all(
    LISTS.map((list) =>
      deptId
        ? read(
            'news/getNewsList',
            {
              typeId: list.typeId,
              deptId,
              enableType: 2,
              pageNum: intSearch(params, list.page) ?? 1,
              pageSize: PAGE_SIZE,
            },
            emptyPage(),
          )
        : { data: emptyPage(), error: null },
    ),
  );
  const pageNums = LISTS.map((list) => intSearch(params, list.page) ?? 1);
  return { deptId, tree, pages, pageNums };
}

/** The name of department `id` in the tree. */
function nameOf(nodes: AddressDept[], id: number | undefined): string | undefined {
  for (const node of nodes) {
    if (node.deptId === id) return node.deptName;
    const found = nameOf(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** A department's page (intranet.md §2 organize): its announcements and regulations. */
export default function Organize({ loaderData }: Route.ComponentProps) {
  const { deptId, tree, pages, pageNums } = loaderData;
  useLoadFailure(tree, ...pages);
  const { change } = useSearchState();
  const loading = usePageLoading();
  const name = nameOf(tree.data, deptId) ?? '部门主页';

  return (
    <main id="main" className="container staff-page">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">组织机构</h1>
      <Card className="staff-card" title="部门">
        <DeptTree
          departments={tree.data}
          selected={deptId}
          label="部门"
          onSelect={(id) => id && change({ deptId: id, pageA: undefined, pageB: undefined })}
        />
      </Card>
      <div className="staff-main">
        <Crumbs home="/teachPage" items={[{ label: '部门主页' }, { label: name }]} />
        {deptId === undefined ? (
          <Card className="staff-card">
            <Empty description="暂无部门" />
          </Card>
        ) : (
          LISTS.map((list, i) => (
            <Card
              key={list.typeId}
              className="staff-card"
              title={`${name} · ${list.title}`}
              extra={<Link to={`/pubNoti?typeId=${list.typeId}`}>更多</Link>}
            >
              <StaffNewsList
                items={pages[i]!.data.list}
                total={pages[i]!.data.total}
                pageNum={pageNums[i]!}
                pageSize={PAGE_SIZE}
                loading={loading}
                from={{ textTitle: list.title }}
                onPage={(n) => change({ [list.page]: n > 1 ? n : undefined })}
              />
            </Card>
          ))
        )}
      </div>
    </main>
  );
}
