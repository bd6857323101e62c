import { App, Button, Card, Input, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { DeptFilterTree } from '../../features/people/DeptFilterTree';
import { errorText, useDepartmentTree } from '../../features/people/hooks';
import { ResetPasswordModal } from '../../features/people/ResetPasswordModal';
import { SiteAdminOnly } from '../../layouts/cms/SiteAdminOnly';
import { StaffFormDrawer } from '../../features/people/StaffFormDrawer';
import { PAGE_SIZE, StaffTable } from '../../features/people/StaffTable';
import type { StaffFilter, StaffRow } from '../../features/people/staff-types';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '用户管理 - 内容管理平台' }];

/**
 * 用户管理 (/cms/staff, administrators only): staff accounts filtered by
 * department, keyword, role and state; create and edit in a drawer, switch
 * accounts on and off, reset passwords, delete accounts that authored nothing.
 * `?deptId=` opens it on one department (the department page links here).
 */
export default function CmsStaff() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <SiteAdminOnly user={user}>
      <StaffManager user={user} />
    </SiteAdminOnly>
  );
}

function StaffManager({ user }: { user: StoredUser }) {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const { tree, reload: reloadTree } = useDepartmentTree();
  const [filter, setFilter] = useState<StaffFilter>(() => {
    const deptId = Number(params.get('deptId'));
    return deptId > 0 ? { deptId } : {};
  });
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ total: number; list: StaffRow[] } | null>(null);
  // Bumped after a change so the list (and the counts of the tree) are read again.
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<StaffRow | null>(null);

  useEffect(() => {
    let cancelled = false;
    call<{ total: number; list: StaffRow[] }>('cms/staff/list', {
      ...filter,
      pageNum,
      pageSize: PAGE_SIZE,
    })
      .then((result) => {
        if (!cancelled) setPage(result);
      })
      .catch((err) => {
        if (cancelled) return;
        message.error(errorText(err));
        setPage({ total: 0, list: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [filter, pageNum, version, message]);

  const changed = useCallback(() => {
    setVersion((v) => v + 1);
    reloadTree();
  }, [reloadTree]);

  const change = (next: Partial<StaffFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPageNum(1);
  };

  return (
    <section className="cms-panel" aria-label="用户管理">
      <h1>用户管理</h1>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card size="small" title="部门" style={{ width: 240, flex: 'none' }}>
          <DeptFilterTree
            tree={tree}
            deptId={filter.deptId}
            onChange={(deptId) => change({ deptId })}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div className="cms-filters">
            <Input.Search
              allowClear
              placeholder="姓名、工号或电话"
              aria-label="搜索姓名、工号或电话"
              style={{ width: 240 }}
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
            page={page}
            pageNum={pageNum}
            selfId={user.staffId}
            onPage={setPageNum}
            onEdit={setEditing}
            onResetPassword={setResetting}
            onChanged={changed}
          />
        </div>
      </div>
      <StaffFormDrawer
        open={editing !== null}
        staff={editing === 'new' ? null : editing}
        self={editing !== null && editing !== 'new' && editing.staffId === user.staffId}
        tree={tree ?? []}
        presetDeptId={filter.deptId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
    </section>
  );
}
