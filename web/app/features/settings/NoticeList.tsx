import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { call } from '../../api/client';
import { safeHref } from '../../lib/site';
import { EnabledSwitch, RowActions } from './SiteControls';
import { NoticeFormModal } from './NoticeFormModal';
import type { NoticeRow } from './site-forms';
import { useLoaded, useRunner } from './site-hooks';

const PAGE_SIZE = 10;
const EMPTY = { total: 0, list: [] as NoticeRow[] };

/** Where a notice stands: on the ticker now, waiting for its date, or switched off. */
function NoticeState({ notice }: { notice: NoticeRow }) {
  if (notice.live) return <Tag color="success">显示中</Tag>;
  if (notice.scheduled) return <Tag color="processing">定时</Tag>;
  return <Tag>已停用</Tag>;
}

/** 滚动通知: the intranet ticker's lines, with a keyword filter, paging and the form. */
export function NoticeList() {
  const run = useRunner();
  const [keyword, setKeyword] = useState<string>();
  const [pageNum, setPageNum] = useState(1);
  const [editing, setEditing] = useState<{ open: boolean; row: NoticeRow | null }>({
    open: false,
    row: null,
  });

  const load = useCallback(
    () =>
      call<{ total: number; list: NoticeRow[] }>('cms/notice/list', {
        keyword,
        pageNum,
        pageSize: PAGE_SIZE,
      }),
    [keyword, pageNum],
  );
  const { data, loading, reload } = useLoaded(load, EMPTY);

  const act = async (path: string, body: Record<string, number>, done: string) => {
    if (await run(() => call(`cms/notice/${path}`, body), done)) reload();
  };

  return (
    <section className="cms-panel" aria-label="滚动通知">
      <div className="cms-panel-head">
        <h1>滚动通知</h1>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ open: true, row: null })}
        >
          新增通知
        </Button>
      </div>
      <Typography.Paragraph type="secondary">
        显示在教职工页面顶部的滚动通知栏；上架时间未到的通知到时才显示。
      </Typography.Paragraph>
      <div className="cms-filters">
        <Input.Search
          allowClear
          placeholder="标题关键字"
          aria-label="标题关键字"
          style={{ width: 260 }}
          onSearch={(text) => {
            setKeyword(text.trim() || undefined);
            setPageNum(1);
          }}
        />
      </div>
      <Table<NoticeRow>
        rowKey="rollingnewsId"
        loading={loading}
        dataSource={data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          showSizeChanger: false,
          onChange: setPageNum,
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
                    'enable',
                    { rollingnewsId: row.rollingnewsId, enabled: next },
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
                onDelete={() => act('delete', { rollingnewsId: row.rollingnewsId }, '已删除')}
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
