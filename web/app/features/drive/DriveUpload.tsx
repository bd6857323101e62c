import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Form,
  Modal,
  Radio,
  Select,
  Upload,
  type UploadFile,
  type UploadProps,
} from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { addResource, batchAddResource, type Dictionary } from './drive-api';
import { FacetFields, facetBody, type FacetFormValues } from './FacetFields';
import {
  COMMENT_OPTIONS,
  DRIVE_ACCEPT,
  formatSize,
  isAllowedFile,
  DISK_PRIVATE_NOTE,
  OPENNESS_OPTIONS,
  UPLOAD_DEFAULTS,
} from './drive-data';
import { tusUpload, type StoredDriveFile } from '../../components/uploads/tus-upload';
import { badFolderName, chunks, ensureFolders, folderOfPath } from './folder-upload';

/** Files one registration call takes (the server's limit, intranet.md §9's 10). */
export const BATCH_MAX = 10;
/**
 * Files one dialog takes, on both the library and 我的网盘: many, and whole
 * folders by drag and drop; they are registered BATCH_MAX at a time.
 */
export const UPLOAD_MAX = 100;

export type UploadedDriveFile = StoredDriveFile;

/**
 * The one place the drive's bytes are sent: resumable through tus
 * (api/resources/tus/, in 8 MiB chunks; the drive's extension list, checked
 * by content, the same bytes kept once, the disk's quota checked before a
 * byte for sType 1). An upload cut off by a reload or a closed dialog goes on
 * from where it stopped when the same file is picked again; `onResume` hears
 * of it with the bytes already there.
 */
export function uploadFile(
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
  sType: 0 | 1 = 0,
  onResume?: (offset: number) => void,
): Promise<UploadedDriveFile> {
  return tusUpload(file, { onProgress, onResume, signal, sType });
}

interface RegisterFields {
  sType: 0 | 1;
  resourcesType: string;
  resourcesIsOpen: string;
  resourcesIsComment: string;
  /** The library's teaching facets ('' none). */
  stageId?: number | string;
  gradeId?: number | string;
  subjectId?: number | string;
  editionId?: number | string;
  chapter?: string;
}

/** Registers up to BATCH_MAX uploaded files in folder `fId`; the whole file name is the name. */
async function register(
  fId: number,
  uploaded: UploadedDriveFile[],
  fields: RegisterFields,
  onConflict: 'keep' | 'replace' | undefined,
) {
  const row = (one: UploadedDriveFile) => ({
    resourcesName: one.fileName,
    resourcesFname: one.fileName,
    resourcesPath: one.url,
    resourcesSize: one.fileSize,
  });
  if (uploaded.length === 1) {
    await addResource({ fId, ...fields, onConflict, ...row(uploaded[0]!) });
  } else {
    await batchAddResource({
      fId,
      ...fields,
      onConflict,
      fileAddList: JSON.stringify(uploaded.map(row)),
    });
  }
}

interface UploadForm extends FacetFormValues {
  resourcesType?: string;
  resourcesIsOpen: string;
  resourcesIsComment: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** After the files are registered: the page reads its list again. */
  onDone: () => void;
  /** Where they go: a library folder (sType 0) or the caller's disk (sType 1). */
  fId: number;
  sType: 0 | 1;
  types: Dictionary;
  /** Whether dropped folders may be made here (the library: drive administrators only). */
  canMakeFolders: boolean;
}

/** The folder a picked file came in, from its relative path ('' when picked alone). */
const droppedFolder = (file: UploadFile) =>
  folderOfPath((file.originFileObj as File | undefined)?.webkitRelativePath ?? '');

/**
 * 文件上传 (intranet.md §4 "Upload", §5, §9): the type, openness and
 * comment choice (starting '2' and '1') and the files, each sent as it is
 * chosen with a progress bar; 确定 registers them. Closing or cancelling
 * stops what is on its way and clears the dialog; the server keeps those
 * bytes, so picking the same file again goes on from there.
 */
