import { isAdministratorRole } from '@school/common';
import { Button, Popconfirm, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { useAction } from '../../api/page-data';
import type { StaffRow } from './staff-types';

export const PAGE_SIZE = 10;

const LINK = { paddingInline: 4 };

/**
 * The accounts of one page: code, name, role and flags, departments, phone,
 * an enable switch, and the row actions 编辑, 重置密码, 离职交接 and 删除. The
 * logged-in administrator's own row cannot be switched off, handed over or
 * deleted; a left account (离职) shows 交接报告 and 邮件归档 instead.
 */
export function StaffTable({
  page,
  pageNum,
  selfId,
  onPage,
  onEdit,
  onResetPassword,
  onHandover,
  onReport,
  onArchive,
  onChanged,
}: {
  /** null while loading. */
  page: { total: number; list: StaffRow[] } | null;
  pageNum: number;
  selfId: number;
  onPage: (pageNum: number) => void;
  onEdit: (row: StaffRow) => void;
  onResetPassword: (row: StaffRow) => void;
  onHandover: (row: StaffRow) => void;
  onReport: (row: StaffRow) => void;
  onArchive: (row: StaffRow) => void;
  onChanged: () => void;
}) {
  const run = useAction();
  const [busy, setBusy] = useState<number | null>(null);

  const setStatus = async (row: StaffRow, enabled: boolean) => {
    setBusy(row.staffId);
    const done = await run(
      () => call('cms/staff/setStatus', { staffId: row.staffId, status: enabled ? 1 : 0 }),
      enabled ? `已启用${row.staffName}` : `已停用${row.staffName}，其登录已失效`,
    );
    setBusy(null);
    if (done) onChanged();
  };

  const remove = async (row: StaffRow) => {
    if (await run(() => call('cms/staff/delete', { staffId: row.staffId }), '删除成功')) {
      onChanged();
    }
  };

  const flag = (on: boolean) => (on ? <Tag color="green">有</Tag> : <span aria-label="无">—</span>);

  return (
    <Table<StaffRow>
      rowKey="staffId"
      size="small"
      loading={page === null}
      dataSource={page?.list ?? []}
      scroll={{ x: 904 }}
      pagination={{
        current: pageNum,
        pageSize: PAGE_SIZE,
        total: page?.total ?? 0,
        showTotal: (total) => `共 ${total} 人`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        { title: '工号', dataIndex: 'staffCode', width: 90, ellipsis: true },
        { title: '姓名', dataIndex: 'staffName', width: 80, ellipsis: true },
        {
          title: '身份',
          dataIndex: 'staffType',
          width: 64,
          render: (type: number) =>
            isAdministratorRole(type) ? <Tag color="blue">管理员</Tag> : <Tag>老师</Tag>,
        },
        {
          title: '新闻权限',
          dataIndex: 'isPower',
          width: 72,
          render: (value: number) => flag(value === 1),
        },
        {
          title: '网盘管理',
          dataIndex: 'isAdmin',
          width: 72,
          render: (value: string) => flag(value === '1'),
        },
        {
          title: '部门',
          dataIndex: 'deptName',
          ellipsis: { showTitle: true },
          render: (name: string) =>
            name || <Typography.Text type="secondary">未分配</Typography.Text>,
        },
        { title: '电话', dataIndex: 'phone', width: 110, render: (phone) => phone || '—' },
        {
          title: '状态',
          dataIndex: 'status',
          width: 76,
          render: (status: number, row) => {
            if (row.leftDate) {
              return (
                <Tooltip title={`${row.leftDate} 办理离职交接`}>
                  <Tag>已离职</Tag>
                </Tooltip>
              );
            }
            const self = row.staffId === selfId;
            const toggle = (
              <Switch
                aria-label={`${row.staffName}的账号状态`}
                checked={status === 1}
                checkedChildren="启用"
                unCheckedChildren="停用"
                loading={busy === row.staffId}
                disabled={self}
                onChange={(enabled) => void setStatus(row, enabled)}
              />
            );
            return self ? <Tooltip title="不能停用自己的账号">{toggle}</Tooltip> : toggle;
          },
        },
        {
          title: '操作',
          key: 'actions',
          width: 236,
          render: (_, row) => (
            <div style={{ display: 'flex', gap: 4 }}>
              <Button type="link" size="small" style={LINK} onClick={() => onEdit(row)}>
                编辑
              </Button>
              {row.leftDate ? (
                <>
                  <Button type="link" size="small" style={LINK} onClick={() => onReport(row)}>
                    交接报告
                  </Button>
                  <Button type="link" size="small" style={LINK} onClick={() => onArchive(row)}>
                    邮件归档
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    type="link"
                    size="small"
                    style={LINK}
                    onClick={() => onResetPassword(row)}
                  >
                    重置密码
                  </Button>
                  {row.staffId !== selfId && (
                    <Button type="link" size="small" style={LINK} onClick={() => onHandover(row)}>
                      离职交接
                    </Button>
                  )}
                </>
              )}
              {row.staffId !== selfId && !row.leftDate && (
                <Popconfirm
                  title={`确定删除用户${row.staffName}吗？`}
                  description="删除后不能恢复；发布过内容的用户不能删除，可改为停用。"
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => remove(row)}
                >
                  <Button type="link" size="small" style={LINK} danger>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
