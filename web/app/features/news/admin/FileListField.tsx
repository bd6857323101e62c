import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Image, Input, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_ACCEPT, uploadFile, type UploadKind } from '../../../components/editor/uploads';
import type { EditorFile, FileRole } from './news-form';

const KIND_OF_ROLE: Record<FileRole, UploadKind> = {
  image: 'image',
  video: 'video',
  attachment: 'attachment',
};

/**
 * An ordered list of files of one role: a picture set or video set (with a
 * caption each) or attachments. Files are uploaded as they are chosen
 * (several at once), then moved up or down or removed.
 */
export function FileListField({
  role,
  value = [],
  onChange,
  addLabel,
  captions,
}: {
  role: FileRole;
  value?: EditorFile[];
  onChange?: (files: EditorFile[]) => void;
  addLabel: string;
  captions?: boolean;
}) {
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The latest list, so uploads finishing one after another each add to it.
  const current = useRef(value);
  useEffect(() => {
    current.current = value;
  }, [value]);

  const change = (files: EditorFile[]) => {
    current.current = files;
    onChange?.(files);
  };

  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    setProgress({ done: 0, total: chosen.length });
    for (const [index, file] of chosen.entries()) {
      try {
        const uploaded = await uploadFile(KIND_OF_ROLE[role], file);
        change([
          ...current.current,
          {
            role,
            fileId: uploaded.fileId,
            legacyPath: null,
            fileName: uploaded.fileName,
            caption: null,
            url: uploaded.url,
            thumbUrl: uploaded.thumbUrl,
          },
        ]);
      } catch (err) {
        message.error(`${file.name}：${err instanceof Error ? err.message : '上传失败'}`);
      }
      setProgress({ done: index + 1, total: chosen.length });
    }
    setProgress(null);
  };

  const move = (index: number, by: -1 | 1) => {
    const files = [...value];
    const [file] = files.splice(index, 1);
    files.splice(index + by, 0, file!);
    change(files);
  };

  return (
    <div className="cms-file-list">
      {value.map((file, index) => (
        <div className="cms-file-row" key={`${file.fileId ?? file.legacyPath}-${index}`}>
          {role === 'image' ? (
            <Image src={file.thumbUrl || file.url} width={96} height={64} alt={file.fileName} />
          ) : role === 'video' ? (
            <video src={file.url} preload="metadata" className="cms-file-video" />
          ) : (
            <PaperClipOutlined />
          )}
          <div className="cms-file-main">
            <a href={file.url} target="_blank" rel="noreferrer">
              {file.fileName}
            </a>
            {captions && (
              <Input
                size="small"
                maxLength={200}
                placeholder="说明文字（可选）"
                aria-label={`${file.fileName}的说明`}
                value={file.caption ?? ''}
                onChange={(event) =>
                  change(
                    value.map((f, i) => (i === index ? { ...f, caption: event.target.value } : f)),
                  )
                }
              />
            )}
          </div>
          <Space size={4}>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={`上移 ${file.fileName}`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={`下移 ${file.fileName}`}
              disabled={index === value.length - 1}
              onClick={() => move(index, 1)}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`移除 ${file.fileName}`}
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
        accept={UPLOAD_ACCEPT[KIND_OF_ROLE[role]]}
        aria-label={addLabel}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void add(files);
        }}
      />
      <Button
        icon={<UploadOutlined />}
        disabled={progress !== null}
        onClick={() => picker.current?.click()}
      >
        {addLabel}
      </Button>
      {progress && (
        <Progress
          size="small"
          percent={Math.round((progress.done / progress.total) * 100)}
          format={() => `${progress.done}/${progress.total}`}
        />
      )}
    </div>
  );
}