export function DriveUploadDialog({
  open,
  onClose,
  onDone,
  fId,
  sType,
  types,
  canMakeFolders,
}: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadForm>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  /** Bytes the server already held of a file that went on from an earlier upload, by uid. */
  const [resumedAt, setResumedAt] = useState<Record<string, number>>({});
  const [aborts] = useState(() => new Map<string, AbortController>());
  const [saving, setSaving] = useState(false);
  /** Names the target folder already holds (issue 19): 保留两者 / 替换 is asked first. */
  const [clashes, setClashes] = useState<string[]>([]);
  const max = UPLOAD_MAX;

  const reset = () => {
    for (const controller of aborts.values()) controller.abort();
    aborts.clear();
    setFiles([]);
    setResumedAt({});
    form.resetFields();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (onConflict?: 'keep' | 'replace') => {
    setClashes([]);
    const { resourcesType, resourcesIsOpen, resourcesIsComment, ...facets } = form.getFieldsValue();
    if (!resourcesType) return void message.error('请选择资源类型');
    const done = files.filter((f) => f.status === 'done');
    if (!done.length) return void message.error('请上传文件');
    if (files.some((f) => f.status === 'uploading')) return void message.warning('文件正在上传');
    const placed = done.map((f) => ({
      file: f.response as UploadedDriveFile,
      folder: droppedFolder(f),
    }));
    const tooLong = badFolderName(placed.map((one) => one.folder));
    if (tooLong) return void message.error(`文件夹名称不能超过25个字：${tooLong}`);
    const loose = placed.filter((one) => !one.folder).map((one) => one.file);
    setSaving(true);
    try {
      // Files picked alone may clash with names here: 保留两者 / 替换 is asked.
      if (!onConflict && loose.length) {
        const names = await call('resources/checkNames', {
          fId,
          sType,
          names: JSON.stringify(loose.map((one) => one.fileName)),
        });
        if (names.length) {
          setClashes(names);
          return;
        }
      }
      const folderIds = await ensureFolders(
        placed.map((one) => one.folder),
        fId,
        sType,
      );
      const fields = {
        sType,
        resourcesType,
        resourcesIsOpen,
        resourcesIsComment,
        ...(sType === 0 ? facetBody(facets) : {}),
      };
      const byFolder = new Map<string, typeof placed>();
      for (const one of placed)
        byFolder.set(one.folder, [...(byFolder.get(one.folder) ?? []), one]);
      for (const [folder, group] of byFolder) {
        // A dropped folder merged into one already there keeps both of a clashing name.
        const mode = folder ? 'keep' : onConflict;
        for (const part of chunks(group, BATCH_MAX)) {
          await register(
            folderIds.get(folder)!,
            part.map((one) => one.file),
            fields,
            mode,
          );
        }
      }
      message.success(placed.length > 1 ? `上传成功，共 ${placed.length} 个文件` : '上传成功');
      reset();
      onDone();
      onClose();
    } catch (err) {
      message.error(errorText(err));
      setFiles([]);
    } finally {
      setSaving(false);
    }
  };

  const picking: UploadProps = {
    multiple: true,
    accept: DRIVE_ACCEPT,
    fileList: files,
    beforeUpload: (file, batch) => {
      if (!isAllowedFile(file.name)) {
        message.error(`${file.name} 不符合格式文件`);
        return Upload.LIST_IGNORE;
      }
      const position = files.length + batch.indexOf(file);
      if (position >= max) {
        if (position === max) {
          message.warning(
            `当前限制选择 ${max} 个文件，本次选择了 ${batch.length} 个文件，共选择了 ${files.length + batch.length} 个文件`,
          );
        }
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file, onProgress, onSuccess, onError }) => {
      const controller = new AbortController();
      const uid = (file as UploadFile).uid;
      aborts.set(uid, controller);
      uploadFile(
        file as File,
        (percent) => onProgress?.({ percent }),
        controller.signal,
        sType,
        (offset) => setResumedAt((known) => ({ ...known, [uid]: offset })),
      )
        .then((answer) => onSuccess?.(answer))
        .catch((err: unknown) => onError?.(err as Error))
        .finally(() => aborts.delete(uid));
      return { abort: () => controller.abort() };
    },
    onChange: ({ file, fileList }) => {
      if (file.status === 'error') message.error(`上传失败：${errorText(file.error)}`);
      setFiles(fileList.filter((f) => f.status !== 'error'));
    },
    onRemove: (file) => {
      aborts.get(file.uid)?.abort();
      return true;
    },
  };

  return (
    <>
      <Modal
        title="存在同名文件"
        open={clashes.length > 0}
        onCancel={() => setClashes([])}
        footer={[
          <Button key="cancel" onClick={() => setClashes([])}>
            取消
          </Button>,
          <Button key="keep" onClick={() => void submit('keep')}>
            保留两者
          </Button>,
          <Button key="replace" type="primary" onClick={() => void submit('replace')}>
            替换
          </Button>,
        ]}
      >
        <p>此位置已有同名文件：{clashes.join('、')}</p>
        <p className="muted">
          替换：新文件成为当前内容，原来的内容保留为历史版本，可在文件详情中还原；保留两者：新文件以“名称(1)”另存。
        </p>
      </Modal>
      <Modal
        title="文件上传"
        open={open}
        onCancel={close}
        onOk={() => void submit()}
        okText="确定"
        cancelText="取消"
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          className="drive-upload-form"
          initialValues={UPLOAD_DEFAULTS}
        >
          <Form.Item name="resourcesType" label="资源类型" required>
            <Select
              placeholder="请选择资源类型"
              aria-label="资源类型"
              options={types.map((t) => ({ value: t.dicValue, label: t.dicName }))}
            />
          </Form.Item>
          {sType === 0 ? (
            <Form.Item name="resourcesIsOpen" label="是否公开" required>
              <Radio.Group options={OPENNESS_OPTIONS} />
            </Form.Item>
          ) : (
            <p className="muted">{DISK_PRIVATE_NOTE}</p>
          )}
          <Form.Item name="resourcesIsComment" label="是否可以评论" required>
            <Radio.Group options={COMMENT_OPTIONS} />
          </Form.Item>
          {sType === 0 && <FacetFields form={form} />}
          <Form.Item label="文件" required extra={`一次最多 ${max} 个文件`}>
            <Upload.Dragger
              {...picking}
              // Dropped folders keep their structure: each becomes a folder here.
              directory={canMakeFolders}
              showUploadList={false}
              className="drive-upload-drop"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">
                {canMakeFolders
                  ? '将文件或文件夹拖到此处，或点击选择文件夹'
                  : '将文件拖到此处，或点击选择文件'}
              </p>
              {canMakeFolders && (
                <p className="ant-upload-hint">文件夹中的子文件夹会一并建好，同名文件夹合并</p>
              )}
            </Upload.Dragger>
            <Upload
              {...picking}
              className="drive-upload-pick"
              // A large file takes a while: its percent beside the bar.
              progress={{ size: [-1, 2], showInfo: true, format: (percent) => `${percent ?? 0}%` }}
              itemRender={(item, file) => (
                <div>
                  {item}
                  {droppedFolder(file) && (
                    <div className="muted drive-upload-folder">
                      放入文件夹：{droppedFolder(file)}
                    </div>
                  )}
                  {file.status === 'uploading' && resumedAt[file.uid] !== undefined && (
                    <div className="muted drive-upload-resumed">
                      从上次中断处继续上传（已上传 {formatSize(resumedAt[file.uid])}）
                    </div>
                  )}
                </div>
              )}
            >
              <Button icon={<UploadOutlined aria-hidden />} disabled={files.length >= max}>
                选择文件
              </Button>
            </Upload>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
