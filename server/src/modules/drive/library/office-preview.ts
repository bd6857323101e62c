import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import contentDisposition from 'content-disposition';
import { drivePreviewCalls, type PreviewProgress } from '@school/common/api';
import { staffOf } from '../../../http/auth.js';
import { route } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { AuthStaff } from '../../../platform/auth/session.js';
import { extensionOf, type OfficePreviews } from '../../../platform/files/office-previews.js';
import { sendBytes } from '../../../platform/files/routes.js';
import type { FileService, StoredFile } from '../../../platform/files/service.js';
import { WATERMARK_MAX_BYTES, watermarkPdf } from '../../../platform/files/watermark.js';
import { displayTime, type Clock } from '../../../time.js';
import { mayDownload } from './leak-protection.js';
import { downloadName } from './resource-files.js';
import type { DriveResources } from './resources.js';

export const PREVIEW_PENDING = '正在生成预览…';
export const PREVIEW_UNSUPPORTED = '暂不支持预览，请下载';
export const PREVIEW_FAILED = '预览生成失败，请下载查看';
export const WATERMARK_FAILED = '该文件无法生成防泄密预览，请联系上传者';
export const WATERMARK_TOO_LARGE = '文件过大，无法生成防泄密预览，请联系上传者';

/** What the preview address answers. */
export type DrivePreview =
  | { kind: 'pdf'; file: StoredFile; fileName: string }
  | { kind: 'watermarked'; bytes: Uint8Array; fileName: string }
  | { kind: 'pending'; progress: PreviewProgress };

/**
 * `GET api/resources/preview/:resourcesId` (issue 19): a drive file as PDF
 * pages for the existing viewer, under the file's own read rule (the
 * resource's, then the stored file's). A PDF is itself; an office document
 * is LibreOffice's PDF of it (queued at the first ask: 202 while it waits
 * or converts). A 防泄密 file is watermarked for every viewer but its
 * uploader and the drive administrators (who may download it anyway) with
 * the viewer's name, account and the time, drawn into each page.
 */
export class DrivePreviews {
  constructor(
    private readonly resources: DriveResources,
    private readonly files: FileService,
    private readonly previews: OfficePreviews,
    private readonly now: Clock,
  ) {}

  async preview(viewer: AuthStaff, resourceId: number): Promise<DrivePreview> {
    const resource = await this.resources.get(resourceId, viewer);
    const original = await this.files.findWithFacts(resource.fileId);
    if (!original) throw notFound('文件不存在');
    // The file's one rule must say yes too; for a 防泄密 file it refuses the bytes to all but
    // its uploader and drive administrators, and others get the watermarked copy made below.
    const protectedFromViewer = !mayDownload(resource, viewer);
    if (!protectedFromViewer) await this.files.access.assertReadable(original, viewer);
    return this.pages(original, resource.fileName, downloadName(resource), viewer.id, (time) =>
      protectedFromViewer
        ? {
            text: `${viewer.name} ${viewer.code} ${time}`,
            ascii: `${viewer.code.replace(/[^\x20-\x7e]/g, '?')} ${time}`,
          }
        : null,
    );
  }

  /**
   * The pages of a shared file for a visitor with no login (the link has been
   * checked by DriveShares.open): a 防泄密 file's carry "分享访客", the
   * visitor's address and the time, as a staff viewer's carry their name.
   */
  async forShare(
    fileId: number,
    fileName: string,
    name: string,
    leakProtected: boolean,
    address: string,
  ): Promise<DrivePreview> {
    const original = await this.files.findWithFacts(fileId);
    if (!original) throw notFound('文件不存在');
    const ascii = address.replace(/[^\x20-\x7e]/g, '?');
    return this.pages(original, fileName, name, undefined, (time) =>
      leakProtected ? { text: `分享访客 ${ascii} ${time}`, ascii: `guest ${ascii} ${time}` } : null,
    );
  }

  /** A stored file as PDF pages: itself, or LibreOffice's PDF of it; watermarked when `mark` says so. */
  private async pages(
    original: StoredFile,
    storedName: string,
    shownName: string,
    /** Whose turn a conversion takes (a share's visitor: none, the uploader's). */
    requester: number | undefined,
    mark: (time: string) => { text: string; ascii: string } | null,
  ): Promise<DrivePreview> {
    const fileName = shownName.replace(/\.[^.]+$/, '') + '.pdf';
    let pdf: StoredFile;
    if (original.mimeType === 'application/pdf') {
      pdf = original;
    } else {
      const made = await this.previews.forFile(original.id, extensionOf(storedName), requester);
      if (made.state === 'unsupported') throw new AppError(415, PREVIEW_UNSUPPORTED);
      if (made.state === 'failed') throw new AppError(422, PREVIEW_FAILED);
      if (made.state === 'pending') {
        return { kind: 'pending', progress: { state: made.phase, position: made.position } };
      }
      pdf = made.pdf;
    }
    if (!(await this.files.storage.has(pdf.storageKey))) throw notFound('文件不存在');
    // Minutes, not seconds: the time says when it was viewed, the PDF need not differ per second.
    const watermark = mark(displayTime(this.now().toISOString()).slice(0, 16));
    if (!watermark) return { kind: 'pdf', file: pdf, fileName };
    return { kind: 'watermarked', bytes: await this.watermark(pdf, watermark), fileName };
  }

  private async watermark(
    pdf: StoredFile,
    mark: { text: string; ascii: string },
  ): Promise<Uint8Array> {
    if (Number(pdf.size) > WATERMARK_MAX_BYTES) throw new AppError(413, WATERMARK_TOO_LARGE);
    const chunks: Buffer[] = [];
    for await (const chunk of this.files.storage.read(pdf.storageKey)) {
      chunks.push(chunk as Buffer);
    }
    try {
      return await watermarkPdf(Buffer.concat(chunks), mark.text, mark.ascii);
    } catch {
      // An encrypted or broken PDF: no preview rather than one without the mark.
      throw new AppError(422, WATERMARK_FAILED);
    }
  }
}

/**
 * A drive resource's bytes by its id (file/<id>, preview/<id>): the address
 * stays when 替换 or 还原 changes the bytes, so the browser keeps them but
 * asks each time; the ETag names the stored file, and only an unchanged one
 * is answered 304.
 */
export const RESOURCE_BYTES_CACHE = 'private, no-cache';

/**
 * Answers a preview: 202 with where the conversion stands, the watermarked
 * pages made for this viewer, or the stored PDF (with byte ranges).
 */
export function sendPreview(
  files: FileService,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: DrivePreview,
  cacheControl = RESOURCE_BYTES_CACHE,
) {
  if (answer.kind === 'pending') {
    return reply
      .code(202)
      .header('cache-control', 'no-store')
      .send(ok(answer.progress, PREVIEW_PENDING));
  }
  if (answer.kind === 'watermarked') {
    // Made for this viewer now: never kept by a cache, no byte ranges (each answer differs).
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(answer.fileName, { type: 'inline' }))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(answer.bytes));
  }
  return sendBytes(files, request, reply, answer.file, {
    disposition: 'inline',
    cacheControl,
    fileName: answer.fileName,
  });
}

/** The preview's route, under the drive's prefix. */
export const drivePreviewRoutes: FastifyPluginAsyncTypebox<{
  previews: DrivePreviews;
  files: FileService;
}> = async (app, { previews, files }) => {
  route(app, drivePreviewCalls.preview, { sessionCookie: true }, async (request, reply) => {
    const answer = await previews.preview(staffOf(request), request.params.resourcesId);
    return sendPreview(files, request, reply, answer);
  });
};
