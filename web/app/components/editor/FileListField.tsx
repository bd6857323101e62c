import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Empty, Image, Input, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_ACCEPT, uploadFile, type UploadedFile } from './uploads';

/** One entry of a file list: stored (fileId) or, for news, a file of the old site (legacyPath). */
export interface ListedFile {
  fileId: number | null;
  fileName: string;
  url: string;
  thumbUrl?: string;
  caption?: string | null;
  legacyPath?: string | null;
}

/** Moves one entry of a list up (-1) or down (1); out of range leaves it as it is. */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * An ordered list of files of one kind as a form value: a news item's
 * picture set, video set or attachments, a video's catalogue. Several files
 * may be chosen at once; each is uploaded as it comes (the server checks its
 * content) and added; then each is moved up or down, removed, and given a
 * caption (`text="caption"`) or a name of its own (`text="name"`).
 */
export function FileListField<T extends ListedFile>({
  kind,
  value = [],
  onChange,
  entryOf,
  addLabel,
  pickerLabel = addLabel,
  text,
  empty,
}: {
  kind: 'image' | 'video' | 'attachment';
  value?: T[];
  onChange?: (files: T[]) => void;
  /** The list's entry for a file just uploaded. */
  entryOf: (uploaded: UploadedFile) => T;
  /** The upload button's text. */
  addLabel: string;
  /** The accessible name of the file picker (the button's text unless said). */
  pickerLabel?: string;
  text?: 'caption' | 'name';
  /** What an empty list says; nothing unless given. */
  empty?: string;
}) {
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; percent: number } | null>(
    null,
  );
  // The latest list, so uploads finishing one after another each add to it.
  const current = useRef(value);
  useEffect(() => {
    current.current = value;
  }, [value]);

  const change = (files: T[]) => {
    current.current = files;
    onChange?.(files);
  };

  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    for (const [index, file] of chosen.entries()) {
      setProgress({ done: index, total: chosen.length, percent: 0 });
      try {
        const uploaded = await uploadFile(kind, file, (percent) =>
          setProgress({ done: index, total: chosen.length, percent }),
        );
        change([...current.current, entryOf(uploaded)]);
      } catch (err) {
        message.error(`${file.name}：${err instanceof Error ? err.message : '上传失败'}`);
      }
    }
    setProgress(null);
  };

  const edit = (index: number, changes: Partial<ListedFile>) =>
    change(value.map((file, i) => (i === index ? { ...file, ...changes } : file)));

  return (
    <div className="cms-file-list">
      {value.length === 0 && empty && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
      {value.map((file, index) => (
        <div className="cms-file-row" key={`${file.fileId ?? file.legacyPath}-${index}`}>
          {kind === 'image' ? (
            <Image src={file.thumbUrl || file.url} width={96} height={64} alt={file.fileName} />
          ) : kind === 'video' ? (
            <video src={file.url} preload="metadata" className="cms-file-video" muted />
          ) : (
            <PaperClipOutlined aria-hidden />
          )}
          <div className="cms-file-main">
            {text === 'name' ? (
              <>
                <Input
                  size="small"
                  maxLength={255}
                  value={file.fileName}
                  aria-label={`第${index + 1}个文件的名称`}
                  placeholder="名称"
                  onChange={(event) => edit(index, { fileName: event.target.value })}
                />
                <a href={file.url} target="_blank" rel="noreferrer">
                  预览
                </a>
              </>
            ) : (
              <a href={file.url} target="_blank" rel="noreferrer">
                {file.fileName}
              </a>
            )}
            {text === 'caption' && (
              <Input
                size="small"
                maxLength={200}
                placeholder="说明文字（可选）"
                aria-label={`${file.fileName}的说明`}
                value={file.caption ?? ''}
                onChange={(event) => edit(index, { caption: event.target.value })}
              />
            )}
          </div>
          <Space size={4}>
            <Button
              size="small"
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={`上移 ${file.fileName}`}
              title="上移"
              disabled={index === 0}
              onClick={() => change(moved(value, index, -1))}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={`下移 ${file.fileName}`}
              title="下移"
              disabled={index === value.length - 1}
              onClick={() => change(moved(value, index, 1))}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`移除 ${file.fileName}`}
              title="移除"
              onClick={() => change(value.filter((_, i) => i !== index))}
            />
          </Space>
        </div>
      ))}
      <input
        ref={picker}
        type="file"
        style={{ display: 'none' }}
        multiple
        accept={UPLOAD_ACCEPT[kind]}
        aria-label={pickerLabel}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void add(files);
        }}
      />
      <div>
        <Button
          icon={<UploadOutlined aria-hidden />}
          disabled={progress !== null}
          onClick={() => picker.current?.click()}
        >
          {addLabel}
        </Button>
      </div>
      {progress && (
        <Progress
          size="small"
          percent={progress.percent}
          format={() => `第 ${progress.done + 1}/${progress.total} 个 ${progress.percent}%`}
        />
      )}
    </div>
  );
}
