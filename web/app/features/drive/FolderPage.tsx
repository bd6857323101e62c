import { isDriveAdmin } from '@school/common';
import {
  AimOutlined,
  FolderAddOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Card } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { FolderInfo } from '@school/common/api';
import { useLoadFailure, usePageLoading, useSearchState, type Read } from '../../api/page-data';
import { Crumbs } from '../../components/ui/Crumbs';
import { useUser } from '../../lib/use-user';
import type { Dictionary, DriveList, DriveRow } from './drive-api';
import { sortText, toggleSort } from './drive-data';
import { DriveFilters } from './DriveFilters';
import { folderHref, type RootFolder } from './DriveHome';
import type { DriveQuery } from './drive-load';
import { DriveTable, isFolderRow, useChecked } from './DriveTable';
import { DriveUploadDialog } from './DriveUpload';
import { EditFileDialog, FolderDialog } from './FolderDialogs';
import { FolderTreePicker } from './FolderTreePicker';
import { useFileActions } from './useFileActions';
import { useManageActions } from './useManageActions';
import { SelectionBar } from './SelectionBar';
import { SearchInput } from '../../components/ui/SearchInput';

export interface FolderPageData {
  fid: number;
  secondLevel: number | undefined;
  query: DriveQuery;
  info: Read<FolderInfo | null>;
  list: Read<DriveList>;
  count: Read<DriveList>;
  columns: Read<RootFolder[]>;
  types: Read<Dictionary>;
  formats: Read<Dictionary>;
}

type Dialog = 'upload' | 'newFolder' | 'locate' | 'move' | 'editFolder' | null;

