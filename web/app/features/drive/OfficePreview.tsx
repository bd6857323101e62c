import { Progress } from 'antd';
import { useEffect, useState } from 'react';
import type { PreviewProgress } from '@school/common/api';
import { PdfViewer } from '../../components/pdf/PdfViewer';

/** How the conversion stands, as the preview address answered last. */
type Stage =
  | { kind: 'asking' }
  | { kind: 'pending'; progress: PreviewProgress; polls: number }
  | { kind: 'ready' }
  | { kind: 'refused'; message: string };

/** Seconds between asks: soon at first (most documents take a few seconds), then less often. */
const delayOf = (polls: number) => (polls < 5 ? 1500 : polls < 20 ? 3000 : 6000);

/**
 * The PDF pages of an office document (issue 19): the preview address
 * answers 202 while LibreOffice's conversion waits or runs; the page says
 * where it stands and asks again, then shows the pages in the PDF viewer.
 * Unsupported or failed: the server's message (暂不支持预览，请下载 …).
 */
export function OfficePreview({ src, name }: { src: string; name: string }) {
  const [stage, setStage] = useState<Stage>({ kind: 'asking' });

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (polls: number) => {
      const controller = new AbortController();
      try {
        const res = await fetch(src, { signal: controller.signal, cache: 'no-store' });
        if (!live) return controller.abort();
        if (res.status === 200) {
          // The viewer reads the PDF itself (in parts where it can).
          controller.abort();
          return setStage({ kind: 'ready' });
        }
        const body = (await res.json().catch(() => null)) as {
          msg?: string;
          data?: PreviewProgress;
        } | null;
        if (!live) return;
        if (res.status === 202 && body?.data) {
          setStage({ kind: 'pending', progress: body.data, polls });
          timer = setTimeout(() => void ask(polls + 1), delayOf(polls));
          return;
        }
        setStage({ kind: 'refused', message: body?.msg || '暂不支持预览，请下载' });
      } catch {
        if (live) setStage({ kind: 'refused', message: '预览加载失败，请稍后再试或下载查看' });
      }
    };
    void ask(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [src]);

  if (stage.kind === 'ready') {
    return <PdfViewer url={src} title={name} label="文件预览" download="下载" />;
  }
  if (stage.kind === 'refused') {
    return <p className="muted drive-preview-none">{stage.message}</p>;
  }
  const progress = stage.kind === 'pending' ? stage.progress : null;
  const converting = progress?.state === 'converting';
  // No real percentage exists: the bar moves with each ask so the page visibly lives.
  const percent = stage.kind === 'pending' ? Math.min(90, 10 + stage.polls * 8) : 5;
  return (
    <div className="drive-preview-pending" role="status" aria-live="polite">
      <p>正在生成预览…</p>
      <Progress
        percent={converting ? Math.max(percent, 40) : percent}
        status="active"
        showInfo={false}
        aria-label="预览生成进度"
      />
      <p className="muted">
        {converting
          ? '正在转换文档，请稍候'
          : progress && progress.position
            ? `排队中，前面还有 ${progress.position} 个文件`
            : '排队中，即将开始转换'}
      </p>
    </div>
  );
}
