import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { strFromU8, unzipSync } from 'fflate';
import { SANDBOX_DIR, limitedProgram, runSealed, sandboxArgs } from './office-sandbox.js';

/** A page, slide or sheet of a document's text, with the name a search hit shows for it. */
export interface TextPart {
  /** 第 3 页, 第 2 张幻灯片, 工作表“成绩”; '' for a text without pages. */
  label: string;
  text: string;
}

/** How much of a document's text is kept: its first characters, about 1 MB of Chinese. */
export const TEXT_MAX_CHARS = 300_000;

/** Text the extractor reads itself (in the sandbox): zipped XML formats and plain text. */
const ZIPPED = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);
const PLAIN = new Set(['txt', 'md', 'csv']);
/** Formats read from their PDF: a PDF itself, and LibreOffice's PDF of the older office formats. */
const FROM_PDF = new Set(['pdf', 'doc', 'xls', 'ppt', 'rtf']);

/** The extensions whose text is searched (the rest are found by name). */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([...ZIPPED, ...PLAIN, ...FROM_PDF]);

/** What a sealed extraction runs with. */
export interface Extractor {
  /** bubblewrap, found working at start. */
  bwrap: string;
  /** Node.js, which runs the zipped-XML and plain-text reader inside the sandbox. */
  node: string;
  /** Poppler's pdftotext; null: PDFs have no text here. */
  pdftotext: string | null;
  memoryMb: number;
  cpuSeconds: number;
}

/** The fflate package's folder: bound read-only into the sandbox for the reader's import. */
const FFLATE_DIR = path.dirname(createRequire(import.meta.url).resolve('fflate/package.json'));

/**
 * The text of one document, sealed as office conversions are
 * (office-sandbox.ts: no network, no file of the host but the system's
 * libraries and the run's own folder, under memory and processor limits):
 * zipped XML (docx, xlsx, pptx, odt, ods, odp) and plain text by a small
 * reader run by Node.js in the sandbox, PDFs by pdftotext. The older
 * office formats and RTF have no text of their own here: `pdfOf` answers
 * their PDF (the preview LibreOffice makes), read by pdftotext. Answers
 * the parts, capped at TEXT_MAX_CHARS together.
 */
