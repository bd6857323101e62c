import { DeleteOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { MAIL_PAGE_SIZE, MAIL_UNREAD } from '@school/common';
import type { DraftItem, ReceiveItem, ScheduledItem, SendItem } from '@school/common/api';
import { App, Badge, Button, Radio, Table, Tag, Tooltip } from 'antd';
import { useState, type Key } from 'react';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { cancelSchedule } from './mail-api';
import { usePhoneTable, type PhoneColumn } from '../../components/ui/phone-table';
import type { ListPage } from '../../api/page-data';
import { cutTitle, type ListView } from './mail-data';
import { SearchInput } from '../../components/ui/SearchInput';

export type MailRow = ReceiveItem | SendItem | DraftItem | ScheduledItem;

/** 全部 / 未读 / 已读 as the lists' inmainState filter. */
export type ReadFilter = 'all' | 'unread' | 'read';

/** Deletes the chosen rows of a list (their ids comma-joined, as the spec sends them). */
const DELETE: Record<ListView, (ids: string) => Promise<unknown>> = {
  inbox: (receiveIdArr) => call('email/delReceive', { receiveIdArr }),
  sent: (sendIdArr) => call('email/delSend', { sendIdArr }),
  drafts: (draftIdArr) => call('email/delDraft', { draftIdArr }),
  scheduled: (draftIdArr) => call('email/delDraft', { draftIdArr }),
};

/** What a list holds, in its messages. */
const NOUN: Record<ListView, string> = {
  inbox: '邮件',
  sent: '邮件',
  drafts: '草稿',
  scheduled: '待发送邮件',
};

export const rowKeyOf = (kind: ListView, row: MailRow): number =>
  kind === 'inbox'
    ? (row as ReceiveItem).receiveId
    : kind === 'sent'
      ? (row as SendItem).sendId
      : (row as DraftItem | ScheduledItem).draftId;

function TitleCell({ kind, row }: { kind: ListView; row: MailRow }) {
  const unread = kind === 'inbox' && (row as ReceiveItem).inmainState === MAIL_UNREAD;
  const title = row.inmailTitle || '（无主题）';
  return (
    <span className={`mail-title${unread ? ' is-unread' : ''}`} title={title}>
      {unread && <Badge status="error" className="mail-unread-dot" role="img" aria-label="未读" />}
      {/* Focusable for the keyboard; its click reaches the row, which opens the mail. */}
      <button type="button" className="link-button mail-open">
        {cutTitle(title)}
      </button>
      {row.fileCount > 0 && (
        <PaperClipOutlined className="mail-clip" aria-label="有附件" title="有附件" />
      )}
      {kind === 'sent' && (row as SendItem).recalled && (
        <Tag color="default" className="mail-tag">
          已撤回
        </Tag>
      )}
      {kind === 'drafts' && (row as DraftItem).sendError && (
        <Tooltip title={(row as DraftItem).sendError}>
          <Tag color="error" className="mail-tag">
            定时发送未成功
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** A list time as a phone's row shows it: month, day, hour and minute ("11-26 08:05"). */
const shortTime = (time: string) => time.replace(/^\d{4}-/, '').replace(/:\d{2}$/, '');

/** The list's columns; on a phone the person, the subject and the time stay in the row. */
function columnsOf(
  kind: ListView,
  phone: boolean,
  cancel: (row: ScheduledItem) => void,
): PhoneColumn<MailRow>[] {
  const title: PhoneColumn<MailRow> = {
    title: '主题',
    key: 'title',
    keep: true,
    render: (_: unknown, row: MailRow) => <TitleCell kind={kind} row={row} />,
  };
  const time = (label: string, of: (row: MailRow) => string): PhoneColumn<MailRow> => ({
    title: label,
    key: 'time',
    width: 170,
    keep: true,
    phoneWidth: 92,
    render: (_, row) => (phone ? <time dateTime={of(row)}>{shortTime(of(row))}</time> : of(row)),
  });
  if (kind === 'inbox') {
    return [
      {
        title: '发件人',
        key: 'from',
        width: 120,
        keep: true,
        phoneWidth: 72,
        render: (_, r) => (r as ReceiveItem).sendName,
      },
      title,
      time('时间', (r) => (r as ReceiveItem).createDate),
    ];
  }
  if (kind === 'sent') {
    return [
      {
        title: '收件人',
        key: 'to',
        width: 180,
        render: (_, r) => <span className="mail-names">{(r as SendItem).receiveName}</span>,
      },
      title,
      {
        title: '状态',
        key: 'read',
        width: 70,
        keep: true,
        phoneWidth: 52,
        render: (_, r) =>
          (r as SendItem).recalled ? (
            <span className="muted">已撤回</span>
          ) : (r as SendItem).ifRead === '0' ? (
            <Tooltip title="已有收件人阅读">
              <EyeOutlined className="mail-read-icon" aria-label="已读" />
            </Tooltip>
          ) : (
            <span className="muted">未读</span>
          ),
      },
      time('时间', (r) => (r as SendItem).createDate),
    ];
  }
  if (kind === 'scheduled') {
    return [
      {
        title: '收件人',
        key: 'to',
        width: 180,
        render: (_, r) => <span className="mail-names">{(r as ScheduledItem).receiveName}</span>,
      },
      title,
      time('发送时间', (r) => (r as ScheduledItem).sendTime),
      {
        title: '操作',
        key: 'cancel',
        width: 96,
        keep: true,
        phoneWidth: 72,
        render: (_, r) => (
          <Button
            type="link"
            size="small"
            className="mail-cancel-schedule"
            aria-label={`取消定时：${r.inmailTitle}`}
            onClick={(event) => {
              // The row would open the mail.
              event.stopPropagation();
              cancel(r as ScheduledItem);
            }}
          >
            取消定时
          </Button>
        ),
      },
    ];
  }
  return [
    {
      title: '收件人',
      key: 'to',
      width: 180,
      render: (_, r) => (r as DraftItem).receiveName || <span className="muted">（未填写）</span>,
    },
    title,
    time('保存时间', (r) => (r as DraftItem).updateDate),
  ];
}

/**
 * 收件箱 / 发件箱 / 草稿箱 / 待发送: 10 a page, a keyword search (not for 待发送, a short list
 * in the order the mails go), the read filter (inbox and sent box), a row opens, checked rows
 * can be deleted; a scheduled mail can be cancelled back to the draft box.
 */
export function MailList({
  kind,
  page,
  pageNum,
  keyword,
  filter,
  loading,
  onOpen,
  onSearch,
  onFilter,
  onPage,
  onDeleted,
}: {
  kind: ListView;
  page: ListPage<MailRow>;
  pageNum: number;
  keyword: string;
  filter: ReadFilter;
  loading: boolean;
  onOpen: (row: MailRow) => void;
  onSearch: (keyword: string) => void;
  onFilter: (filter: ReadFilter) => void;
  onPage: (pageNum: number) => void;
  onDeleted: () => void;
}) {
  const { message, modal } = App.useApp();
  const [selected, setSelected] = useState<Key[]>([]);
  const cancel = (row: ScheduledItem) =>
    modal.confirm({
      title: '提示',
      content: `取消《${row.inmailTitle}》的定时发送吗？邮件将存入草稿箱，不会发出。`,
      okText: '取消定时',
      cancelText: '不取消',
      onOk: async () => {
        try {
          await cancelSchedule(row.draftId);
          message.success('已取消定时发送，邮件已存入草稿箱');
          onDeleted();
        } catch (err) {
          message.error(errorText(err));
        }
      },
    });
  const table = usePhoneTable((phone) => columnsOf(kind, phone, cancel), 640);
  // The selection belongs to the rows shown: a new page or list clears it.
  const [shown, setShown] = useState(page);
  if (shown !== page) {
    setShown(page);
    setSelected([]);
  }

  const remove = () => {
    if (selected.length === 0) {
      message.warning('请选择要删除的文件');
      return;
    }
    modal.confirm({
      title: '提示',
      content: `确定删除选中的${selected.length}封${NOUN[kind]}吗？${kind === 'scheduled' ? '删除后不会发出。' : ''}`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await DELETE[kind](selected.join(','));
          message.success('删除成功');
          setSelected([]);
          onDeleted();
        } catch {
          message.error('删除失败');
        }
      },
    });
  };

  return (
    <div className="mail-list">
      <div className="mail-list-tools">
        {kind !== 'scheduled' && (
          <SearchInput
            key={`${kind}-${keyword}`}
            className="mail-search"
            placeholder="搜索主题、正文或联系人"
            aria-label="搜索邮件"
            defaultValue={keyword}
            maxLength={50}
            allowClear
            enterButton="搜索"
            onSearch={(value) => onSearch(value.trim())}
          />
        )}
        {(kind === 'inbox' || kind === 'sent') && (
          <Radio.Group
            optionType="button"
            value={filter}
            onChange={(event) => onFilter(event.target.value as ReadFilter)}
            options={[
              { value: 'all', label: '全部' },
              { value: 'unread', label: '未读' },
              { value: 'read', label: '已读' },
            ]}
          />
        )}
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={remove}>
          删除
        </Button>
      </div>
      <Table<MailRow>
        rowKey={(row) => rowKeyOf(kind, row)}
        size="middle"
        loading={loading}
        dataSource={page.list}
        locale={{
          emptyText:
            kind === 'drafts' ? '暂无草稿' : kind === 'scheduled' ? '暂无待发送的邮件' : '暂无邮件',
        }}
        {...table.props}
        rowClassName="mail-row"
        rowSelection={{
          selectedRowKeys: selected,
          onChange: setSelected,
          // The checkboxes' names in Chinese (antd names them "Select all").
          getCheckboxProps: (row) => ({
            'aria-label': `选择邮件《${row.inmailTitle || '无主题'}》`,
          }),
          getTitleCheckboxProps: () => ({ 'aria-label': '全选本页' }),
        }}
        onRow={(row) => ({
          onClick: (event) => {
            // A click on the checkbox selects, on 展开 shows the details; elsewhere it opens the mail.
            const target = event.target as HTMLElement;
            if (!target.closest('.ant-table-selection-column, .ant-table-row-expand-icon-cell')) {
              onOpen(row);
            }
          },
        })}
        pagination={{
          current: pageNum,
          pageSize: MAIL_PAGE_SIZE,
          total: page.total,
          showTotal: (total) => `共 ${total} 封`,
          showSizeChanger: false,
          hideOnSinglePage: false,
          onChange: onPage,
        }}
      />
    </div>
  );
}
