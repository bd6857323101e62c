import { isContentAdmin } from '@school/common';
import { Checkbox, DatePicker, Empty, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { cloneElement, isValidElement, useState, type ReactNode } from 'react';
import { redirect, useRevalidator } from 'react-router';
import {
  emptyPage,
  errorText,
  intSearch,
  useLoadFailure,
  usePageLoading,
  useSearchState,
  type ListPage,
  type Read,
} from '../../api/page-data';
import { requireUser, type StoredUser } from '../../lib/session';
import { BulkActions } from './BulkActions';
import { ReviewActions } from './ReviewActions';
import {
  REVIEW_STATES,
  publicationNote,
  reviewColor,
  reviewFilterOf,
  type ListedKind,
  type ReviewFilter,
  type ReviewQuery,
  type ReviewedItem,
} from './review';
import { SearchInput } from '../ui/SearchInput';

const PAGE_SIZE = 10;

/**
 * One page of a reviewed kind's list for a clientLoader, by the filter in the
 * address, through `list` (the kind's, or one that adds its own fields); a
 * page emptied by a deletion shows the one before.
 */
export async function loadReviewList<Row>(
  request: Request,
  list: (query: ReviewQuery) => Promise<ListPage<Row>>,
) {
  requireUser(request);
  const url = new URL(request.url);
  const filter = reviewFilterOf(url.searchParams);
  const pageNum = intSearch(url.searchParams, 'pageNum') ?? 1;
  const { mine, ...rest } = filter;
  const query: ReviewQuery = { ...rest, mine: mine ? 1 : undefined, pageNum, pageSize: PAGE_SIZE };
  let page: Read<ListPage<Row>>;
  try {
    page = { data: await list(query), error: null };
  } catch (err) {
    page = { data: emptyPage(), error: errorText(err) };
  }
  if (page.data.list.length === 0 && pageNum > 1) {
    url.searchParams.set('pageNum', String(pageNum - 1));
    throw redirect(url.pathname + url.search);
  }
  return { filter, pageNum, page };
}

/** A row's review state as a tag. */
export const stateColumn = <Row extends ReviewedItem>(width: number): ColumnsType<Row>[number] => ({
  title: '状态',
  dataIndex: 'reviewState',
  width,
  render: (state: string, row) => <Tag color={reviewColor(state)}>{row.reviewStateName}</Tag>,
});

/** Whether a row is on the portal and, if not, why: 已上架, 定时上架 · 11月30日 08:00, 未上架：审核中 … */
export const shelfColumn = <Row extends ReviewedItem>(width: number): ColumnsType<Row>[number] => ({
  title: '上架',
  width,
  render: (_, row) => {
    const note = publicationNote(row);
    return <Tag color={note.color}>{note.text}</Tag>;
  },
});

/** Why a row was sent back, under its title. */
export function RejectedNote({ row }: { row: ReviewedItem }) {
  return row.reviewState === 'rejected' && row.reviewNote ? (
    <div className="cms-note">退回原因：{row.reviewNote}</div>
  ) : null;
}

/**
 * The list page of a reviewed kind (新闻管理, 视频管理): its heading and
 * buttons (`head`), the filter bar (category, state, title keyword, any
 * `toggles`, and for administrators 只看我发布的), and the table of the
 * kind's `columns` with each row's workflow actions (ReviewActions) last.
 */
export function ReviewList<Row extends ReviewedItem & { typeId: number }>({
  kind,
  heading,
  head,
  category,
  filter,
  toggles,
  page,
  pageNum,
  columns,
  actionsWidth,
  scrollX,
  titleOf,
  pageHref,
  user,
}: {
  kind: ListedKind<Row>;
  heading: string;
  head: ReactNode;
  /** The category filter: 栏目, 分类. */
  category: { label: string; width: number; options: Array<{ value: number; label: string }> };
  filter: ReviewFilter;
  /** More filters, set through `change`. */
  toggles?: (change: (changes: Record<string, boolean>) => void) => ReactNode;
  page: Read<ListPage<Row>>;
  pageNum: number;
  columns: ColumnsType<Row>;
  actionsWidth: number;
  scrollX?: number;
  titleOf: (row: Row) => string;
  pageHref: (row: Row) => string;
  user: StoredUser;
}) {
  useLoadFailure(page);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const [picked, setPicked] = useState<number[]>([]);
  // Only rows on the page count: a new page or filter leaves nothing selected by surprise.
  const rows = page.data.list;
  const selected = picked.filter((id) => rows.some((row) => kind.idOf(row) === id));
  const titleById = (id: number) => {
    const row = rows.find((r) => kind.idOf(r) === id);
    return row ? titleOf(row) : `#${id}`;
  };

  return (
    <section className="cms-panel" aria-label={heading}>
      <div className="cms-panel-head">
        <h1>{heading}</h1>
        {head}
      </div>
      <div className="cms-filters">
        <Select
          allowClear
          placeholder={`全部${category.label}`}
          aria-label={category.label}
          style={{ width: category.width }}
          options={category.options}
          defaultValue={filter.typeId}
          onChange={(typeId?: number) => change({ typeId })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="状态"
          defaultValue={filter.reviewState}
          style={{ width: 140 }}
          options={REVIEW_STATES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(reviewState?: string) => change({ reviewState })}
        />
        <SearchInput
          allowClear
          placeholder="标题关键字"
          aria-label="标题关键字"
          style={{ width: 240 }}
          defaultValue={filter.keyword}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <DatePicker.RangePicker
          aria-label="发布日期"
          placeholder={['发布日期起', '发布日期止']}
          style={{ width: 260 }}
          defaultValue={[
            filter.beginDate ? dayjs(filter.beginDate) : null,
            filter.endDate ? dayjs(filter.endDate) : null,
          ]}
          allowEmpty={[true, true]}
          onChange={(range) =>
            change({
              beginDate: range?.[0]?.format('YYYY-MM-DD'),
              endDate: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        {toggles?.(change)}
        {isContentAdmin(user) && (
          <Checkbox checked={filter.mine} onChange={(e) => change({ mine: e.target.checked })}>
            只看我发布的
          </Checkbox>
        )}
      </div>
      <BulkActions
        kind={kind}
        batch={kind.batch}
        user={user}
        selected={selected}
        titleOf={titleById}
        onDone={() => {
          setPicked([]);
          void revalidate();
        }}
      />
      <Table<Row>
        rowKey={kind.idOf}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setPicked(keys.map(Number)),
          columnWidth: 40,
          // The checkboxes' names in Chinese (antd names them "Select row 1", "Select all").
          getCheckboxProps: (row) => ({ 'aria-label': `选择《${titleOf(row)}》` }),
          columnTitle: (box) =>
            isValidElement<{ 'aria-label'?: string }>(box)
              ? cloneElement(box, { 'aria-label': '全选本页' })
              : box,
        }}
        loading={loading}
        dataSource={page.data.list}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
        }}
        scroll={scrollX ? { x: scrollX } : undefined}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page.data.total,
          showTotal: (total) => `共 ${total} 条`,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          ...columns,
          {
            title: '操作',
            width: actionsWidth,
            fixed: scrollX ? 'right' : undefined,
            render: (_, row) => (
              <ReviewActions
                kind={kind}
                id={kind.idOf(row)}
                title={titleOf(row)}
                state={row}
                pageHref={pageHref(row)}
                user={user}
                onChanged={() => void revalidate()}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
