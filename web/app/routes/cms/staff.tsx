import { isSystemAdmin } from '@school/common';
import { Button, Card, Select } from 'antd';
import { useState } from 'react';
import { useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/staff';
import { intSearch, read, type Read, useLoadFailure, useSearchState } from '../../api/page-data';
import { DeptFilterTree } from '../../features/people/DeptFilterTree';
import type { DeptNode } from '../../features/people/dept-tree';
import { ResetPasswordModal } from '../../features/people/ResetPasswordModal';
import { HandoverModal } from '../../features/people/handover/HandoverModal';
import { HandoverReportModal } from '../../features/people/handover/HandoverReportModal';
import { MailArchiveDrawer } from '../../features/people/handover/MailArchiveDrawer';
import { SiteAdminOnly } from '../../layouts/cms/SiteAdminOnly';
import { StaffFormDrawer } from '../../features/people/StaffFormDrawer';
import { PAGE_SIZE, StaffTable } from '../../features/people/StaffTable';
import type { StaffFilter, StaffRow } from '../../features/people/staff-types';
import { requireUser, type StoredUser } from '../../lib/session';
import { SearchInput } from '../../components/ui/SearchInput';

export const meta = () => [{ title: '用户管理 - 内容管理平台' }];

/** A number search parameter that may be 0 (停用), or undefined. */
function numberSearch(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The filter and page are in the address (`?deptId=` also comes from the department page). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const filter: StaffFilter = {
    deptId: intSearch(params, 'deptId'),
    keyword: params.get('keyword') || undefined,
    staffType: numberSearch(params, 'staffType'),
    status: numberSearch(params, 'status'),
  };
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  if (!isSystemAdmin(user)) return { filter, pageNum, tree: null, page: null };
  const [tree, page] = await Promise.all([
    read('cms/department/tree', {}, []),
    read('cms/staff/list', { ...filter, pageNum, pageSize: PAGE_SIZE }, { total: 0, list: [] }),
  ]);
  return { filter, pageNum, tree, page };
}

/**
 * 用户管理 (/cms/staff, administrators only): staff accounts filtered by
 * department, keyword, role and state; create and edit in a drawer, switch
 * accounts on and off, reset passwords, delete accounts that authored nothing.
 * `?deptId=` opens it on one department (the department page links here).
 */
export default function CmsStaff({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { filter, pageNum, tree, page } = loaderData;
  return (
    <SiteAdminOnly user={user}>
      {tree && page && (
        <StaffManager user={user} filter={filter} pageNum={pageNum} tree={tree} page={page} />
      )}
    </SiteAdminOnly>
  );
}

function StaffManager({
  user,
  filter,
  pageNum,
  tree,
  page,
}: {
  user: StoredUser;
  filter: StaffFilter;
  pageNum: number;
  tree: Read<DeptNode[]>;
  page: Read<{ total: number; list: StaffRow[] }>;
}) {
  useLoadFailure(tree, page);
  const { change, setPage } = useSearchState();
  // After a change the list and the counts of the tree are read again.
  const { revalidate } = useRevalidator();
  const changed = () => void revalidate();
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [handingOver, setHandingOver] = useState<StaffRow | null>(null);
  const [reporting, setReporting] = useState<StaffRow | null>(null);
  const [archive, setArchive] = useState<StaffRow | null>(null);

  return (
    <section className="cms-panel" aria-label="用户管理">
      <h1>用户管理</h1>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card size="small" title="部门" style={{ width: 240, flex: 'none' }}>
          <DeptFilterTree
            tree={tree.data}
            deptId={filter.deptId}
            onChange={(deptId) => change({ deptId })}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div className="cms-filters">
            <SearchInput
              allowClear
              placeholder="姓名、工号或电话"
              aria-label="搜索姓名、工号或电话"
              style={{ width: 240 }}
              defaultValue={filter.keyword}
              onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
            />
            <Select
              allowClear
              placeholder="全部身份"
              aria-label="身份"
              style={{ width: 120 }}
              value={filter.staffType}
              options={[
                { value: 5, label: '管理员' },
                { value: 2, label: '老师' },
              ]}
              onChange={(staffType?: number) => change({ staffType })}
            />
            <Select
              allowClear
              placeholder="全部状态"
              aria-label="状态"
              style={{ width: 120 }}
              value={filter.status}
              options={[
                { value: 1, label: '启用' },
                { value: 0, label: '停用' },
              ]}
              onChange={(status?: number) => change({ status })}
            />
            <Button type="primary" style={{ marginLeft: 'auto' }} onClick={() => setEditing('new')}>
              新增用户
            </Button>
          </div>
          <StaffTable
            page={page.data}
            pageNum={pageNum}
            selfId={user.staffId}
            onPage={setPage}
            onEdit={setEditing}
            onResetPassword={setResetting}
            onHandover={setHandingOver}
            onReport={setReporting}
            onArchive={setArchive}
            onChanged={changed}
          />
        </div>
      </div>
      <StaffFormDrawer
        open={editing !== null}
        staff={editing === 'new' ? null : editing}
        self={editing !== null && editing !== 'new' && editing.staffId === user.staffId}
        tree={tree.data}
        presetDeptId={filter.deptId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
      <HandoverModal staff={handingOver} onClose={() => setHandingOver(null)} onDone={changed} />
      <HandoverReportModal staff={reporting} onClose={() => setReporting(null)} />
      <MailArchiveDrawer staff={archive} onClose={() => setArchive(null)} />
    </section>
  );
}
