import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DRIVE_EXTENSIONS } from '@school/common/api';
import { fileTypeFromBuffer } from 'file-type';
import type { Services } from '../../app.js';
import { fileUrl } from '../../platform/files/service.js';
import { UPLOAD_LIMITS, type UploadKind } from '../../platform/files/upload.js';
import { ImportFailure, type OldSiteClient } from './client.js';
import type { Report } from './report.js';
import type { IdMap } from './store.js';
import { isSvg, svgToPng } from '../../platform/files/site-pictures.js';

/** The width an SVG picture of the old site is drawn at. */
const SVG_IMPORT_WIDTH = 600;

/** Picture types a page shows; the old site's pictures are kept as they are (their bytes). */
const PICTURE_TYPES = new Set(['jpg', 'png', 'gif', 'webp']);

/**
 * Attachments: the teaching drive's documents, pictures, audio, video and archives (checked
 * by their bytes as the drive's uploads are), and the spreadsheets' plain-text CSV; not SVG,
 * which can carry script.
 */
const ATTACHMENT_EXTENSIONS: ReadonlySet<string> = new Set(
  [...DRIVE_EXTENSIONS, 'csv'].filter((extension) => extension !== 'svg'),
);

/** The id in an old site's file address: api/files/12, uploadnewfile.do?FILE_ID=12. */
const FILE_ID = /\/api\/files\/(\d+)(?:[/?#]|$)|[?&]FILE_ID=(\d+)/i;

/** Page addresses whose query names an item by its old id, and the map kind of that id. */
const ITEM_PARAMS: Record<string, string> = {
  newId: 'news',
  subjectNewId: 'subject',
  videoId: 'video',
  magazineId: 'magazine',
};

/**
 * The old site's files, brought here through the upload service's rules: read up to the
 * kind's size limit, their type checked by their bytes, stored once per content (SHA-256:
 * the same bytes met at another address are the file already stored). Addresses outside the
 * old site are never fetched.
 */
export class FileImporter {
  /** Addresses that failed in this run: not fetched again, reported once. */
  private readonly failed = new Set<string>();
  /** Files asked for that could not be brought, in this run (an item brought without one). */
  missed = 0;

  constructor(
    private readonly client: OldSiteClient,
    private readonly services: Services,
    private readonly map: IdMap,
    private readonly report: Report,
    private readonly dryRun: boolean,
    /**
     * Whom the files are stored as uploaded by: the setup's administrator, as whom the
     * platform's own saves are made (a file is used by the one who may read it); null on a site
     * without one yet.
     */
    private readonly owner: number | null,
  ) {}

  /**
   * The new id of the old site's file at `address` as `kind`, or null when it is not the old
   * site's, or could not be brought (a failure in `area`'s report, the item imported without it).
   */
  async fileFor(address: string | null | undefined, kind: UploadKind, area: string) {
    if (!address) return null;
    const url = this.client.resolve(address);
    if (!url) return null;
    const key = url.pathname + url.search;
    const known = await this.map.get('file', key);
    if (known) return known.newId;
    if (this.failed.has(key)) {
      this.missed++;
      return null;
    }
    try {
      const { bytes, fileName } = await this.client.download(url.toString(), UPLOAD_LIMITS[kind]);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const same = await this.map.get('hash', sha256);
      const newId = same?.newId ?? (await this.store(kind, fileName, bytes));
      if (!same) await this.map.set('hash', sha256, { newId, fingerprint: sha256 });
      await this.map.set('file', key, { newId, fingerprint: sha256 });
      return newId;
    } catch (err) {
      this.failed.add(key);
      this.missed++;
      this.report.fail(area, url.toString(), reasonOf(err), false);
      return null;
    }
  }

  /** Stores checked bytes; a dry run stores nothing and answers a stand-in id. */
  private async store(kind: UploadKind, name: string, read: Buffer): Promise<number> {
    let bytes = read;
    let ext = (await fileTypeFromBuffer(bytes.subarray(0, 4100)))?.ext as string | undefined;
    let fileName = name;
    if (kind === 'image') {
      if ((!ext || ext === 'xml') && isSvg(bytes)) {
        // A drawing (a QR code or an emblem as SVG): checked and drawn into a PNG, as
        // 站点设置 stores an uploaded one; a picture that could run anything is refused.
        bytes = await svgToPng(bytes, SVG_IMPORT_WIDTH).catch((err: unknown) => {
          throw new ImportFailure(reasonOf(err));
        });
        ext = 'png';
      }
      if (!ext || !PICTURE_TYPES.has(ext)) {
        throw new ImportFailure('不是图片（按内容检查）');
      }
      // Named by what the bytes are, so the upload's check by name and content agrees.
      fileName = name.replace(/\.[A-Za-z0-9]{1,8}$/, '') + `.${ext}`;
    }
    if (this.dryRun) return -1;
    const source = Readable.from([bytes]);
    try {
      const stored =
        kind === 'attachment'
          ? await this.services.uploads.attachment(
              { fileName, createdBy: this.owner, maxBytes: UPLOAD_LIMITS.attachment },
              ATTACHMENT_EXTENSIONS,
              source,
            )
          : await this.services.uploads.upload(
              kind === 'image' ? 'attachment' : kind,
              { fileName, createdBy: this.owner },
              source,
              async () => bytes,
            );
      return stored.fileId;
    } catch (err) {
      throw new ImportFailure(`${name}: ${reasonOf(err)}`);
    }
  }

  /**
   * Body HTML with the old site's addresses made ours: a picture or file it links is brought
   * here and linked by its new address; a page of the old site becomes the same page here
   * (with the item's new id when it was imported). Other sites' addresses stay as they are.
   */
  async rewriteHtml(html: string, area: string): Promise<string> {
    const pattern =
      /(<(img|a|video|source|embed|iframe)\b[^>]*?\s(?:src|href)\s*=\s*)(["'])(.*?)\3/gi;
    let out = '';
    let last = 0;
    // One at a time, in order: a file met twice is fetched once.
    for (const match of html.matchAll(pattern)) {
      const [whole, head, tag, quote, value] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      const kind = tag.toLowerCase() === 'img' ? 'image' : 'attachment';
      out += html.slice(last, match.index) + head + quote;
      out += (await this.rewriteAddress(value, kind, area)) + quote;
      last = match.index! + whole.length;
    }
    return out + html.slice(last);
  }

  private async rewriteAddress(value: string, kind: UploadKind, area: string): Promise<string> {
    const decoded = value.replace(/&amp;/g, '&');
    const url = this.client.resolve(decoded);
    if (!url) return value;
    if (FILE_ID.test(url.pathname + url.search) || url.pathname.startsWith('/upload/')) {
      const newId = await this.fileFor(url.toString(), kind, area);
      // A file that could not be brought is not linked to the old site either.
      return newId ? fileUrl(newId) : '#';
    }
    for (const [param, mapKind] of Object.entries(ITEM_PARAMS)) {
      const old = url.searchParams.get(param);
      if (!old) continue;
      const mapped = await this.map.get(mapKind, old);
      // An item not imported (yet): the link stays the old site's, whole, rather than name
      // another item here by its old id.
      if (!mapped || mapped.newId < 0) return value;
      url.searchParams.set(param, String(mapped.newId));
    }
    return (url.pathname + url.search + url.hash).replace(/&/g, '&amp;');
  }
}

export const reasonOf = (err: unknown) =>
  err instanceof Error ? err.message : String(err ?? '未知错误');
