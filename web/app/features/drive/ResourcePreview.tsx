import { useEffect, useState } from 'react';
import { PdfViewer } from '../../components/pdf/PdfViewer';
import type { PreviewKind } from './drive-data';
import { OfficePreview } from './OfficePreview';

/** A text file's first part, read from its address. */
function TextPreview({ src }: { src: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch(src, { headers: { Range: 'bytes=0-65535' } })
      .then((r) => r.text())
      .then((t) => live && setText(t))
      .catch(() => live && setText(''));
    return () => {
      live = false;
    };
  }, [src]);
  return <pre className="drive-preview-text">{text ?? '加载中…'}</pre>;
}

/**
 * What the browser can show of a drive file (pictures, PDF, video, audio,
 * text; office documents as PDF pages, issue 19). `preview` is the preview
 * address (office documents, and a 防泄密 PDF for those it is watermarked
 * for); `guarded`: a 防泄密 file whose original this person may not have.
 */
export function ResourcePreview({
  kind,
  src,
  name,
  preview,
  guarded = false,
}: {
  kind: PreviewKind;
  src: string;
  name: string;
  preview?: string;
  guarded?: boolean;
}) {
  if (kind === null)
    return <p className="muted drive-preview-none">该文件暂不支持在线预览，请下载后查看</p>;
  if (guarded && kind !== 'pdf' && kind !== 'office')
    return (
      <p className="muted drive-preview-none">
        该文件已设为防泄密，只有上传者和网盘管理员可以查看原文件
      </p>
    );
  return (
    <div className="drive-preview">
      {kind === 'office' && preview && <OfficePreview src={preview} name={name} />}
      {kind === 'image' && <img src={src} alt={name} />}
      {kind === 'pdf' && (
        <PdfViewer
          url={guarded && preview ? preview : src}
          title={name}
          label="文件预览"
          download="下载"
        />
      )}
      {kind === 'video' && (
        <video src={src} controls preload="metadata">
          <track kind="captions" />
        </video>
      )}
      {kind === 'audio' && <audio src={src} controls preload="metadata" />}
      {kind === 'text' && <TextPreview src={src} />}
    </div>
  );
}
