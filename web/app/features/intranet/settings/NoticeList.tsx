import { PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { call } from '../../../api/client';
import {
  useAction,
  useLoadFailure,
  usePageLoading,
  useSearchState,
  type ListPage,
  type Read,
} from '../../../api/page-data';
import { safeHref } from '../../../lib/site';
import { EnabledSwitch, RowActions } from './SiteControls';
import { NoticeFormModal } from './NoticeFormModal';
import type { NoticeRow } from './site-forms';
import { SearchInput } from '../../../components/ui/SearchInput';

export const NOTICE_PAGE_SIZE = 10;

/** Where a notice stands: on the ticker now, waiting for its date, or switched off. */
function NoticeState({ notice }: { notice: NoticeRow }) {
  if (notice.live) return <Tag color="success">显示中</Tag>;
  if (notice.scheduled) return <Tag color="processing">定时</Tag>;
  return <Tag>已停用</Tag>;
}

/**
 * 滚动通知: the intranet ticker's lines, with a keyword filter, paging and the
 * form; the keyword and page are in the address, read by the route's clientLoader.
 */
export function NoticeList({
  keyword,
  pageNum,
  loaded,
}: {
  keyword: string | undefined;
  pageNum: number;
  loaded: Read<ListPage<NoticeRow>>;
}) {
  const run = useAction();
  useLoadFailure(loaded);
  const data = loaded.data;
  const loading = usePageLoading();
  const { change, setPage } = useSearchState();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const [editing, setEditing] = useState<{ open: boolean; row: NoticeRow | null }>({
    open: false,
    row: null,
  });

  const act = async (work: () => Promise<unknown>, done: string) => {
    if (await run(work, done)) reload();
  };

  return (
    <section className="cms-panel" aria-label="滚动通知">
      <div className="cms-panel-head">
        <h1>滚动通知</h1>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing({ open: true, row: null })}
        >
          新增通知
        </Button>
      </div>
      <Typography.Paragraph type="secondary">
        显示在教职工页面顶部的滚动通知栏；上架时间未到的通知到时才显示。
      </Typography.Paragraph>
      <div className="cms-filters">
        <SearchInput
          allowClear
          placeholder="标题关键字"
          aria-label="标题关键字"
          style={{ width: 260 }}
          defaultValue={keyword}
          onSearch={(text) => change({ keyword: text.trim() || undefined })}
        />
      </div>
      <Table<NoticeRow>
        rowKey="rollingnewsId"
        loading={loading}
        dataSource={data.list}
        pagination={{
          current: pageNum,
          pageSize: NOTICE_PAGE_SIZE,
          total: data.total,
          showTotal: (total) => `共 ${total} 条`,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            title: '通知标题',
            dataIndex: 'rollingnewsTitle',
            render: (title: string, row) => (
              <>
                <NoticeState notice={row} /> {title}
              </>
            ),
          },
          {
            title: '链接',
            dataIndex: 'newsUrl',
            width: 220,
            ellipsis: true,
            render: (url: string | null) => {
              const href = safeHref(url);
              return href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {url}
                </a>
              ) : (
                <Typography.Text type="secondary">无</Typography.Text>
              );
            },
          },
          { title: '上架时间', dataIndex: 'shelvesDate', width: 170 },
          { title: '排序号', dataIndex: 'sort', width: 80 },
          {
            title: '启用',
            dataIndex: 'enabled',
            width: 90,
            render: (enabled: number, row) => (
              <EnabledSwitch
                name={row.rollingnewsTitle}
                enabled={enabled}
                onChange={(next) =>
                  act(
                    () =>
                      call('cms/notice/enable', {
                        rollingnewsId: row.rollingnewsId,
                        enabled: next,
                      }),
                    next === 1 ? '已启用' : '已停用',
                  )
                }
              />
            ),
          },
          {
            title: '操作',
            width: 130,
            render: (_, row) => (
              <RowActions
                name={row.rollingnewsTitle}
                onEdit={() => setEditing({ open: true, row })}
                onDelete={() =>
                  act(
                    () => call('cms/notice/delete', { rollingnewsId: row.rollingnewsId }),
                    '已删除',
                  )
                }
              />
            ),
          },
        ]}
      />
      <NoticeFormModal
        open={editing.open}
        notice={editing.row}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={() => {
          setEditing((e) => ({ ...e, open: false }));
          reload();
        }}
      />
    </section>
  );
}
