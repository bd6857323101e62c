import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Progress, Space } from 'antd';
import { useRef, useState } from 'react';
import { UPLOAD_ACCEPT, uploadFile, type UploadKind, type UploadedFile } from './uploads';

const LABELS: Record<UploadKind, string> = {
  image: '上传图片',
  video: '上传视频',
  pdf: '上传PDF',
  attachment: '上传附件',
};

/**
 * One uploaded file as a form value: a picture shows its thumbnail, other
 * files their name; 上传 / 更换 / 移除 change it. Used inside antd Form.Item
 * (value / onChange) or on its own.
 */
export function UploadField({
  kind,
  value,
  onChange,
  label,
  disabled,
}: {
  kind: UploadKind;
  value?: UploadedFile | null;
  onChange?: (file: UploadedFile | null) => void;
  /** Accessible name of the button, e.g. 上传封面. */
  label?: string;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      onChange?.(await uploadFile(kind, file, setProgress));
      message.success('上传成功');
    } catch (err) {
      message.error(err instanceof Error ? err.message : '上传失败');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const buttonLabel = label ?? LABELS[kind];
  return (
    <div className="cms-upload">
      {value &&
        (kind === 'image' ? (
          <Image
            src={value.thumbUrl || value.url}
            preview={{ src: value.url }}
            alt={value.fileName}
            width={160}
            className="cms-upload-thumb"
          />
        ) : kind === 'video' ? (
          <video src={value.url} controls preload="metadata" className="cms-upload-video" />
        ) : (
          <a href={value.url} target="_blank" rel="noreferrer" className="cms-upload-name">
            <PaperClipOutlined aria-hidden /> {value.fileName}
          </a>
        ))}
      <Space>
        <input
          ref={input}
          type="file"
          style={{ display: 'none' }}
          accept={UPLOAD_ACCEPT[kind]}
          aria-label={buttonLabel}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <Button
          icon={<UploadOutlined aria-hidden />}
          disabled={disabled || progress !== null}
          onClick={() => input.current?.click()}
        >
          {value ? `更换${buttonLabel.replace(/^上传/, '')}` : buttonLabel}
        </Button>
        {value && (
          <Button
            icon={<DeleteOutlined aria-hidden />}
            danger
            disabled={disabled || progress !== null}
            onClick={() => onChange?.(null)}
          >
            移除
          </Button>
        )}
      </Space>
      {progress !== null && <Progress percent={progress} size="small" />}
    </div>
  );
}
