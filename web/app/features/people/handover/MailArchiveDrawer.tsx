import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Empty, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useApiData } from '../../../api/page-data';
import { RichText } from '../../../components/article/RichText';
import { SearchInput } from '../../../components/ui/SearchInput';
import type { StaffRow } from '../staff-types';

const PAGE_SIZE = 10;
type Box = 'in' | 'out';
type Opened = { inmailId: number; receiveId?: number; sendId?: number };
/** A line of either box. */
type Line = { key: number; title: string; who: string; at: string; opens: Opened };

/**
 * 邮件归档: a leaver's inbox and sent box, read-only, for system
 * administrators; a mail opens in place with its recipients and attachments.
 */
export function MailArchiveDrawer({
  staff,
  onClose,
}: {
  /** null: closed. */
  staff: StaffRow | null;
  onClose: () => void;
}) {
  const [box, setBox] = useState<Box>('in');
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState<Opened | null>(null);
  const body = {
    staffId: staff?.staffId ?? 0,
    keyword: keyword || undefined,
    pageNum,
    pageSize: PAGE_SIZE,
  };
  const inbox = useApiData(staff && box === 'in' ? 'email/archive/getReceiveList' : null, body, {
    total: 0,
    list: [],
  });
  const sent = useApiData(staff && box === 'out' ? 'email/archive/getSendList' : null, body, {
    total: 0,
    list: [],
  });
  const detail = useApiData(
    staff && opened ? 'email/archive/getEmailDetail' : null,
    { staffId: staff?.staffId ?? 0, ...(opened ?? { inmailId: 0 }) },
    null,
  );

  const close = () => {
    setOpened(null);
    setPageNum(1);
    setKeyword('');
    setBox('in');
    onClose();
  };
  const pagination = (total: number) => ({
    current: pageNum,
    pageSize: PAGE_SIZE,
    total,
    showTotal: (n: number) => `共 ${n} 封`,
    showSizeChanger: false,
    onChange: setPageNum,
  });
  const subject = (title: string, row: Opened) => (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened(row)}>
      {title || '（无主题）'}
    </Button>
  );

  // Both boxes as one table's lines: the subject opens the mail as the leaver's own entry.
  const lines: Line[] =
    box === 'in'
      ? (inbox.data?.list ?? []).map((row) => ({
          key: row.receiveId,
          title: row.inmailTitle,
          who: row.sendName,
          at: row.createDate,
          opens: { inmailId: row.inmailId, receiveId: row.receiveId },
        }))
      : (sent.data?.list ?? []).map((row) => ({
          key: row.sendId,
          title: row.inmailTitle,
          who: row.receiveName,
          at: row.createDate,
          opens: { inmailId: row.inmailId, sendId: row.sendId },
        }));
  const mail = detail.data;
  return (
    <Drawer
      open={staff !== null}
      title={staff ? `邮件归档：${staff.staffName}` : '邮件归档'}
      size="large"
      onClose={close}
      destroyOnHidden
    >
      {opened ? (
        <section aria-label="归档邮件">
          <Button style={{ marginBottom: 12 }} onClick={() => setOpened(null)}>
            返回列表
          </Button>
          {mail ? (
            <>
              <Typography.Title level={4}>{mail.inmailTitle}</Typography.Title>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'from', label: '发件人', children: mail.sendName },
                  {
                    key: 'to',
                    label: '收件人',
                    children: mail.staffInfoList.map((r) => r.staffName).join('、'),
                  },
                  { key: 'at', label: '时间', children: mail.createDate },
                ]}
              />
              <RichText html={mail.inmailContent} className="mail-body" />
              {mail.fileList.length > 0 && (
                <ul aria-label="附件" style={{ paddingInlineStart: 0, listStyle: 'none' }}>
                  {mail.fileList.map((file) => (
                    <li key={file.fileId}>
                      <PaperClipOutlined aria-hidden />{' '}
                      <a href={file.filePath} download={file.fileName}>
                        {file.fileName}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            !detail.loading && <Empty description="邮件不存在" />
          )}
        </section>
      ) : (
        <>
          <Tabs
            activeKey={box}
            onChange={(key) => {
              setBox(key as Box);
              setPageNum(1);
            }}
            items={[
              { key: 'in', label: '收件箱' },
              { key: 'out', label: '已发送' },
            ]}
          />
          <SearchInput
            allowClear
            placeholder="主题、正文或联系人"
            aria-label="查找归档邮件"
            style={{ width: 260, marginBottom: 12 }}
            onSearch={(text) => {
              setKeyword(text.trim());
              setPageNum(1);
            }}
          />
          <Table<Line>
            rowKey="key"
            size="small"
            loading={inbox.loading || sent.loading}
            dataSource={lines}
            pagination={pagination((box === 'in' ? inbox : sent).data?.total ?? 0)}
            locale={{
              emptyText: (
                <Empty description={box === 'in' ? '收件箱没有邮件' : '没有已发送的邮件'} />
              ),
            }}
            columns={[
              {
                title: '主题',
                dataIndex: 'title',
                render: (title: string, line) => subject(title, line.opens),
              },
              {
                title: box === 'in' ? '发件人' : '收件人',
                dataIndex: 'who',
                width: 140,
                ellipsis: true,
              },
              { title: '时间', dataIndex: 'at', width: 160 },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
