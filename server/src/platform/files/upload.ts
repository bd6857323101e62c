import type { Readable } from 'node:stream';
import { DRIVE_EXTENSIONS, type DriveUpload } from '@school/common/api';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError, badRequest } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import { fileUrl, type FileService } from './service.js';

/**
 * What the content platform uploads, each with its size limit and the types
 * its bytes must have (the name's extension and the browser's claimed type
 * are not trusted): pictures for covers, banners and bodies; videos for the
 * video centre; PDFs for magazines; attachments of news.
 */
export type UploadKind = 'image' | 'video' | 'pdf' | 'attachment';
export const UPLOAD_KINDS: UploadKind[] = ['image', 'video', 'pdf', 'attachment'];

const MB = 1024 * 1024;

export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 20 * MB,
  video: 1024 * MB,
  pdf: 200 * MB,
  attachment: 200 * MB,
};

/** Pictures are stored at most this wide or high, and thumbnails this size. */
const IMAGE_MAX = 1920;
const THUMB_MAX = 480;

/** Picture types a browser shows; others (BMP, TIFF) are converted to JPEG. */
const IMAGE_TYPES = new Set(['jpg', 'png', 'gif', 'webp', 'bmp', 'tif', 'avif']);
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

const KIND_REFUSAL: Record<UploadKind, string> = {
  image: '请上传 JPG、PNG、GIF 或 WebP 格式的图片',
  video: '请上传 MP4、WebM 或 MOV 格式的视频',
  pdf: '请上传 PDF 文件',
  attachment: '上传文件格式不正确!',
};

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
const HEAD_BYTES = 4100;

