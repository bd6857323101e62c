import {
  CloudDownloadOutlined,
  ArrowLeftOutlined,
  DeleteOutlined,
  PaperClipOutlined,
  RollbackOutlined,
  SendOutlined,
  ShareAltOutlined,
  TeamOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { MAIL_READ } from '@school/common';
import type { MailDetail } from '@school/common/api';
import { App, Button, Space, Table, Tag } from 'antd';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { RichText } from '../../components/article/RichText';
import { formatBytes } from '../../lib/size';
import { LargeState } from './LargeAttachments';

/** For the sender: who has opened the mail, and when; a recalled copy says 已撤回. */
function ReadReceipts({ mail }: { mail: MailDetail }) {
  return (
    <section className="mail-receipts" aria-label="阅读状态">
      <h3 className="mail-subhead">阅读状态</h3>
      <Table
        size="small"
        rowKey="staffId"
        pagination={false}
        scroll={{ x: 360 }}
        dataSource={mail.staffInfoList}
        columns={[
          { title: '收件人', dataIndex: 'staffName', key: 'name' },
          {
            title: '状态',
            key: 'state',
            render: (_, person) =>
              person.recalled ? (
                <Tag>已撤回</Tag>
              ) : person.inmainState === MAIL_READ ? (
                <Tag color="green">已读</Tag>
              ) : (
                <Tag>未读</Tag>
              ),
          },
          {
            title: '阅读时间',
            key: 'readDate',
            render: (_, person) =>
              person.inmainState === MAIL_READ ? (person.readDate ?? '') : '',
          },
        ]}
      />
    </section>
  );
}

/**
 * 邮件详情 (view 4): the mail, its attachments as downloads, and what can be
 * done from the list it was opened from.
 */
export function MailDetailView({
  mail,
  from,
  onBack,
  onReply,
  onReplyAll,
  onForward,
  onResend,
  onChanged,
}: {
  mail: MailDetail;
  from: 'inbox' | 'sent';
  onBack: () => void;
  onReply: () => void;
  onReplyAll: () => void;
  onForward: () => void;
  onResend: () => void;
  /** After a recall: the mail is read again. */
  onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const asSender = from === 'sent';
  const names = mail.staffInfoList.map((p) => p.staffName).join('、');

  const recall = () =>
    modal.confirm({
      title: '提示',
      content: '撤回后收件人将无法查看此邮件，确定撤回吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await call('email/recall', { sendId: mail.sendId ?? 0 });
          message.success('撤回成功');
          onChanged();
        } catch (err) {
          message.error(errorText(err));
        }
      },
    });

  const remove = () =>
    modal.confirm({
      title: '提示',
      content: '确定删除这封邮件吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await (asSender
            ? call('email/delSend', { sendIdArr: String(mail.sendId) })
            : call('email/delReceive', { receiveIdArr: String(mail.receiveId) }));
          message.success('删除成功');
          onBack();
        } catch {
          message.error('删除失败');
        }
      },
    });

  return (
    <article className="mail-detail">
      <Space wrap className="mail-detail-actions">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          返回
        </Button>
        {!asSender && (
          <Button type="primary" icon={<RollbackOutlined aria-hidden />} onClick={onReply}>
            回复
          </Button>
        )}
        {!asSender && (
          <Button icon={<TeamOutlined aria-hidden />} onClick={onReplyAll}>
            回复全部
          </Button>
        )}
        <Button icon={<ShareAltOutlined aria-hidden />} onClick={onForward}>
          转发
        </Button>
        {asSender && (
          <Button icon={<SendOutlined aria-hidden />} onClick={onResend}>
            重新发送
          </Button>
        )}
        {asSender && !mail.recalled && (
          <Button icon={<UndoOutlined aria-hidden />} onClick={recall}>
            撤回
          </Button>
        )}
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={remove}>
          删除
        </Button>
      </Space>
      <h2 className="mail-detail-title">
        {mail.inmailTitle || '（无主题）'}
        {mail.recalled && <Tag className="mail-tag">已撤回</Tag>}
      </h2>
      <dl className="mail-meta">
        <dt>发件人</dt>
        <dd>{mail.sendName}</dd>
        <dt>收件人</dt>
        <dd className="mail-names">{names}</dd>
        <dt>时间</dt>
        <dd>{mail.createDate}</dd>
      </dl>
      <RichText html={mail.inmailContent} className="mail-body" />
      {mail.fileList.length > 0 && (
        <section className="mail-files" aria-label="附件">
          <h3 className="mail-subhead">
            <PaperClipOutlined aria-hidden /> 附件（{mail.fileList.length}）
          </h3>
          <ul>
            {mail.fileList.map((file) => (
              <li key={file.fileId}>
                <a href={file.filePath} download={file.fileName}>
                  {file.fileName}
                </a>{' '}
                <span className="muted mail-file-size">{formatBytes(file.fileSize)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(mail.largeFileList ?? []).length > 0 && (
        <section className="mail-files" aria-label="超大附件">
          <h3 className="mail-subhead">
            <CloudDownloadOutlined aria-hidden /> 超大附件（{mail.largeFileList!.length}）
          </h3>
          <ul>
            {mail.largeFileList!.map((file) => (
              <li key={file.largeId} className="mail-large-item">
                {file.filePath ? (
                  <a href={file.filePath} download={file.fileName}>
                    {file.fileName}
                  </a>
                ) : (
                  <span className="mail-large-name">{file.fileName}</span>
                )}{' '}
                <span className="muted mail-file-size">{formatBytes(file.fileSize)}</span>{' '}
                <LargeState file={file} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {asSender && <ReadReceipts mail={mail} />}
    </article>
  );
}
