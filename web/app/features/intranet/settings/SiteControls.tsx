import { isContentAdmin, isSystemAdmin } from '@school/common';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Result, Space, Switch, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import type { StoredUser } from '../../../lib/session';

/**
 * Who may open a settings page, as the server decides: isPower 1 for the
 * rolling notices ('content'), the administrator role for the rest ('site').
 */
export function SiteGuard({
  user,
  who,
  children,
}: {
  user: StoredUser;
  who: 'content' | 'site';
  children: ReactNode;
}) {
  const allowed = who === 'content' ? isContentAdmin(user) : isSystemAdmin(user);
  if (allowed) return children;
  return (
    <Result
      status="403"
      title="没有权限"
      subTitle={who === 'content' ? '只有管理员可以进行此操作' : '只有系统管理员可以进行此操作'}
    />
  );
}

/** 上移 / 下移 of one row; the ends are disabled. */
export function MoveButtons({
  name,
  first,
  last,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: 'up' | 'down') => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const move = async (direction: 'up' | 'down') => {
    setBusy(true);
    try {
      await onMove(direction);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      <Button
        size="small"
        icon={<ArrowUpOutlined aria-hidden />}
        disabled={first || busy}
        aria-label={`上移 ${name}`}
        onClick={() => void move('up')}
      >
        上移
      </Button>
      <Button
        size="small"
        icon={<ArrowDownOutlined aria-hidden />}
        disabled={last || busy}
        aria-label={`下移 ${name}`}
        onClick={() => void move('down')}
      >
        下移
      </Button>
    </Space>
  );
}

/** The enabled flag of a row as a switch that saves at once. */
export function EnabledSwitch({
  name,
  enabled,
  onChange,
}: {
  name: string;
  enabled: number;
  onChange: (enabled: 0 | 1) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      checked={enabled === 1}
      loading={busy}
      checkedChildren="启用"
      unCheckedChildren="停用"
      aria-label={`启用 ${name}`}
      onChange={async (checked) => {
        setBusy(true);
        try {
          await onChange(checked ? 1 : 0);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** 编辑 and 删除 (with a confirmation) of one row; `keep` explains why it cannot be deleted. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  keep,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  keep?: string;
}) {
  return (
    <Space size={4}>
      <Button type="link" size="small" aria-label={`编辑 ${name}`} onClick={onEdit}>
        编辑
      </Button>
      {keep ? (
        <Tooltip title={keep}>
          <Button type="link" size="small" danger disabled aria-label={`删除 ${name}`}>
            删除
          </Button>
        </Tooltip>
      ) : (
        <Popconfirm
          title={`确定删除“${name}”吗？`}
          okText="确定"
          cancelText="取消"
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger aria-label={`删除 ${name}`}>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