/** The left column: the library's columns with their folders, hidden or shown. */
function ColumnList({ columns, fid, root }: { columns: RootFolder[]; fid: number; root?: number }) {
  const [shown, setShown] = useState(true);
  return (
    <Card
      className={`staff-card drive-column-list${shown ? '' : ' is-hidden'}`}
      title="资源栏目"
      extra={
        <Button
          type="text"
          size="small"
          icon={shown ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
          onClick={() => setShown(!shown)}
        >
          {shown ? '隐藏' : '显示'}
        </Button>
      }
    >
      {shown && (
        <ul className="drive-column-tree">
          {columns.map((column) => (
            <li key={column.fid}>
              <Link
                to={folderHref(column.fid, column.fid)}
                className={column.fid === fid ? 'is-current' : undefined}
              >
                {column.fname}（{column.fnum}）
              </Link>
              {(column.fid === root || column.fid === fid) && column.list.length > 0 && (
                <ul>
                  {column.list.map((child) => (
                    <li key={child.fid}>
                      <Link
                        to={folderHref(child.fid, column.fid)}
                        className={child.fid === fid ? 'is-current' : undefined}
                      >
                        {child.fname}（{child.fnum}）
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /filelistPage (intranet.md §2): a library folder with its files and folders. */
export function FolderPage({ data }: { data: FolderPageData }) {
  const { fid, query, info, list, count, columns, types, formats } = data;
  useLoadFailure(info, list, count, columns, types, formats);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { change } = useSearchState();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const user = useUser();
  const actions = useFileActions();
  const checked = useChecked(list.data.list);
  // Editing takes one item; the other actions take the checked rows.
  const picked = checked.rows.length === 1 ? checked.rows[0]! : null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const isAdmin = isDriveAdmin(user);
  const folder = info.data;
  const root = data.secondLevel ?? folder?.path[0]?.fid;
  // 共N个资源: the files in the folder and below it (the columns' counts), else the list's total.
  const known = columns.data.flatMap((c) => [c, ...c.list]).find((f) => f.fid === fid);
  const fileCount = known?.fnum ?? count.data.total;

  const refresh = () => {
    checked.clear();
    void revalidate();
  };
  const after = (worked: boolean) => {
    if (worked) checked.clear();
  };
  const rowFolder = (row: DriveRow) => folderHref(row.fid ?? 0, root);

  const manage = useManageActions(refresh);

  const edit = () => {
    if (checked.rows.length > 1) return void message.error('编辑一次只能选择一项');
    if (!picked) return void message.error('请选择文件或文件夹');
    if (isFolderRow(picked)) setDialog('editFolder');
    else setEditing(picked.resourcesId);
  };

  const move = async (target: number) => {
    setMoving(true);
    const moved = await manage.move(checked.rows, {
      moveType: 0,
      fIdOld: fid,
      fIdNew: target,
      sType: 0,
    });
    setMoving(false);
    if (moved) setDialog(null);
  };
  const startMove = () =>
    checked.rows.length ? setDialog('move') : message.error('请选择文件或文件夹');

  const trail = [
    { label: '教学网盘', to: '/education' },
    ...(folder?.path ?? []).map((step, i, all) => ({
      label: step.fname,
      to: i === all.length - 1 ? undefined : folderHref(step.fid, root),
    })),
  ];

  return (
    <main className="container staff-page drive-page drive-folder-page">
      <Crumbs home="/teachPage" items={trail} />
      <div className="drive-folder-layout">
        <ColumnList columns={columns.data} fid={fid} root={root} />
        <Card
          className="staff-card drive-card"
          title={
            <h1 className="drive-title">
              {folder?.fname ?? '教学网盘'}
              <span className="muted drive-title-count">共{fileCount}个资源</span>
            </h1>
          }
        >
          <div className="drive-toolbar">
            <SearchInput
              className="drive-search"
              placeholder="文件名或关键字搜索"
              aria-label="文件名或关键字搜索"
              enterButton="搜索"
              onSearch={(value) => {
                const keyword = value.trim();
                if (!keyword) return void message.warning('请输入搜索内容');
                navigate(
                  `/huntFor?${new URLSearchParams({ KeywordName: keyword, fid: String(fid), type: '1' })}`,
                );
              }}
            />
            <div className="drive-buttons">
              <Button
                type="primary"
                icon={<UploadOutlined aria-hidden />}
                onClick={() => setDialog('upload')}
              >
                文件上传
              </Button>
              <Button onClick={() => navigate(`/huntFor?type=1&fid=${fid}`)}>按分面筛选</Button>
              {isAdmin && (
                <Button
                  icon={<FolderAddOutlined aria-hidden />}
                  onClick={() => setDialog('newFolder')}
                >
                  新建文件夹
                </Button>
              )}
              <Button icon={<AimOutlined aria-hidden />} onClick={() => setDialog('locate')}>
                快速定位
              </Button>
            </div>
          </div>
          <div className="drive-toolbar">
            <DriveFilters
              query={query}
              types={types.data}
              formats={formats.data}
              placeholder=""
              onChange={change}
            />
            <div className="drive-buttons">
              <Button onClick={() => void actions.favourite(checked.rows).then(after)}>收藏</Button>
              <Button onClick={() => void actions.download(checked.rows).then(after)}>下载</Button>
              <Button onClick={() => void actions.share(checked.rows).then(after)}>分享</Button>
              {isAdmin && <Button onClick={startMove}>移动到</Button>}
            </div>
          </div>
          <SelectionBar
            count={checked.rows.length}
            onDownload={() => void actions.download(checked.rows).then(after)}
            onMove={isAdmin ? startMove : undefined}
            onRemove={isAdmin ? () => void manage.remove(checked.rows) : undefined}
            onClear={checked.clear}
          />
          <DriveTable
            keyword={query.keyword}
            rows={list.data.list}
            total={list.data.total}
            pageNum={query.pageNum}
            loading={loading}
            sort={query.sort}
            onSort={(field) => change({ sort: sortText(toggleSort(query.sort, field)) })}
            selected={checked.keys}
            onSelect={checked.set}
            folderHref={rowFolder}
            onDownloadFolder={actions.downloadFolder}
            onShareFolder={actions.shareFolder}
          />
          {isAdmin && (
            <div className="drive-footer" role="group" aria-label="管理">
              <Button onClick={edit}>编辑</Button>
              <Button danger onClick={() => void manage.remove(checked.rows)}>
                删除
              </Button>
              <Button onClick={() => void manage.pin(checked.rows, picked?.isTop !== '1')}>
                {picked?.isTop === '1' ? '取消置顶' : '置顶'}
              </Button>
            </div>
          )}
        </Card>
      </div>
      {actions.shareDialog}
      <DriveUploadDialog
        open={dialog === 'upload'}
        onClose={() => setDialog(null)}
        onDone={refresh}
        fId={fid}
        sType={0}
        types={types.data}
        canMakeFolders={isAdmin}
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
        sType={0}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <EditFileDialog
        resourcesId={editing}
        types={types.data}
        formats={formats.data}
        onClose={() => setEditing(null)}
        onDone={refresh}
      />
      <FolderTreePicker
        open={dialog === 'locate'}
        title="快速定位"
        sType={0}
        pickOnClick
        onPick={(target) => {
          setDialog(null);
          navigate(folderHref(target));
        }}
        onClose={() => setDialog(null)}
      />
      <FolderTreePicker
        open={dialog === 'move'}
        title="移动到"
        sType={0}
        okText="移动"
        hint="点击按钮下拉，点击文字选择文件夹"
        confirmLoading={moving}
        onPick={(target) => void move(target)}
        onClose={() => setDialog(null)}
      />
    </main>
  );
}