export async function extractText(
  extractor: Extractor,
  source: Readable,
  extension: string,
  signal: AbortSignal,
  pdfOf: () => Promise<Readable>,
): Promise<TextPart[]> {
  const type = extension.toLowerCase();
  if (!TEXT_EXTENSIONS.has(type)) return [];
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'school-text-'));
  try {
    if (FROM_PDF.has(type)) {
      if (!extractor.pdftotext) throw new Error('未安装 pdftotext');
      await pipeline(
        type === 'pdf' ? source : await pdfOf(),
        fs.createWriteStream(path.join(dir, 'document.pdf')),
      );
      const out = await runSealed(
        [
          ...sandboxArgs(extractor.bwrap, dir, extractor.pdftotext),
          ...limitedProgram(extractor, extractor.pdftotext, [
            '-q',
            '-enc',
            'UTF-8',
            '-eol',
            'unix',
            path.posix.join(SANDBOX_DIR, 'document.pdf'),
            '-',
          ]),
        ],
        signal,
        { name: 'pdftotext', stdoutMax: TEXT_MAX_CHARS * 4 },
      );
      const pages = out.toString('utf8').split('\f');
      // pdftotext ends the last page with a form feed too.
      if (pages.length > 1 && pages.at(-1)!.trim() === '') pages.pop();
      return capped(pages.map((text, i) => ({ label: `第 ${i + 1} 页`, text })));
    }
    await pipeline(source, fs.createWriteStream(path.join(dir, 'document')));
    await fs.promises.writeFile(path.join(dir, 'read.mjs'), readerScript(type));
    const sandbox = sandboxArgs(extractor.bwrap, dir, extractor.node);
    // The reader's one import, read-only inside its folder (bound over an empty folder of it).
    await fs.promises.mkdir(path.join(dir, 'node_modules', 'fflate'), { recursive: true });
    const inside = (name: string) => path.posix.join(SANDBOX_DIR, name);
    const command = [
      ...sandbox.slice(0, sandbox.indexOf('--chdir')),
      '--ro-bind',
      FFLATE_DIR,
      inside('node_modules/fflate'),
      ...sandbox.slice(sandbox.indexOf('--chdir')),
      ...limitedProgram(extractor, extractor.node, [
        '--max-old-space-size=256',
        inside('read.mjs'),
      ]),
    ];
    const out = await runSealed(command, signal, {
      name: '文本提取',
      stdoutMax: TEXT_MAX_CHARS * 8,
    });
    return capped(JSON.parse(out.toString('utf8')) as TextPart[]);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Whitespace tidied, empty parts left out, and the first TEXT_MAX_CHARS characters kept. */
function capped(parts: TextPart[]): TextPart[] {
  const kept: TextPart[] = [];
  let left = TEXT_MAX_CHARS;
  for (const part of parts) {
    const text = tidy(part.text).slice(0, left);
    if (text) kept.push({ label: part.label, text });
    left -= text.length;
    if (left <= 0) break;
  }
  return kept;
}

/** Runs of spaces as one, blank lines dropped, no form feeds (they part the pages when kept). */
const tidy = (text: string) =>
  text
    .replace(/[\f\r\v]/g, '\n')
    .replace(/[ \t\u00a0\u3000]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();

/**
 * The reader's script: `readDocument` (which may use nothing of this module:
 * it runs alone, in the sandbox) called on /job/document.
 */
function readerScript(extension: string): string {
  return `import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
const read = ${readDocument.toString()};
const parts = read(fs.readFileSync('${SANDBOX_DIR}/document'), ${JSON.stringify(extension)}, {
  strFromU8,
  unzipSync,
  maxEntryBytes: ${64 * 1024 * 1024},
  maxChars: ${TEXT_MAX_CHARS},
});
process.stdout.write(JSON.stringify(parts));
`;
}

/**
 * The text of zipped XML documents and plain text files, part by part. Runs
 * in the sandbox as a script of its own (readerScript), so it is written
 * self-contained: everything it uses is inside it or handed in.
 */
export function readDocument(
  bytes: Uint8Array,
  extension: string,
  lib: {
    strFromU8: typeof strFromU8;
    unzipSync: typeof unzipSync;
    maxEntryBytes: number;
    maxChars: number;
  },
): TextPart[] {
  const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  const decode = (xml: string) =>
    xml.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|amp|quot|apos);/gi, (whole, name: string) => {
      if (name[0] !== '#') return entities[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    });
  /** What is left of XML once its tags go. */
  const textOf = (xml: string) => decode(xml.replace(/<[^>]*>/g, ''));
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

  if (extension === 'txt' || extension === 'md' || extension === 'csv') {
    const head = bytes.subarray(0, lib.maxChars * 4);
    let text: string;
    if (head[0] === 0xff && head[1] === 0xfe) text = new TextDecoder('utf-16le').decode(head);
    else if (head[0] === 0xfe && head[1] === 0xff) text = new TextDecoder('utf-16be').decode(head);
    else {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(head);
      } catch {
        // Not UTF-8 (or cut inside a character): Chinese Windows' text files are GBK.
        const utf8 = new TextDecoder('utf-8').decode(head);
        const bad = (utf8.match(/\uFFFD/g) ?? []).length;
        text = bad <= 2 ? utf8 : new TextDecoder('gb18030').decode(head);
      }
    }
    return [{ label: '', text: text.replace(/^\uFEFF/, '') }];
  }

  const files = lib.unzipSync(bytes, {
    filter: (file) =>
      file.originalSize <= lib.maxEntryBytes &&
      /^(word\/document\.xml|ppt\/slides\/slide\d+\.xml|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/worksheets\/[^/]+\.xml|content\.xml)$/.test(
        file.name,
      ),
  });
  const entry = (name: string) => (files[name] ? lib.strFromU8(files[name]) : '');

  if (extension === 'docx') {
    // Pages as the document was last laid out: Word and WPS mark where each page broke.
    const pages: string[] = [''];
    const token =
      /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br(\s[^>]*)?\/>|<\/w:p>|<w:lastRenderedPageBreak\/>/g;
    for (const match of entry('word/document.xml').matchAll(token)) {
      const [whole, text, brAttrs] = match;
      const breaksPage =
        whole.startsWith('<w:lastRenderedPageBreak') ||
        (whole.startsWith('<w:br') && /w:type="page"/.test(brAttrs ?? ''));
      if (breaksPage) {
        if (pages.at(-1)!.trim()) pages.push('');
      } else if (text !== undefined) pages[pages.length - 1] += decode(text);
      else pages[pages.length - 1] += whole === '<w:tab/>' ? '\t' : '\n';
    }
    return pages.map((text, i) => ({ label: pages.length > 1 ? `第 ${i + 1} 页` : '', text }));
  }

  if (extension === 'pptx') {
    const slides = Object.keys(files)
      .map((name) => name.match(/^ppt\/slides\/slide(\d+)\.xml$/))
      .filter((match) => match !== null)
      .map((match) => ({ name: match[0], n: Number(match[1]) }))
      .sort((a, b) => a.n - b.n);
    return slides.map((slide) => ({
      label: `第 ${slide.n} 张幻灯片`,
      text: [...entry(slide.name).matchAll(/<a:t>([^<]*)<\/a:t>|<\/a:p>/g)]
        .map(([whole, text]) => (text !== undefined ? decode(text) : whole ? '\n' : ''))
        .join(''),
    }));
  }

  if (extension === 'xlsx') {
    const shared = [...entry('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map(
      ([, si]) =>
        [...si!.replace(/<rPh[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)]
          .map(([, t]) => decode(t!))
          .join(''),
    );
    const targets = new Map<string, string>();
    for (const [tag] of entry('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\s[^>]*>/g)) {
      const id = attr(tag, 'Id');
      const target = attr(tag, 'Target');
      if (id && target) {
        targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
      }
    }
    const parts: TextPart[] = [];
    for (const [tag] of entry('xl/workbook.xml').matchAll(/<sheet\s[^>]*>/g)) {
      const name = decode(attr(tag, 'name') ?? '');
      const sheet = entry(targets.get(attr(tag, 'r:id') ?? '') ?? '');
      let text = '';
      const cell = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)|<\/row>/g;
      for (const [whole, attrs, inner] of sheet.matchAll(cell)) {
        if (whole === '</row>') {
          text += '\n';
          continue;
        }
        const type = attrs?.match(/\st="([^"]*)"/)?.[1];
        const value = inner?.match(/<v>([^<]*)<\/v>/)?.[1];
        const shown =
          type === 's'
            ? (shared[Number(value)] ?? '')
            : type === 'inlineStr'
              ? textOf(inner ?? '')
              : decode(value ?? '');
        if (shown) text += `${shown}\t`;
        if (text.length > lib.maxChars) break;
      }
      parts.push({ label: `工作表“${name}”`, text });
    }
    return parts;
  }

  // OpenDocument: content.xml.
  const content = entry('content.xml')
    .replace(/<text:s(?:\s[^>]*)?\/>/g, ' ')
    .replace(/<text:tab\/>/g, '\t')
    .replace(/<text:line-break\/>/g, '\n')
    .replace(/<\/text:(p|h)>/g, '\n')
    .replace(/<\/table:table-cell>/g, '\t');
  if (extension === 'ods') {
    return [...content.matchAll(/<table:table\s([^>]*)>([\s\S]*?)<\/table:table>/g)].map(
      ([, attrs, body]) => ({
        label: `工作表“${decode(attrs!.match(/table:name="([^"]*)"/)?.[1] ?? '')}”`,
        text: textOf(body!.replace(/<\/table:table-row>/g, '\n')),
      }),
    );
  }
  if (extension === 'odp') {
    return [...content.matchAll(/<draw:page\s[^>]*>([\s\S]*?)<\/draw:page>/g)].map(
      ([, body], i) => ({ label: `第 ${i + 1} 张幻灯片`, text: textOf(body!) }),
    );
  }
  // odt: LibreOffice marks where each page broke when it saved.
  const pages = content.split(/<text:soft-page-break\/>/).map(textOf);
  return pages.map((text, i) => ({ label: pages.length > 1 ? `第 ${i + 1} 页` : '', text }));
}

/** The office formats a text needs LibreOffice's PDF for. */
export const needsPdf = (extension: string) =>
  FROM_PDF.has(extension.toLowerCase()) && extension.toLowerCase() !== 'pdf';