const DRIVE_EXTENSION_SET: ReadonlySet<string> = new Set(DRIVE_EXTENSIONS);

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
function contentCheck(fileName: string): (head: Buffer) => Promise<string> {
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

export class UploadService {
  constructor(private readonly files: FileService) {}

  async upload(
    kind: UploadKind,
    /** createdBy null: nobody's upload (the site importer's files, used by what it imports). */
    input: { fileName: string; createdBy: number | null },
    source: Readable & { truncated?: boolean },
    readAll: () => Promise<Buffer>,
  ): Promise<UploadedFile> {
    const fileName = cleanFileName(input.fileName);
    if (kind === 'image') return this.image(fileName, input.createdBy, await readAll());
    const stored = await this.files.saveInspected(
      { fileName, createdBy: input.createdBy, maxBytes: UPLOAD_LIMITS[kind] },
      source,
      (head) => this.inspect(kind, fileName, head),
    );
    return {
      fileId: stored.id,
      fileName: stored.fileName,
      url: fileUrl(stored.id),
      thumbUrl: fileUrl(stored.id),
      size: stored.size,
      mimeType: stored.mimeType,
      width: null,
      height: null,
    };
  }

  /**
   * An attachment whose extension is among `extensions` (an area's own list),
   * streamed to storage and checked by its bytes.
   */
  async attachment(
    input: { fileName: string; createdBy: number | null; maxBytes: number },
    extensions: ReadonlySet<string>,
    source: Readable,
  ): Promise<UploadedFile> {
    let fileName: string;
    try {
      fileName = allowedName(input.fileName, extensions);
    } catch (err) {
      source.resume();
      throw err;
    }
    const stored = await this.files.saveInspected(
      { fileName, createdBy: input.createdBy, maxBytes: input.maxBytes },
      source,
      contentCheck(fileName),
    );
    return {
      fileId: stored.id,
      fileName: stored.fileName,
      url: fileUrl(stored.id),
      thumbUrl: fileUrl(stored.id),
      size: stored.size,
      mimeType: stored.mimeType,
      width: null,
      height: null,
    };
  }

  /**
   * A file of the teaching drive: its extension among the spec's list, its
   * bytes checked against it, kept once per content (an upload of bytes the
   * drive already holds answers that file), recorded as the uploader's drive
   * upload (T_DRIVE_UPLOAD: theirs, since they sent the bytes). `reused` is
   * said only when the uploader could read the held file already: it never
   * tells whether somebody else keeps the same bytes.
   */
  async driveFile(
    input: {
      fileName: string;
      createdBy: number;
      maxBytes: number;
      /** The uploader's session: `reused` is answered for them (the seed has none). */
      uploader?: AuthStaff;
    },
    source: Readable,
  ): Promise<DriveUpload> {
    let fileName: string;
    try {
      fileName = allowedName(input.fileName, DRIVE_EXTENSION_SET);
    } catch (err) {
      source.resume();
      throw err;
    }
    const uploader = input.uploader;
    const { file, known } = await this.files.saveDeduplicated(
      {
        fileName,
        createdBy: input.createdBy,
        maxBytes: input.maxBytes,
        inspect: contentCheck(fileName),
        hold: { table: 'T_DRIVE_UPLOAD', objId: input.createdBy },
        readable: uploader && ((fileId) => this.readable(fileId, uploader)),
      },
      source,
    );
    return {
      fileId: file.id,
      fileName,
      url: fileUrl(file.id),
      fileSize: file.size,
      reused: known,
    };
  }

  /**
   * 秒传: the drive file with these bytes (hex SHA-256), under a new name,
   * without sending them again; undefined when the drive does not hold them.
   * The stored bytes are checked against the new name's extension; the file
   * is recorded as the person's drive upload (T_DRIVE_UPLOAD), pending until
   * registered, in one transaction with finding the file again: bytes deleted
   * meanwhile answer undefined, as unknown ones (leases.ts).
   */
  async driveFileByHash(input: {
    fileName: string;
    sha256: string;
    reader: AuthStaff;
    /** The size the client knows: another one is not the same file. */
    size?: number;
  }): Promise<DriveUpload | undefined> {
    const fileName = allowedName(input.fileName, DRIVE_EXTENSION_SET);
    const file = await this.files.findByHash(input.sha256);
    if (!file || (input.size !== undefined && file.size !== input.size)) return undefined;
    // Only bytes the person may read already: else the same answer as for unknown bytes.
    if (!(await this.readable(file.id, input.reader))) return undefined;
    const head: Buffer[] = [];
    for await (const chunk of this.files.storage.read(file.storageKey, {
      start: 0,
      end: HEAD_BYTES - 1,
    })) {
      head.push(chunk as Buffer);
    }
    await contentCheck(fileName)(Buffer.concat(head));
    const hold = { table: 'T_DRIVE_UPLOAD', objId: input.reader.id } as const;
    if (!(await this.files.claim(file.id, input.sha256, hold))) return undefined;
    return { fileId: file.id, fileName, url: fileUrl(file.id), fileSize: file.size, reused: true };
  }

  /** Whether `reader` may read a stored file under the one read rule. */
  private async readable(fileId: number, reader: AuthStaff): Promise<boolean> {
    const facts = await this.files.access.facts(fileId);
    return Boolean(facts && (await this.files.access.verdict(facts, reader)).ok);
  }

  private async inspect(kind: UploadKind, fileName: string, head: Buffer): Promise<string> {
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

  /**
   * A picture is decoded (which proves it is one), turned upright, scaled
   * down to IMAGE_MAX and re-encoded, which also drops its metadata (camera
   * position, ...); a thumbnail, drawn from that smaller copy, is stored beside
   * it. The demo school's pictures come in this way too.
   *
   * JPEG is written by libjpeg-turbo, progressive with optimised Huffman tables:
   * mozjpeg's trellis quantisation made files about a tenth smaller but took
   * four to six times as long to encode (about 65 ms against 14 ms for a
   * 1200×800 picture), on every upload, every imported picture and every
   * demo picture (docs/performance.md).
   */
  async image(fileName: string, createdBy: number | null, bytes: Buffer): Promise<UploadedFile> {
    const detected = await fileTypeFromBuffer(bytes.subarray(0, HEAD_BYTES));
    if (!detected || !IMAGE_TYPES.has(detected.ext)) throw badRequest(KIND_REFUSAL.image);
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      throw badRequest('图片已损坏，无法读取');
    }
    const animated = detected.ext === 'gif' && (meta.pages ?? 1) > 1;
    const format: 'jpeg' | 'png' | 'webp' | 'gif' =
      detected.ext === 'png' ? 'png' : detected.ext === 'webp' ? 'webp' : animated ? 'gif' : 'jpeg';
    const render = (from: Buffer, max: number, as: typeof format) => {
      const image = sharp(from, { animated: as === 'gif' })
        .rotate()
        .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true });
      if (as === 'png') return image.png({ compressionLevel: 9 });
      if (as === 'webp') return image.webp({ quality: 82 });
      if (as === 'gif') return image.gif();
      return image
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 84, progressive: true, optimiseCoding: true });
    };
    let main: { data: Buffer; info: OutputInfo };
    let thumb: Buffer;
    try {
      main = await render(bytes, IMAGE_MAX, format).toBuffer({ resolveWithObject: true });
      // An animation's thumbnail is its first frame, from the original; any other picture's
      // from the scaled copy, which is upright already and cheaper to decode.
      thumb = await (
        animated ? render(bytes, THUMB_MAX, 'png') : render(main.data, THUMB_MAX, format)
      ).toBuffer();
    } catch {
      throw badRequest('图片已损坏，无法读取');
    }
    const extension = format === 'jpeg' ? 'jpg' : format;
    const named = fileName.replace(/\.[A-Za-z0-9]{1,8}$/, '') + `.${extension}`;
    const mimeType = `image/${format}`;
    const thumbFile = await this.files.save(
      {
        fileName: `thumb-${named}`,
        mimeType: format === 'gif' ? 'image/png' : mimeType,
        createdBy,
      },
      thumb,
    );
    const stored = await this.files.save(
      {
        fileName: named,
        mimeType,
        createdBy,
        thumbFileId: thumbFile.id,
        width: main.info.width,
        height: animated ? (main.info.pageHeight ?? main.info.height) : main.info.height,
      },
      main.data,
    );
    return {
      fileId: stored.id,
      fileName: stored.fileName,
      url: fileUrl(stored.id),
      thumbUrl: fileUrl(thumbFile.id),
      size: stored.size,
      mimeType,
      width: main.info.width,
      height: main.info.height,
    };
  }
}

export const tooLarge = (kind: UploadKind) =>
  new AppError(413, `文件过大，最大 ${Math.round(UPLOAD_LIMITS[kind] / MB)} MB`);
