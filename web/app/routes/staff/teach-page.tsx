import { Alert, Card, Empty, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/teach-page';
import { call } from '../../api/client';
import { read, useApiData, useLoadFailure } from '../../api/page-data';
import { EntryButton, WorkbenchGrid } from '../../features/intranet/home/WorkbenchGrid';
import { HOME_LISTS, HomeList } from '../../features/intranet/home/HomeLists';
import { TodoBlock } from '../../features/leave/TodoBlock';
import { openCmsHandoff } from '../../lib/cms-handoff';
import { requireUser } from '../../lib/session';
import { truncate } from '../../lib/text';
import { useUser } from '../../lib/use-user';
import type { clientLoader as layoutLoader } from './layout';

export const meta = () => [{ title: '校内网首页' }];

/** The secrecy notice shown for 3 s on arrival (intranet.md §9). */
const SECRECY = '本平台为互联网非涉密平台，严禁处理、传输国家秘密';
const SECRECY_MS = 3000;
/** The application centre's 更多 hand-off (intranet.md §7). */
const APP_CENTRE_VISIT_TYPE = 20;

/** Everything the home shows, read side by side; a part that fails is shown empty, and why. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const userId = user?.staffId;
  const slots = Object.fromEntries(
    HOME_LISTS.flatMap((list, i) => [
      [`typeId${i + 1}`, list.typeId],
      [`pageNum${i + 1}`, 1],
      [`pageSize${i + 1}`, list.size],
    ]),
  );
  const empty = { list1: [], list2: [], list3: [], list4: [], list5: [], list6: [] };
  const [departments, workbench, apps, lists, todo] = await Promise.all([
    call('dept/getDeptList', { userId }).catch(() => []),
    read('workbench/getWorkbenchList', { userId, menuType: 1 }, []),
    read('workbench/getWorkbenchList', { userId, menuType: 2 }, []),
    read('news/getTeachHomeNews', { ...slots, enableType: 2 }, empty),
    read(
      'todo/getTodoNum',
      { userId },
      { leaveNum: 0, picNum: 0, leaveUrl: '', picUrl: '', virusNum: 0, virusUrl: '' },
    ),
  ]);
  return { departments, workbench, apps, lists, todo };
}

/** The child departments of one tab, read when the tab is first shown (antd keeps it after). */
function ChildDepartments({ staffId, deptId }: { staffId: number; deptId: number }) {
  const { data: children } = useApiData('dept/getChildDeptList', { userId: staffId, deptId }, [], {
    quiet: true,
  });
  if (!children) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (children.length === 0) return <p className="muted">该部门没有下级部门</p>;
  return (
    <ul className="child-depts">
      {children.map((child) => (
        <li key={child.deptId} title={child.deptName}>
          <Link to={`/organize?deptId=${child.deptId}`}>{truncate(child.deptName, 5)}</Link>
        </li>
      ))}
    </ul>
  );
}

/** Staff home (intranet.md §2 teachPage). */
export default function TeachPage({ loaderData }: Route.ComponentProps) {
  const user = useUser();
  const chrome = useRouteLoaderData<typeof layoutLoader>('routes/staff/layout');
  const { departments, workbench, apps, lists, todo } = loaderData;
  useLoadFailure(workbench, apps, lists, todo);
  const [active, setActive] = useState<number | undefined>(departments[0]?.deptId);
  const [secrecy, setSecrecy] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setSecrecy(false), SECRECY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!user) return null;
  const platform = chrome?.links.GLPTBJ;
  return (
    <main id="main" className="container staff-home">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">校内网首页</h1>
      {secrecy && <Alert type="warning" showIcon className="secrecy-alert" message={SECRECY} />}
      <TodoBlock counts={todo.data} />
      <div className="home-top">
        <Card title="工作台" className="staff-card">
          <WorkbenchGrid entries={workbench.data} user={user} />
        </Card>
        <Card
          id="apps"
          title="应用中心"
          className="staff-card"
          extra={
            platform ? (
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  void openCmsHandoff(platform, user, { visitType: APP_CENTRE_VISIT_TYPE })
                }
              >
                更多
              </button>
            ) : null
          }
        >
          {apps.data.length === 0 ? (
            <p className="muted">暂无应用</p>
          ) : (
            <div className="home-entries">
              {apps.data.map((entry) => (
                <EntryButton key={entry.workbenchId} entry={entry} user={user} />
              ))}
            </div>
          )}
        </Card>
      </div>
      <Card title="我的部门" className="staff-card">
        {departments.length === 0 ? (
          <Empty description="暂无部门信息" />
        ) : (
          <Tabs
            activeKey={String(active)}
            onChange={(key) => setActive(Number(key))}
            items={departments.map((dept) => ({
              key: String(dept.deptId),
              label: dept.deptName,
              children: <ChildDepartments staffId={user.staffId} deptId={dept.deptId} />,
            }))}
          />
        )}
      </Card>
      <a className="home-banner" href="/index" target="_blank" rel="noopener">
        <strong>学校门户网站</strong>
        <span>新闻中心 · 校园媒体 · 学校介绍 · 校刊 →</span>
      </a>
      <div className="home-lists">
        {HOME_LISTS.map((list, i) => (
          <HomeList
            key={list.typeId}
            title={list.title}
            typeId={list.typeId}
            items={lists.data[`list${(i + 1) as 1 | 2 | 3 | 4 | 5 | 6}`]}
          />
        ))}
      </div>
    </main>
  );
}
