import { CloudUploadOutlined } from '@ant-design/icons';
import { MAIL_FILE_MAX_BYTES, MAIL_FILES_MAX } from '@school/common';
import { App, Button, Progress, Tag } from 'antd';
import { useRef, useState } from 'react';
import { errorText } from '../../api/page-data';
import { tusUpload } from '../../components/uploads/tus-upload';
import { formatBytes } from '../../lib/size';
import { saveLargeAttachment } from './mail-api';
import { attachmentProblem, type LargeAttached } from './mail-data';

/** A 超大附件 on its way to the writer's drive. */
interface InFlight {
  uid: string;
  fileName: string;
  fileSize: number;
  percent: number;
  controller: AbortController;
}

const MAX_MB = MAIL_FILE_MAX_BYTES / 1024 / 1024;

/**
 * 超大附件: a file over the mail's limit is offered as a large attachment instead of being
 * refused. Accepted, it goes to the writer's disk with the drive's resumable upload (tus, sType
 * 1: the disk's quota is checked before a byte is stored), is kept in the disk's folder 超大附件,
 * and the mail carries a link to it.
 */
export function useLargeUploads(
  value: LargeAttached[],
  onChange: (update: (files: LargeAttached[]) => LargeAttached[]) => void,
) {
  const { message, modal } = App.useApp();
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const count = useRef(0);

  const start = (file: File) => {
    const uid = `large${(count.current += 1)}`;
    const controller = new AbortController();
    const entry = { uid, fileName: file.name, fileSize: file.size, percent: 0, controller };
    setInFlight((list) => [...list, entry]);
    const progress = (percent: number) =>
      setInFlight((list) => list.map((one) => (one.uid === uid ? { ...one, percent } : one)));
    tusUpload(file, { sType: 1, signal: controller.signal, onProgress: progress })
      .then((stored) => saveLargeAttachment(stored.url, file.name))
      .then((saved) => {
        onChange((files) => [
          ...files,
          { resourcesId: saved.resourcesId, fileName: saved.fileName, fileSize: saved.fileSize },
        ]);
        message.success(`${saved.fileName} 已存入我的网盘的“超大附件”文件夹`);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) message.error(`${file.name} 上传失败：${errorText(err)}`);
      })
      .finally(() => setInFlight((list) => list.filter((one) => one.uid !== uid)));
  };

  /** Asks whether a file over the limit should go as 超大附件. */
  const offer = (file: File) => {
    const problem = attachmentProblem(file.name, value.length + inFlight.length);
    if (problem) {
      message.error(problem === '不符合格式文件' ? `${file.name} ${problem}` : `超大${problem}`);
      return;
    }
    modal.confirm({
      title: '作为超大附件发送？',
      content: (
        <p>
          {`“${file.name}”（${formatBytes(file.size)}）超过 ${MAX_MB} MB，不能作为普通附件。` +
            '作为超大附件时，文件存入您的“我的网盘 › 超大附件”文件夹（计入网盘空间），' +
            '邮件中附上下载链接，收件人在有效期内可以下载。'}
        </p>
      ),
      okText: '作为超大附件发送',
      cancelText: '取消',
      onOk: () => start(file),
    });
  };

  const cancel = (uid: string) => {
    inFlight.find((one) => one.uid === uid)?.controller.abort();
  };

  return { inFlight, offer, cancel, limit: MAIL_FILES_MAX };
}

/** The mail's 超大附件: those uploading (with progress) and those kept, each removable. */
export function LargeAttachmentList({
  value,
  inFlight,
  onChange,
  onCancel,
}: {
  value: LargeAttached[];
  inFlight: InFlight[];
  onChange: (update: (files: LargeAttached[]) => LargeAttached[]) => void;
  onCancel: (uid: string) => void;
}) {
  if (value.length === 0 && inFlight.length === 0) return null;
  return (
    <ul className="mail-large-list" aria-label="超大附件">
      {inFlight.map((one) => (
        <li key={one.uid} className="mail-large-item">
          <CloudUploadOutlined aria-hidden />
          <span className="mail-large-name">{one.fileName}</span>
          <span className="muted">{formatBytes(one.fileSize)}</span>
          <Progress
            className="mail-large-progress"
            percent={one.percent}
            size="small"
            aria-label={`${one.fileName} 上传进度`}
          />
          <Button type="link" size="small" onClick={() => onCancel(one.uid)}>
            取消
          </Button>
        </li>
      ))}
      {value.map((file, index) => (
        <li key={`${file.resourcesId ?? 'l'}-${file.largeId ?? index}`} className="mail-large-item">
          <Tag color="blue">超大附件</Tag>
          <span className="mail-large-name">{file.fileName}</span>
          <span className="muted">{formatBytes(file.fileSize)}</span>
          <LargeState file={file} />
          <Button
            type="link"
            size="small"
            danger
            aria-label={`移除超大附件 ${file.fileName}`}
            onClick={() => onChange((files) => files.filter((_, i) => i !== index))}
          >
            移除
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Until when a large attachment's link opens, or why it no longer does. */
export function LargeState({ file }: { file: Pick<LargeAttached, 'state' | 'expireDate'> }) {
  if (file.state === 'expired') return <Tag>已过期</Tag>;
  if (file.state === 'deleted') return <Tag>已删除</Tag>;
  return (
    <span className="muted mail-large-expiry">
      {file.expireDate ? `有效期至 ${file.expireDate.slice(0, 16)}` : '发送后开始计算有效期'}
    </span>
  );
}
