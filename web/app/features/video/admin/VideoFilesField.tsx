import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Empty, Input, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_ACCEPT, uploadFile } from '../../../components/editor/uploads';
import { moved, type VideoFileValue } from './video-form';

/**
 * The catalogue of a video: uploaded video files in the order the video page
 * lists them, each under a name of its own. Several files may be chosen at
 * once; each is uploaded as a video (the server checks its content), then
 * renamed, moved up or down, or removed.
 */
export function VideoFilesField({
  value = [],
  onChange,
}: {
  value?: VideoFileValue[];
  onChange?: (files: VideoFileValue[]) => void;
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

  const change = (files: VideoFileValue[]) => {
    current.current = files;
    onChange?.(files);
  };

  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    let failed = 0;
    for (const [index, file] of chosen.entries()) {
      setProgress({ done: index, total: chosen.length, percent: 0 });
      try {
        const uploaded = await uploadFile('video', file, (percent) =>
          setProgress({ done: index, total: chosen.length, percent }),
        );
        change([
          ...current.current,
          { fileId: uploaded.fileId, fileName: uploaded.fileName, url: uploaded.url },
        ]);
      } catch (err) {
        failed += 1;
        message.error(`${file.name}：${err instanceof Error ? err.message : '上传失败'}`);
      }
    }
    setProgress(null);
    if (failed < chosen.length) message.success(`已上传 ${chosen.length - failed} 个视频`);
  };

  const rename = (index: number, fileName: string) =>
    change(value.map((file, i) => (i === index ? { ...file, fileName } : file)));

  return (
    <div className="cms-file-list">
      {value.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有视频文件" />
      )}
      {value.map((file, index) => (
        <div className="cms-file-row" key={`${file.fileId}-${index}`}>
          <video src={file.url} preload="metadata" className="cms-file-video" muted />
          <div className="cms-file-main">
            <Input
              size="small"
              maxLength={255}
              value={file.fileName}
              aria-label={`第${index + 1}个视频的名称`}
              placeholder="视频名称"
              onChange={(event) => rename(index, event.target.value)}
            />
            <a href={file.url} target="_blank" rel="noreferrer">
              预览
            </a>
          </div>
          <Space size={4}>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={`上移 ${file.fileName}`}
              disabled={index === 0}
              onClick={() => change(moved(value, index, -1))}
            >
              上移
            </Button>
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={`下移 ${file.fileName}`}
              disabled={index === value.length - 1}
              onClick={() => change(moved(value, index, 1))}
            >
              下移
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`移除 ${file.fileName}`}
              onClick={() => change(value.filter((_, i) => i !== index))}
            >
              移除
            </Button>
          </Space>
        </div>
      ))}
      <input
        ref={picker}
        type="file"
        style={{ display: 'none' }}
        multiple
        accept={UPLOAD_ACCEPT.video}
        aria-label="选择视频文件"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void add(files);
        }}
      />
      <div>
        <Button
          icon={<UploadOutlined />}
          disabled={progress !== null}
          onClick={() => picker.current?.click()}
        >
          上传视频
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
