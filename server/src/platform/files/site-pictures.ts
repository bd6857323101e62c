import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { SITE_PICTURE_KINDS, type SitePictureKind } from '@school/common/api';
import { badRequest } from '../../http/errors.js';
import type { UploadService, UploadedFile } from './upload.js';

export const PICTURE_TYPES_MESSAGE = '请上传 PNG、JPG 或 SVG 格式的图片';
export const UNSAFE_SVG_MESSAGE = 'SVG 图片不能含有脚本、事件属性、外部引用或嵌入的网页内容';

/** How wide an SVG is drawn into the PNG that is stored (a favicon is small, a banner wide). */
const SVG_WIDTH: Record<SitePictureKind, number> = {
  logo: 512,
  favicon: 256,
  banner: 1920,
  qr: 512,
};

export function pictureKind(value: string | undefined): SitePictureKind {
  const kind = (value ?? '').trim();
  if (!(SITE_PICTURE_KINDS as readonly string[]).includes(kind)) {
    throw badRequest('kind 须为 logo、favicon、banner 或 qr');
  }
  return kind as SitePictureKind;
}

/** Whether text bytes are an SVG document: an <svg> root after the prolog. */
export function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const prolog = head.replace(
    /^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i,
    '',
  );
  return /^<svg[\s>]/i.test(prolog);
}

/**
 * Refuses an SVG that could run or fetch anything: scripts, event
 * attributes, embedded HTML, entity declarations, links or styles that
 * reach outside the document. Only what draws itself passes.
 */
export function assertSafeSvg(svg: string): void {
  const unsafe = [
    /<script[\s>/]/i,
    /<foreignObject[\s>/]/i,
    /<(iframe|embed|object|audio|video|handler|listener)[\s>/]/i,
    /<!ENTITY/i,
    /\son[a-z]+\s*=/i,
    /javascript:/i,
    /@import/i,
    // href / xlink:href / src to anything but a fragment of this document or an inline picture
    /\s(?:xlink:)?(?:href|src)\s*=\s*(["'])(?!#|data:image\/(?:png|jpe?g|gif|webp);base64,)/i,
    /url\(\s*(["']?)(?!#|data:image\/(?:png|jpe?g|gif|webp);base64,)/i,
  ];
  if (unsafe.some((pattern) => pattern.test(svg))) throw badRequest(UNSAFE_SVG_MESSAGE);
}

/**
 * A site picture as uploaded: PNG or JPEG by its bytes (the name and the
 * browser's type are not trusted), or a safe SVG drawn into a PNG, so what
 * is stored and served is always a plain raster picture a script cannot run
 * in. Stored as every picture is (re-encoded, metadata dropped).
 */
export async function storeSitePicture(
  uploads: UploadService,
  kind: SitePictureKind,
  bytes: Buffer,
  createdBy: number | null,
): Promise<UploadedFile> {
  if (bytes.length === 0) throw badRequest('请选择要上传的图片');
  const detected = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  if (detected && (detected.ext === 'png' || detected.ext === 'jpg')) {
    return uploads.image(`${kind}.${detected.ext}`, createdBy, bytes);
  }
  const text = !detected || detected.ext === 'xml' || detected.ext === 'svg';
  if (!text || !isSvg(bytes)) throw badRequest(PICTURE_TYPES_MESSAGE);
  return uploads.image(`${kind}.png`, createdBy, await svgToPng(bytes, SVG_WIDTH[kind]));
}

/** A safe SVG (assertSafeSvg) drawn into a PNG `width` pixels wide. */
export async function svgToPng(bytes: Buffer, width: number): Promise<Buffer> {
  assertSafeSvg(bytes.toString('utf8'));
  try {
    return await sharp(bytes, { density: 300, limitInputPixels: 40_000_000 })
      .resize({ width, withoutEnlargement: false })
      .png()
      .toBuffer();
  } catch {
    throw badRequest('SVG 图片无法读取，请检查文件');
  }
}
