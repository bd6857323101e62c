import { DRIVE_EXTENSIONS } from '@school/common/api';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../http/errors.js';

/**
 * What the content platform uploads, each with its size limit and the types
 * its bytes must have (the name's extension and the browser's claimed type
 * are not trusted): pictures for covers, banners and bodies; videos for the
 * video centre; PDFs for magazines; attachments of news.
 */
export type UploadKind = 'image' | 'video' | 'pdf' | 'attachment';
export const UPLOAD_KINDS: UploadKind[] = ['image', 'video', 'pdf', 'attachment'];

export const MB = 1024 * 1024;

export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 20 * MB,
  video: 1024 * MB,
  pdf: 200 * MB,
  attachment: 200 * MB,
};

const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/**
 * Attachments by extension (the spec's allowed documents, archives, pictures,
 * audio and video) and the detected types their bytes may have. Office files
 * of 97-2003 are OLE containers (cfb); of 2007+ zip containers; text has no
 * signature and is checked as text.
 */
const ATTACHMENT_CONTENT: Record<string, string[]> = {
  txt: ['text'],
  rtf: ['rtf'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  wps: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  zip: ['zip'],
  rar: ['rar'],
  '7z': ['7z'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  mp3: ['mp3'],
  wav: ['wav'],
  m4a: ['m4a', 'mp4'],
  aac: ['aac'],
  ogg: ['ogg', 'oga'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov'],
  webm: ['webm'],
  avi: ['avi'],
  wmv: ['asf'],
};

/**
 * More extensions an area may allow (the mail's list) with the types their
 * bytes may have. Extensions in neither table have no signature a library
 * reads (PCX, TGA, CDR, ...): their bytes must at least not be a file of
 * another known type.
 */
const MORE_CONTENT: Record<string, string[]> = {
  tiff: ['tif'],
  tif: ['tif'],
  psd: ['psd'],
  svg: ['text'],
  eps: ['eps', 'text'],
  ai: ['pdf', 'ai'],
  mkv: ['mkv'],
  '3gp': ['3gp', 'mp4'],
  f4v: ['f4v', 'mp4'],
  asf: ['asf'],
  wma: ['asf'],
  rmvb: ['rm'],
  mid: ['mid'],
  ape: ['ape'],
};

export const KIND_REFUSAL: Record<UploadKind, string> = {
  image: '请上传 JPG、PNG、GIF 或 WebP 格式的图片',
  video: '请上传 MP4、WebM 或 MOV 格式的视频',
  pdf: '请上传 PDF 文件',
  attachment: '上传文件格式不正确!',
};

/** What an upload answers: the stored file, its address and, for a picture, its size. */
export interface UploadedFile {
  fileId: number;
  fileName: string;
  url: string;
  thumbUrl: string;
  size: number;
  mimeType: string;
  width: number | null;
  height: number | null;
}

/** Whether bytes look like text: valid UTF-8 (or GBK-ish bytes) without control characters. */
function looksLikeText(head: Buffer): boolean {
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
  }
  return true;
}

export function cleanFileName(name: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return base.slice(-200) || '未命名文件';
}

/**
 * Office files' own types, for when their bytes are only told apart as the
 * container they are (a zip or an OLE file): file-type names a docx or pptx
 * by the zip entries it finds in the first bytes, and a library that writes
 * `word/` or `ppt/` entries before `[Content_Types].xml` (as the `docx` and
 * `pptxgenjs` packages do) reads as a plain zip. Stored as that, a
 * download would be served as application/zip.
 */
const CONTAINED_TYPES: Record<string, [container: string, mime: string]> = {
  docx: ['zip', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pptx: ['zip', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  doc: ['cfb', 'application/msword'],
  xls: ['cfb', 'application/vnd.ms-excel'],
  ppt: ['cfb', 'application/vnd.ms-powerpoint'],
  wps: ['cfb', 'application/vnd.ms-works'],
};

/**
 * The stored type of bytes whose extension allows the detected types
 * `allowed` ('text': no signature, text only, stored as plain text).
 */
async function checkedType(
  allowed: string[],
  head: Buffer,
  detected?: Awaited<ReturnType<typeof fileTypeFromBuffer>>,
  extension = '',
): Promise<string> {
  const found = detected === undefined ? await fileTypeFromBuffer(head) : detected;
  const contained = CONTAINED_TYPES[extension];
  if (found && contained && found.ext === contained[0]) return contained[1];
  if (found && allowed.includes(found.ext)) return found.mime;
  if (!found && allowed.includes('text') && looksLikeText(head)) return 'text/plain; charset=utf-8';
  throw badRequest('文件内容与扩展名不符');
}

/** Bytes of an upload's start its type is told from (file-type reads this many). */
export const HEAD_BYTES = 4100;

export const DRIVE_EXTENSION_SET: ReadonlySet<string> = new Set(DRIVE_EXTENSIONS);

/**
 * The name an attachment is kept under (its path and control characters
 * dropped), when its extension is among `extensions`; otherwise the spec's
 * refusal 上传文件格式不正确!.
 */
export function allowedName(fileName: string, extensions: ReadonlySet<string>): string {
  const cleaned = cleanFileName(fileName);
  const extension = cleaned.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase() ?? '';
  if (!extensions.has(extension)) throw badRequest(KIND_REFUSAL.attachment);
  return cleaned;
}

/** Whether a drive upload's name is allowed (checked when a resumable upload is created). */
export const allowedDriveName = (fileName: string) => allowedName(fileName, DRIVE_EXTENSION_SET);

/**
 * The check of an attachment's first bytes against its (allowed) name's
 * extension: the stored type, or 文件内容与扩展名不符.
 */
export function contentCheck(fileName: string): (head: Buffer) => Promise<string> {
  const extension = fileName.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase() ?? '';
  return async (head) => {
    if (head.length === 0) throw badRequest('文件内容为空');
    const allowed = ATTACHMENT_CONTENT[extension] ?? MORE_CONTENT[extension];
    if (allowed) return checkedType(allowed, head, undefined, extension);
    const detected = await fileTypeFromBuffer(head);
    if (detected && detected.ext !== extension) throw badRequest('文件内容与扩展名不符');
    return detected?.mime ?? 'application/octet-stream';
  };
}

/** The stored type of a content-platform upload of `kind`, told from its first bytes. */
export async function inspectKind(
  kind: UploadKind,
  fileName: string,
  head: Buffer,
): Promise<string> {
  if (head.length === 0) throw badRequest('文件内容为空');
  const detected = await fileTypeFromBuffer(head);
  if (kind === 'pdf') {
    if (detected?.ext !== 'pdf') throw badRequest(KIND_REFUSAL.pdf);
    return 'application/pdf';
  }
  if (kind === 'video') {
    const mime = detected && VIDEO_TYPES[detected.ext];
    if (!mime) throw badRequest(KIND_REFUSAL.video);
    return mime;
  }
  const extension = fileName.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase() ?? '';
  const allowed = ATTACHMENT_CONTENT[extension];
  if (!allowed) throw badRequest(KIND_REFUSAL.attachment);
  return checkedType(allowed, head, detected, extension);
}
