import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/leave';
import {
  intSearch,
  read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { LeaveApplyModal } from '../../features/leave/LeaveApplyModal';
import { LeaveDetailDrawer } from '../../features/leave/LeaveDetailDrawer';
import { LeaveTable } from '../../features/leave/LeaveTable';
import type { LeavePage } from '../../features/leave/leave-data';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '请假审批' }];

const PAGE_SIZE = 10;

/** ?tab=todo (the hand-off 21 and getTodoNum's leaveUrl) opens 待我审批; pageNum turns its page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const tab = params.get('tab') === 'todo' ? 'todo' : 'mine';
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const [mine, todo] = await Promise.all([
    read(
      'leave/myList',
      { pageNum: tab === 'mine' ? pageNum : 1, pageSize: PAGE_SIZE },
      { total: 0, list: [] },
    ),
    read(
      'leave/todoList',
      { pageNum: tab === 'todo' ? pageNum : 1, pageSize: PAGE_SIZE },
      { total: 0, list: [], approver: false },
    ),
  ]);
  return { tab, pageNum, mine, todo };
}

/**
 * 请假审批: 我的申请 (with 请假申请) and, for heads and school
 * administrators or whoever has requests waiting, 待我审批; a row opens its
 * detail with the step history and the decisions its state allows.
 */
export default function LeavePage({ loaderData }: Route.ComponentProps) {
  const { tab, pageNum, mine, todo } = loaderData;
  useLoadFailure(mine, todo);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const [applying, setApplying] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const showTodo = todo.data.total > 0 || todo.data.approver;
  const active = showTodo ? tab : 'mine';

  return (
    <main id="main" className="container leave-page">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">请假</h1>
      <Card
        title="请假审批"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setApplying(true)}
          >
            请假申请
          </Button>
        }
      >
        <Tabs
          activeKey={active}
          onChange={(key) => change({ tab: key === 'todo' ? 'todo' : undefined })}
          items={[
            {
              key: 'mine',
              label: '我的申请',
              children: (
                <LeaveTable
                  page={mine.data}
                  pageNum={active === 'mine' ? pageNum : 1}
                  loading={loading}
                  withRequester={false}
                  onPage={setPage}
                  onOpen={setOpened}
                />
              ),
            },
            ...(showTodo
              ? [
                  {
                    key: 'todo',
                    label: (
                      <Badge count={todo.data.total} size="small" offset={[8, -2]}>
                        待我审批
                      </Badge>
                    ),
                    children: (
                      <LeaveTable
                        page={todo.data}
                        pageNum={active === 'todo' ? pageNum : 1}
                        loading={loading}
                        withRequester
                        onPage={setPage}
                        onOpen={setOpened}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <LeaveApplyModal
        open={applying}
        onClose={() => setApplying(false)}
        onFiled={() => {
          setApplying(false);
          reload();
        }}
      />
      <LeaveDetailDrawer leaveId={opened} onClose={() => setOpened(null)} onChanged={reload} />
    </main>
  );
}
