import { isDriveAdmin } from '@school/common';
import { App, Button, Card } from 'antd';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import {
  useLoadFailure,
  usePageLoading,
  useSearchState,
  errorText,
  type Read,
} from '../../api/page-data';
import { Crumbs } from '../../components/ui/Crumbs';
import { useUser } from '../../lib/use-user';
import { deleteResource, type Dictionary, type DriveList } from './drive-api';
import { sortText, toggleSort } from './drive-data';
import { DriveFilters } from './DriveFilters';
import type { DriveQuery } from './drive-load';
import { DriveTable, useChecked } from './DriveTable';
import { SelectionBar } from './SelectionBar';
import { EditFileDialog } from './FolderDialogs';
import { useFileActions } from './useFileActions';
import { RESTORABLE } from './useManageActions';
import { FacetPanel } from './FacetPanel';
import { FacetAdminDrawer } from './FacetAdminDrawer';
import { facetText, type FacetCounts, type FacetValue } from './facet-data';

export interface DriveListData {
  query: DriveQuery;
  list: Read<DriveList>;
  types: Read<Dictionary>;
  formats: Read<Dictionary>;
  /** The library's teaching facets: the dictionary and the counts of the panel. */
  facets?: { values: FacetValue[]; counts: FacetCounts };
}

/**
 * 最新上传 / 近期热门 / 热门下载 and the search results (intranet.md §2):
 * filters, search, 收藏, 下载, 分享 and, for the drive admin, 删除.
 */
export function DriveListPage({
  title,
  data,
  placeholder = '输入关键字或老师名称搜索',
  intro,
  ranked = false,
  own = false,
}: {
  title: string;
  data: DriveListData;
  placeholder?: string;
  intro?: string;
  /** A ranking list: its own order until a sort is chosen. */
  ranked?: boolean;
  /** The person's own files (/myPublicwp): 编辑 for each and the folder each is in. */
  own?: boolean;
}) {
  const { query, list, types, formats } = data;
  useLoadFailure(list, types, formats);
  const { message, modal } = App.useApp();
  const { change } = useSearchState();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const user = useUser();
  const actions = useFileActions();
  const checked = useChecked(list.data.list);
  const isAdmin = isDriveAdmin(user);
  const [editing, setEditing] = useState<number | null>(null);
  const [dictionaryOpen, setDictionaryOpen] = useState(false);
  const facets = data.facets;

  const after = (worked: boolean) => {
    if (worked) checked.clear();
  };

  // These lists hold files only: several are deleted in one call (all or none).
  const remove = () => {
    const ids = checked.rows.map((row) => row.resourcesId ?? 0);
    if (!ids.length) return void message.error('请选择文件');
    modal.confirm({
      title: '提示',
      content:
        ids.length === 1
          ? `是否将该文件移入回收站?${RESTORABLE}`
          : `是否将选中的 ${ids.length} 个文件移入回收站?${RESTORABLE}`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteResource(ids.join(','));
          message.success('已移入回收站');
          checked.clear();
          void revalidate();
        } catch (err) {
          message.error(errorText(err));
        }
      },
    });
  };

  return (
    <main className="container staff-page drive-page">
      <Crumbs
        home="/teachPage"
        items={[{ label: '教学网盘', to: '/education' }, { label: title }]}
      />
      <Card className="staff-card drive-card" title={<h1 className="drive-title">{title}</h1>}>
        {intro && <p className="muted">{intro}</p>}
        <div className="drive-toolbar">
          <DriveFilters
            query={query}
            types={types.data}
            formats={formats.data}
            placeholder={placeholder}
            onChange={change}
            onSearch={(keyword) => change({ KeywordName: keyword })}
          />
          <div className="drive-buttons">
            <Button onClick={() => void actions.favourite(checked.rows).then(after)}>收藏</Button>
            <Button onClick={() => void actions.download(checked.rows).then(after)}>下载</Button>
            <Button onClick={() => void actions.share(checked.rows).then(after)}>分享</Button>
            {own && (
              <Button
                onClick={() =>
                  checked.rows.length === 1 && checked.rows[0]!.resourcesId
                    ? setEditing(checked.rows[0]!.resourcesId)
                    : void message.error(
                        checked.rows.length ? '编辑一次只能选择一项' : '请选择文件',
                      )
                }
              >
                编辑
              </Button>
            )}
            {isAdmin && (
              <Button danger onClick={remove}>
                删除
              </Button>
            )}
          </div>
        </div>
        {facets && (
          <FacetPanel
            values={facets.values}
            counts={facets.counts}
            filter={query.facets}
            onChange={change}
            extra={
              isAdmin && (
                <Button size="small" onClick={() => setDictionaryOpen(true)}>
                  分面字典
                </Button>
              )
            }
          />
        )}
        <p className="muted drive-total">共{list.data.total}个资源</p>
        <SelectionBar
          count={checked.rows.length}
          onDownload={() => void actions.download(checked.rows).then(after)}
          onRemove={isAdmin ? remove : undefined}
          onClear={checked.clear}
        />
        <DriveTable
          keyword={query.keyword}
          rows={list.data.list}
          total={list.data.total}
          pageNum={query.pageNum}
          loading={loading}
          sort={{ ...query.sort, unset: ranked && !query.sortChosen }}
          onSort={(field) => change({ sort: sortText(toggleSort(query.sort, field)) })}
          selected={checked.keys}
          onSelect={checked.set}
          extraColumns={
            facets
              ? [
                  {
                    title: '教学分面',
                    key: 'facets',
                    width: 220,
                    render: (_, row) => facetText(facets.values, row) || '—',
                  },
                ]
              : own
                ? [
                    {
                      title: '所在文件夹',
                      key: 'folder',
                      width: 200,
                      render: (_, row) =>
                        row.fid ? (
                          <Link to={`/filelistPage?fid=${row.fid}`}>{row.fname ?? '—'}</Link>
                        ) : (
                          '—'
                        ),
                    },
                  ]
                : undefined
          }
        />
      </Card>
      {own && (
        <EditFileDialog
          resourcesId={editing}
          types={types.data}
          formats={formats.data}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            checked.clear();
            void revalidate();
          }}
        />
      )}
      {actions.shareDialog}
      {facets && isAdmin && (
        <FacetAdminDrawer
          open={dictionaryOpen}
          onClose={() => setDictionaryOpen(false)}
          onChanged={() => void revalidate()}
        />
      )}
    </main>
  );
}
