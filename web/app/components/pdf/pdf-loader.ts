/**
 * pdf.js for the magazine viewer, loaded only in the browser. The worker is a
 * same-origin file (the site's CSP has no blob: or eval for scripts). The
 * CMaps that CJK text without embedded fonts needs, and the two symbol fonts
 * pdf.js cannot take from the system, are bundled as assets and handed to the
 * worker by file name.
 */
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';

// Hoisted by npm workspaces to the repository's node_modules. Kept as files
// (no-inline): a data: URL could not be fetched under the CSP's connect-src.
const cMaps = import.meta.glob<string>('../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const symbolFonts = import.meta.glob<string>(
  '../../../../node_modules/pdfjs-dist/standard_fonts/Foxit{Symbol,Dingbats}.pfb',
  { query: '?url&no-inline', import: 'default', eager: true },
);

const byFileName = (assets: Record<string, string>) =>
  new Map(
    Object.entries(assets).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
  );

const ASSETS: Record<string, Map<string, string>> = {
  cMapUrl: byFileName(cMaps),
  standardFontDataUrl: byFileName(symbolFonts),
};

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** pdf.js's BinaryDataFactory contract: the bytes of a named CMap, font or wasm file. */
class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = ASSETS[kind]?.get(filename);
    if (!url) throw new Error(`pdf.js asset not bundled: ${kind} ${filename}`);
    return bytesOf(url);
  }
}

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

/** Starts loading a PDF; destroy the task to stop it and free the document. */
export async function openPdf(url: string): Promise<PDFDocumentLoadingTask> {
  const lib = await loadPdfJs();
  return lib.getDocument({
    url,
    // The CSP forbids eval; saying so keeps pdf.js from trying.
    isEvalSupported: false,
    BinaryDataFactory: BundledDataFactory,
  });
}
