import { FolderAddOutlined, UploadOutlined } from '@ant-design/icons';
import { isDriveAdmin } from '@school/common';
import type { FolderInfo, MineRow, RecycleRow } from '@school/common/api';
import { App, Button, Card, Popconfirm, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import {
  errorText,
  useLoadFailure,
  usePageLoading,
  useSearchState,
  type ListPage,
  type Read,
} from '../../api/page-data';
import { call } from '../../api/client';
import { Crumbs } from '../../components/ui/Crumbs';
import { cancelShare, removeFavourite, type Dictionary, type DriveRow } from './drive-api';
import { formatDay, formatSize, shareAddress, sortText, toggleSort } from './drive-data';
import { DriveFilters } from './DriveFilters';
import type { DriveQuery } from './drive-load';
import { DriveTable, isFolderRow, useChecked } from './DriveTable';
import { SelectionBar } from './SelectionBar';
import { DriveUploadDialog } from './DriveUpload';
import { EditFileDialog, FolderDialog } from './FolderDialogs';
import { FolderTreePicker } from './FolderTreePicker';
import { useFileActions } from './useFileActions';
import { FolderShareList, type FolderShareLine } from './FolderShareList';
import { shareText } from './ShareDialog';
import { useManageActions } from './useManageActions';
import { RecycleBin, type RecycleScope } from './RecycleBin';
import { MineTabs } from './MineTabs';
import { useUser } from '../../lib/use-user';

export const MINE_TABS = ['0', '1', '2', '3', '4'] as const;
export type MineTab = (typeof MINE_TABS)[number];

export interface MinePageData {
  tab: MineTab;
  fid: number;
  query: DriveQuery;
  info: Read<FolderInfo | null>;
  list: Read<ListPage<DriveRow | MineRow>>;
  quota: Read<{ used: number; total: number }>;
  types: Read<Dictionary>;
  formats: Read<Dictionary>;
  /** Tab 4, the 回收站 (issue 19): its page and whose bin. */
  recycle: Read<ListPage<RecycleRow>>;
  scope: RecycleScope;
  /** Tab 3: the folder links. */
  folderShares: Read<ListPage<FolderShareLine>>;
}

type Dialog = 'upload' | 'newFolder' | 'editFolder' | 'move' | 'copy' | null;

const mineHref = (fid: number) => (fid ? `/mineWp?fid=${fid}` : '/mineWp');

/** /mineWp (intranet.md §2): my disk, my favourites, downloads and shares, with the quota. */
export function MinePage({ data }: { data: MinePageData }) {
  const { tab, fid, query, info, list, quota, types, formats } = data;
  useLoadFailure(info, list, quota, types, formats, data.recycle);
  const user = useUser();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { change } = useSearchState();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const actions = useFileActions();
  const checked = useChecked(list.data.list);
  // Editing takes one item; the other actions take the checked rows.
  const picked = checked.rows.length === 1 ? checked.rows[0]! : null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);

  const refresh = () => {
    checked.clear();
    void revalidate();
  };
  const manage = useManageActions(refresh);
  const after = (worked: boolean) => {
    if (worked) checked.clear();
  };
  const need = (message_: string) => {
    if (!checked.rows.length) message.error(message_);
    return checked.rows.length > 0;
  };

  const move = async (target: number, copy: boolean) => {
    // Folders are moved, never copied (the server refuses: 文件夹只能移动，不能复制).
    if (copy && checked.rows.some(isFolderRow)) return void message.error('请选择文件');
    setMoving(true);
    const moved = await manage.move(checked.rows, {
      moveType: copy ? 1 : 2,
      fIdOld: fid,
      fIdNew: target,
      sType: copy ? 0 : 1,
    });
    setMoving(false);
    if (moved) setDialog(null);
  };

  const copyLink = async (url: string, extractCode: string | null = null) => {
    try {
      await navigator.clipboard.writeText(
        shareText(shareAddress(window.location.origin, url), extractCode),
      );
      message.success('复制成功');
    } catch {
      message.error('复制失败，请手动复制');
    }
  };

  const removeRecord = async (row: MineRow) => {
    try {
      if (tab === '1') {
        await removeFavourite(row.resourcesId ?? 0);
      } else {
        await call('resources/delDownloadRecord', { resId: String(row.resId) });
      }
      message.success(tab === '1' ? '取消成功' : '删除成功');
      refresh();
    } catch (err) {
      message.error(errorText(err) || '取消失败');
    }
  };

  const stopShare = async (row: Pick<MineRow, 'resId'>) => {
    try {
      await cancelShare(row.resId);
      message.success('已取消分享');
      refresh();
    } catch (err) {
      message.error(errorText(err) || '取消失败');
    }
  };

  const used = quota.data.total ? Math.round((quota.data.used / quota.data.total) * 100) : 0;
  const path = info.data?.path ?? [];
  const rows = list.data.list as Array<DriveRow & Partial<MineRow>>;
  const tabItems: Array<{ key: MineTab; label: string }> = [
    { key: '0', label: '我的网盘' },
    { key: '1', label: '我的收藏' },
    { key: '2', label: '我的下载' },
    { key: '3', label: '我的分享' },
    { key: '4', label: '回收站' },
  ];

  const recordColumns =
    tab === '0'
      ? []
      : [
          {
            title: tab === '1' ? '收藏时间' : tab === '2' ? '下载时间' : '分享时间',
            key: 'recordDate',
            width: 120,
            render: (_: unknown, row: DriveRow & Partial<MineRow>) => formatDay(row.recordDate),
          },
          ...(tab === '3'
            ? [
                // The share's state and 取消分享 first: the long link is last.
                ...shareColumns(stopShare),
                {
                  title: '分享链接',
                  key: 'shareUrl',
                  width: 220,
                  render: (_: unknown, row: DriveRow & Partial<MineRow>) =>
                    row.shareUrl ? (
                      <Typography.Link
                        onClick={() => void copyLink(row.shareUrl ?? '', row.extractCode ?? null)}
                        title="点击复制"
                      >
                        {shareAddress(window.location.origin, row.shareUrl)}
                      </Typography.Link>
                    ) : (
                      '—'
                    ),
                },
              ]
            : []),
          ...(tab === '1' || tab === '2'
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 100,
                  render: (_: unknown, row: DriveRow & Partial<MineRow>) => (
                    <Popconfirm
                      title={tab === '1' ? '是否取消收藏?' : '是否删除该下载记录?'}
                      okText="确定"
                      cancelText="取消"
                      onConfirm={() => void removeRecord(row as MineRow)}
                    >
                      <Button size="small" type="link" danger>
                        {tab === '1' ? '取消收藏' : '删除'}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ];

  const table = (
    <DriveTable
      keyword={query.keyword}
      rows={rows}
      total={list.data.total}
      pageNum={query.pageNum}
      loading={loading}
      sort={tab === '0' ? query.sort : undefined}
      onSort={
        tab === '0'
          ? (field) => change({ sort: sortText(toggleSort(query.sort, field)) })
          : undefined
      }
      selected={checked.keys}
      onSelect={checked.set}
      folderHref={(row) => mineHref(row.fid ?? 0)}
      onDownloadFolder={tab === '0' ? actions.downloadFolder : undefined}
      onShareFolder={tab === '0' ? actions.shareFolder : undefined}
      withoutUploader={tab === '0'}
      extraColumns={recordColumns}
    />
  );

  return (
    <main className="container staff-page drive-page drive-mine">
      <Crumbs
        home="/teachPage"
        items={[
          { label: '教学网盘', to: '/education' },
          { label: '我的网盘', to: fid || tab !== '0' ? '/mineWp' : undefined },
          ...path.map((step, i) => ({
            label: step.fname,
            to: i === path.length - 1 ? undefined : mineHref(step.fid),
          })),
        ]}
      />
      <h1 className="visually-hidden">我的网盘</h1>
      <Card className="staff-card drive-card">
        <div className="drive-quota" aria-label="个人空间">
          <span>个人空间</span>
          <Progress percent={used} size="small" className="drive-quota-bar" aria-label="空间已用" />
          <span className="muted">
            {formatSize(quota.data.used)} / {formatSize(quota.data.total)}
          </span>
        </div>
        <MineTabs
          active={tab}
          onChange={(key) => {
            checked.clear();
            navigate(key === '0' ? '/mineWp' : `/mineWp?tab=${key}`);
          }}
          items={tabItems}
        />
        {tab === '4' && (
          <RecycleBin
            list={data.recycle.data}
            pageNum={query.pageNum}
            keyword={query.keyword}
            scope={data.scope}
            canSeeLibrary={isDriveAdmin(user)}
            loading={loading}
            onChange={change}
            onDone={refresh}
          />
        )}
        {tab !== '4' && (
          <>
            <div className="drive-toolbar">
              <DriveFilters
                query={query}
                types={types.data}
                formats={formats.data}
                placeholder="文件名或关键字搜索"
                onChange={change}
                onSearch={(keyword) => change({ KeywordName: keyword })}
              />
              {tab === '0' && (
                <div className="drive-buttons">
                  <Button
                    type="primary"
                    icon={<UploadOutlined aria-hidden />}
                    onClick={() => setDialog('upload')}
                  >
                    文件上传
                  </Button>
                  <Button
                    icon={<FolderAddOutlined aria-hidden />}
                    onClick={() => setDialog('newFolder')}
                  >
                    新建文件夹
                  </Button>
                </div>
              )}
            </div>
            <div className="drive-toolbar">
              <div className="drive-buttons">
                {tab === '0' && (
                  <Button
                    onClick={() => {
                      if (!need('请选择文件或文件夹')) return;
                      if (!picked) return void message.error('编辑一次只能选择一项');
                      if (isFolderRow(picked)) setDialog('editFolder');
                      else setEditing(picked.resourcesId);
                    }}
                  >
                    编辑
                  </Button>
                )}
                {tab !== '1' && (
                  <Button onClick={() => void actions.favourite(checked.rows).then(after)}>
                    收藏
                  </Button>
                )}
                <Button onClick={() => void actions.download(checked.rows).then(after)}>
                  下载
                </Button>
                {tab === '0' && (
                  <>
                    <Button onClick={() => need('请选择文件或文件夹') && setDialog('move')}>
                      移动到
                    </Button>
                    <Button onClick={() => need('请选择文件') && setDialog('copy')}>
                      复制到公共盘
                    </Button>
                  </>
                )}
                <Button onClick={() => void actions.share(checked.rows).then(after)}>分享</Button>
              </div>
            </div>
            <SelectionBar
              count={checked.rows.length}
              onDownload={() => void actions.download(checked.rows).then(after)}
              onMove={tab === '0' ? () => setDialog('move') : undefined}
              onRemove={tab === '0' ? () => void manage.remove(checked.rows) : undefined}
              onClear={checked.clear}
            />
            {table}
            {tab === '3' && (
              <FolderShareList
                lines={data.folderShares.data.list}
                onCancel={(resId) => void stopShare({ resId })}
                onCopy={(url, extractCode) => void copyLink(url, extractCode)}
              />
            )}
            {tab === '0' && (
              <div className="drive-footer" role="group" aria-label="管理">
                <Button danger onClick={() => void manage.remove(checked.rows)}>
                  删除
                </Button>
                <Button onClick={() => void manage.pin(checked.rows, true)}>置顶</Button>
                <Button onClick={() => void manage.pin(checked.rows, false)}>取消置顶</Button>
              </div>
            )}
          </>
        )}
      </Card>
      {actions.shareDialog}
      <DriveUploadDialog
        open={dialog === 'upload'}
        onClose={() => setDialog(null)}
        onDone={refresh}
        fId={fid}
        sType={1}
        types={types.data}
        canMakeFolders
      />
      <FolderDialog
        open={dialog === 'newFolder' || dialog === 'editFolder'}
        folder={
          dialog === 'editFolder' && picked
            ? {
                fid: picked.fid ?? 0,
                fname: picked.fname ?? picked.resourcesName,
                fdesc: picked.resourcesDesc,
              }
            : null
        }
        parent={fid}
        sType={1}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <EditFileDialog
        onDisk
        resourcesId={editing}
        types={types.data}
        formats={formats.data}
        onClose={() => setEditing(null)}
        onDone={refresh}
      />
      <FolderTreePicker
        open={dialog === 'move'}
        title="移动到"
        sType={1}
        topLabel="我的网盘"
        okText="移动"
        hint="点击按钮下拉，点击文字选择文件夹"
        confirmLoading={moving}
        onPick={(target) => void move(target, false)}
        onClose={() => setDialog(null)}
      />
      <FolderTreePicker
        open={dialog === 'copy'}
        title="复制到公共盘"
        sType={0}
        okText="复制"
        hint="点击按钮下拉，点击文字选择文件夹"
        confirmLoading={moving}
        onPick={(target) => void move(target, true)}
        onClose={() => setDialog(null)}
      />
    </main>
  );
}

const STATE_COLOURS: Record<string, string> = {
  有效: 'green',
  已过期: 'default',
  已取消: 'default',
  次数用完: 'orange',
};

/** 我的分享's own columns (issue 19): code, expiry, downloads, state and 取消分享. */
function shareColumns(stop: (row: MineRow) => Promise<void>) {
  type Line = DriveRow & Partial<MineRow>;
  return [
    {
      title: '状态',
      key: 'shareState',
      width: 170,
      render: (_: unknown, row: Line) => (
        <span className="drive-share-state">
          <Tag color={STATE_COLOURS[row.shareState ?? ''] ?? 'default'}>{row.shareState}</Tag>
          {row.shareState !== '已取消' && (
            <Popconfirm
              title="取消后链接立即失效，是否取消分享?"
              okText="确定"
              cancelText="取消"
              onConfirm={() => void stop(row as MineRow)}
            >
              <Button size="small" type="link" danger>
                取消分享
              </Button>
            </Popconfirm>
          )}
        </span>
      ),
    },
    {
      title: '提取码',
      key: 'extractCode',
      width: 80,
      render: (_: unknown, row: Line) => row.extractCode ?? '无',
    },
    {
      title: '有效期至',
      key: 'expireDate',
      width: 140,
      render: (_: unknown, row: Line) => row.expireDate ?? '永久',
    },
    {
      title: '链接下载',
      key: 'downloads',
      width: 90,
      render: (_: unknown, row: Line) => `${row.downloads ?? 0} / ${row.maxDownloads ?? '不限'}`,
    },
  ];
}
