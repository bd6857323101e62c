import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { uploadTo } from '../../components/editor/uploads';
import type { PictureKind } from './site-settings';

/** PNG, JPEG or SVG, as the server accepts (it checks the bytes, not the name). */
const ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';
const MAX_MB = 5;

/**
 * One of the site's pictures as a form value (its address, '' for none): a preview, 上传 with
 * progress, 移除. Without a picture the preview shows `fallback` (the drawn logo or icon) or
 * says what the site shows instead.
 */
export function PictureField({
  kind,
  label,
  value,
  onChange,
  fallback,
  none,
  wide,
}: {
  kind: PictureKind;
  label: string;
  value?: string;
  onChange?: (url: string) => void;
  /** What the site shows without an upload (the drawn picture), previewed in its place. */
  fallback?: string;
  /** The note shown without an upload. */
  none: string;
  /** A wide preview (the header banner). */
  wide?: boolean;
}) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_MB * 1024 * 1024) {
      message.error(`图片过大，最大 ${MAX_MB} MB`);
      return;
    }
    setProgress(0);
    try {
      const { url } = await uploadTo<{ url: string }>(
        `/api/cms/siteSettings/upload?kind=${kind}`,
        file,
        setProgress,
        undefined,
        { kind },
      );
      onChange?.(url);
      message.success('上传成功，保存后生效');
    } catch (err) {
      message.error(err instanceof Error ? err.message : '上传失败');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const shown = value || fallback;
  return (
    <div className="site-picture">
      <div className={wide ? 'site-picture-preview is-wide' : 'site-picture-preview'}>
        {shown ? (
          <img src={shown} alt={`${label}预览`} />
        ) : (
          <span className="site-picture-empty">未设置</span>
        )}
      </div>
      <div className="site-picture-side">
        {!value && <Typography.Text type="secondary">{none}</Typography.Text>}
        <Space wrap>
          <input
            ref={input}
            type="file"
            style={{ display: 'none' }}
            accept={ACCEPT}
            aria-label={`选择${label}文件`}
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          <Button
            icon={<UploadOutlined aria-hidden />}
            disabled={progress !== null}
            onClick={() => input.current?.click()}
          >
            {value ? `更换${label}` : `上传${label}`}
          </Button>
          {value && (
            <Button icon={<DeleteOutlined aria-hidden />} danger onClick={() => onChange?.('')}>
              移除{label}
            </Button>
          )}
        </Space>
        {progress !== null && (
          <Progress percent={progress} size="small" aria-label={`${label}上传进度`} />
        )}
      </div>
    </div>
  );
}
