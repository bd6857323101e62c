import { CloudOutlined, PaperClipOutlined } from '@ant-design/icons';
import { MAIL_FILES_MAX } from '@school/common/api';
import { App, Button, Tooltip, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/page-data';
import { uploadMailFile } from './mail-api';
import { ATTACHMENT_ACCEPT, attachmentProblem, type AttachedFile } from './mail-data';

/**
 * 从网盘添加: the teaching drive is not built yet, so the button waits here,
 * disabled; wiring it later means giving it an onPick that adds files.
 */
export function DriveAttachButton() {
  return (
    <Tooltip title="网盘开放后可用">
      {/* A disabled button gets no pointer events: the span carries the tooltip. */}
      <span>
        <Button icon={<CloudOutlined />} disabled>
          从网盘添加
        </Button>
      </span>
    </Tooltip>
  );
}

const doneFile = (file: AttachedFile): UploadFile => ({
  uid: `f${file.fileId}`,
  name: file.fileName,
  status: 'done',
  url: file.url,
});

/**
 * 附件: files go to api/email/upload as they are chosen, each with a
 * progress bar; at most 20, of the allowed types (intranet.md §5).
 */
export function AttachmentField({
  value,
  onChange,
  onUploading,
}: {
  value: AttachedFile[];
  /** Given an update, as files finish one after another. */
  onChange: (update: (files: AttachedFile[]) => AttachedFile[]) => void;
  /** How many files are still on their way (sending waits for them). */
  onUploading: (count: number) => void;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  const setInFlight = (next: UploadFile[]) => {
    setUploading(next);
    onUploading(next.filter((f) => f.status === 'uploading').length);
  };

  return (
    <div className="mail-attachments">
      <Upload
        multiple
        accept={ATTACHMENT_ACCEPT}
        fileList={[...value.map(doneFile), ...uploading]}
        beforeUpload={(file, batch) => {
          const before = value.length + uploading.length + batch.indexOf(file);
          const problem = attachmentProblem(file.name, before);
          if (problem) {
            // One message for a batch over the limit, one per file of a wrong type.
            if (problem !== `附件最多${MAIL_FILES_MAX}个` || before === MAIL_FILES_MAX) {
              message.error(problem);
            }
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          const controller = new AbortController();
          uploadMailFile(
            'attachment',
            file as File,
            (percent) => onProgress?.({ percent }),
            controller.signal,
          )
            .then((answer) => onSuccess?.(answer))
            .catch((err: unknown) => onError?.(err as Error));
          return { abort: () => controller.abort() };
        }}
        onChange={({ file, fileList }) => {
          if (file.status === 'done') {
            const answer = file.response as { fileId: number; fileName: string; url: string };
            onChange((files) => [
              ...files,
              { fileId: answer.fileId, fileName: answer.fileName || file.name, url: answer.url },
            ]);
          } else if (file.status === 'error') {
            message.error(`${file.name} 上传失败：${errorText(file.error)}`);
          }
          const doneIds = new Set(value.map((f) => `f${f.fileId}`));
          setInFlight(fileList.filter((f) => !doneIds.has(f.uid) && f.status === 'uploading'));
        }}
        onRemove={(file) => {
          if (file.uid.startsWith('f') && file.status === 'done') {
            onChange((files) => files.filter((f) => `f${f.fileId}` !== file.uid));
          }
          setInFlight(uploading.filter((f) => f.uid !== file.uid));
          return true;
        }}
      >
        <Button icon={<PaperClipOutlined />}>添加附件</Button>
      </Upload>
      <span className="muted mail-attachments-hint">
        最多{MAIL_FILES_MAX}个，{value.length}/{MAIL_FILES_MAX}
      </span>
    </div>
  );
}
