import type { RecycleRow } from '@school/common/api';
import { App, Button, Popconfirm, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { errorText, type ListPage } from '../../api/page-data';
import { Pager } from '../../components/ui/Pager';
import { usePhoneTable, type PhoneColumn } from '../../components/ui/phone-table';
import { formatDay, formatSize, iconOf } from './drive-data';
import { DRIVE_PAGE_SIZE, ICONS } from './DriveTable';
import { SearchInput } from '../../components/ui/SearchInput';

export type RecycleScope = 'mine' | 'library';

interface Props {
  list: ListPage<RecycleRow>;
  pageNum: number;
  keyword: string;
  scope: RecycleScope;
  /** A drive administrator also sees the library's bin. */
  canSeeLibrary: boolean;
  loading: boolean;
  onChange: (changes: Record<string, string | undefined>) => void;
  onDone: () => void;
}

/**
 * 回收站 (issue 19): what the person deleted (and, for drive administrators,
 * the library's deletions), each with where it was, when, the days before the
 * daily purge takes it, 还原 and 彻底删除.
 */
export function RecycleBin({
  list,
  pageNum,
  keyword,
  scope,
  canSeeLibrary,
  loading,
  onChange,
  onDone,
}: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (row: RecycleRow, restore: boolean) => {
    setBusy(row.resId);
    try {
      if (restore) {
        const placed = await call('resources/restoreResource', { resId: row.resId });
        message.success(
          placed.toTop
            ? `已还原到${row.sType === 0 ? '教学网盘' : '我的网盘'}最上层（原文件夹已不在）：${placed.name}`
            : `已还原：${placed.name}`,
        );
      } else {
        await call('resources/purgeResource', { resId: row.resId });
        message.success('已彻底删除');
      }
      onDone();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const columns: PhoneColumn<RecycleRow>[] = [
    {
      title: '名称',
      key: 'name',
      keep: true,
      render: (_, row) => (
        <span className="drive-name">
          {ICONS[iconOf(row.stype === 0 ? '-1' : row.resourcesFileType)]}
          <span className="drive-name-text">{row.resourcesName}</span>
        </span>
      ),
    },
    { title: '原位置', key: 'place', dataIndex: 'place', width: 200 },
    {
      title: '删除时间',
      key: 'deleteDate',
      width: 110,
      render: (_, row) => formatDay(row.deleteDate),
    },
    {
      title: '剩余',
      key: 'daysLeft',
      width: 70,
      keep: true,
      phoneWidth: 56,
      render: (_, row) => `${row.daysLeft} 天`,
    },
    {
      title: '大小',
      key: 'size',
      width: 90,
      render: (_, row) =>
        row.stype === 0 ? `${row.fileCount} 个文件` : formatSize(row.resourcesSize),
    },
    ...(scope === 'library'
      ? [{ title: '删除人', key: 'userName', dataIndex: 'userName', width: 90 }]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: 160,
      keep: true,
      phoneWidth: 92,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button
            size="small"
            type="link"
            loading={busy === row.resId}
            onClick={() => void act(row, true)}
            aria-label={`还原 ${row.resourcesName}`}
          >
            还原
          </Button>
          <Popconfirm
            title={`彻底删除“${row.resourcesName}”？`}
            description="彻底删除后无法恢复"
            okText="彻底删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => void act(row, false)}
          >
            <Button size="small" type="link" danger aria-label={`彻底删除 ${row.resourcesName}`}>
              彻底删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const table = usePhoneTable(columns, 760);

  return (
    <div className="drive-recycle">
      <div className="drive-toolbar">
        <Space wrap>
          {canSeeLibrary && (
            <Segmented<RecycleScope>
              value={scope}
              onChange={(value) => onChange({ scope: value === 'library' ? 'library' : undefined })}
              options={[
                { value: 'mine', label: '我删除的' },
                { value: 'library', label: '教学网盘' },
              ]}
              aria-label="回收站范围"
            />
          )}
          <SearchInput
            key={keyword}
            defaultValue={keyword}
            allowClear
            placeholder="名称搜索"
            aria-label="回收站搜索"
            onSearch={(value) => onChange({ KeywordName: value.trim() || undefined })}
            style={{ maxWidth: 260 }}
          />
        </Space>
        <span className="muted">
          删除的文件和文件夹保留 30 天，到期自动彻底删除；回收站中的文件仍占用个人空间
        </span>
      </div>
      <Table<RecycleRow>
        className="drive-table"
        rowKey="resId"
        size="middle"
        loading={loading}
        dataSource={list.list}
        locale={{ emptyText: '回收站是空的' }}
        pagination={false}
        {...table.props}
      />
      <Pager total={list.total} pageNum={pageNum} pageSize={DRIVE_PAGE_SIZE} keepScroll />
    </div>
  );
}
