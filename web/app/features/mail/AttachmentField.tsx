import { CloudOutlined, PaperClipOutlined } from '@ant-design/icons';
import { MAIL_FILE_MAX_BYTES, MAIL_FILES_MAX } from '@school/common';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/page-data';
import { DriveFilePicker, type PickedDriveFile } from '../../components/ui/DriveFilePicker';
import { attachStoredFile, uploadMailFile } from './mail-api';
import { ATTACHMENT_ACCEPT, attachmentProblem, type AttachedFile } from './mail-data';

/**
 * 从网盘添加: files of one's disk or of the library, attached without a copy
 * (api/email/attachStoredFile checks the writer may read each), up to the 20.
 */
export function DriveAttachButton({
  value,
  onChange,
}: {
  value: AttachedFile[];
  onChange: (update: (files: AttachedFile[]) => AttachedFile[]) => void;
}) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const room = MAIL_FILES_MAX - value.length;

  const pick = async (picked: PickedDriveFile[]) => {
    const taken: AttachedFile[] = [];
    for (const { fileId, fileName } of picked) {
      const problem = attachmentProblem(fileName, value.length + taken.length);
      if (problem) {
        message.error(`${fileName} ${problem}`);
        continue;
      }
      const answer = await attachStoredFile(fileId, fileName);
      taken.push({ fileId: answer.fileId, fileName: answer.fileName, url: answer.url });
    }
    if (taken.length) {
      onChange((files) => [
        ...files,
        ...taken.filter((file) => !files.some((f) => f.fileId === file.fileId)),
      ]);
      message.success(`已添加${taken.length}个附件`);
    }
  };

  return (
    <>
      <Button
        icon={<CloudOutlined aria-hidden />}
        onClick={() =>
          room > 0 ? setOpen(true) : void message.error(`附件最多${MAIL_FILES_MAX}个`)
        }
      >
        从网盘添加
      </Button>
      <DriveFilePicker open={open} max={room} onPick={pick} onClose={() => setOpen(false)} />
    </>
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
  onTooLarge,
}: {
  value: AttachedFile[];
  /** Given an update, as files finish one after another. */
  onChange: (update: (files: AttachedFile[]) => AttachedFile[]) => void;
  /** How many files are still on their way (sending waits for them). */
  onUploading: (count: number) => void;
  /** A file over the mail's limit: offered as 超大附件 instead of refused. */
  onTooLarge?: (file: File) => void;
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
          if (file.size > MAIL_FILE_MAX_BYTES && onTooLarge) {
            onTooLarge(file);
            return Upload.LIST_IGNORE;
          }
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
        <Button icon={<PaperClipOutlined aria-hidden />}>添加附件</Button>
      </Upload>
      <span className="muted mail-attachments-hint">
        最多{MAIL_FILES_MAX}个，{value.length}/{MAIL_FILES_MAX}
      </span>
    </div>
  );
}
