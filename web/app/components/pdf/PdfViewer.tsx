import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useHydrated } from '../../lib/use-hydrated';
import { wrapPage } from './page-wrap';

/** Widest a page is drawn, in CSS pixels. */
const MAX_PAGE_WIDTH = 820;

type Phase = 'loading' | 'ready' | 'error';

/** The rendered width for a frame: the frame's own, up to the widest page. */
const pageWidth = (frame: HTMLElement) => Math.min(frame.clientWidth, MAX_PAGE_WIDTH);

/**
 * One page of a PDF at a time on a canvas, sharp on HiDPI screens, with
 * 上一页 / 下一页 that wrap around and a 'page / total' indicator. pdf.js is
 * loaded in the browser only; without JavaScript the page offers the download.
 * The magazines' reader (校刊) and the drive's preview of a PDF.
 */
export function PdfViewer({
  url,
  title,
  label = '刊物阅读',
  download = '下载 PDF',
}: {
  url: string;
  title: string;
  /** The viewer's region name. */
  label?: string;
  /** The page's download button, named when the PDF cannot be shown. */
  download?: string;
}) {
  const hydrated = useHydrated();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [pageNum, setPageNum] = useState(1);
  const [width, setWidth] = useState(0);
  const total = doc?.numPages ?? 0;

  useEffect(() => {
    let stopped = false;
    // pdf.js and its assets load with the viewer, never on the server.
    const task = import('./pdf-loader').then(({ openPdf }) => openPdf(url));
    task
      .then((loading) => loading.promise)
      .then((loaded) => {
        if (stopped) return;
        setDoc(loaded);
        setPageNum(1);
        setPhase('ready');
      })
      .catch((err: unknown) => {
        if (stopped) return;
        console.error('PDF load failed', err);
        setPhase('error');
      });
    return () => {
      stopped = true;
      void task.then((loading) => loading.destroy());
    };
  }, [url]);

  // Follow the frame's width, so the page fits a narrow window too.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(pageWidth(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!doc || !target || width <= 0) return;
    let task: RenderTask | undefined;
    let stopped = false;
    doc
      .getPage(pageNum)
      .then((page) => {
        if (stopped) return;
        const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
        // Draw at device pixels and show at CSS pixels, so text stays sharp on HiDPI screens.
        const ratio = window.devicePixelRatio || 1;
        target.width = Math.floor(viewport.width * ratio);
        target.height = Math.floor(viewport.height * ratio);
        target.style.width = `${Math.floor(viewport.width)}px`;
        target.style.height = `${Math.floor(viewport.height)}px`;
        task = page.render({
          canvas: target,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        return task.promise;
      })
      .catch((err: unknown) => {
        if ((err as Error)?.name !== 'RenderingCancelledException') {
          console.error('PDF page failed', err);
        }
      });
    return () => {
      stopped = true;
      task?.cancel();
    };
  }, [doc, pageNum, width]);

  const turn = useCallback(
    (step: number) => setPageNum((page) => wrapPage(page, step, total)),
    [total],
  );

  // The arrow keys turn pages too, unless someone is typing.
  useEffect(() => {
    if (!total) return;
    const onKey = (event: KeyboardEvent) => {
      const typing = (event.target as HTMLElement | null)?.closest('input, textarea, select');
      if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') turn(-1);
      if (event.key === 'ArrowRight') turn(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total, turn]);

  return (
    <section className="pdf-viewer" aria-label={label}>
      <div className="pdf-toolbar">
        <Button onClick={() => turn(-1)} disabled={!total}>
          上一页
        </Button>
        <span className="pdf-indicator" aria-live="polite">
          {total ? `${pageNum} / ${total}` : '- / -'}
        </span>
        <Button onClick={() => turn(1)} disabled={!total}>
          下一页
        </Button>
      </div>
      <div className="pdf-frame" ref={frame}>
        {hydrated && phase === 'loading' && <p className="pdf-status">正在加载……</p>}
        {phase === 'error' && (
          <p className="pdf-status" role="alert">
            PDF 加载失败，请点击“{download}”阅读。
          </p>
        )}
        <noscript>
          <p className="pdf-status">浏览器未启用 JavaScript，请点击“{download}”阅读。</p>
        </noscript>
        <canvas
          ref={canvas}
          hidden={phase !== 'ready'}
          role="img"
          aria-label={total ? `${title} 第 ${pageNum} 页，共 ${total} 页` : title}
        />
      </div>
    </section>
  );
}
