import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { badRequest } from '../../http/errors.js';
import { fileUrl, type FileService } from './service.js';
import { HEAD_BYTES, KIND_REFUSAL, type UploadedFile } from './upload-checks.js';

/** Pictures are stored at most this wide or high, and thumbnails this size. */
const IMAGE_MAX = 1920;
const THUMB_MAX = 480;

/** Picture types a browser shows; others (BMP, TIFF) are converted to JPEG. */
const IMAGE_TYPES = new Set(['jpg', 'png', 'gif', 'webp', 'bmp', 'tif', 'avif']);

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
export async function storePicture(
  files: FileService,
  fileName: string,
  createdBy: number | null,
  bytes: Buffer,
): Promise<UploadedFile> {
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
  const thumbFile = await files.save(
    {
      fileName: `thumb-${named}`,
      mimeType: format === 'gif' ? 'image/png' : mimeType,
      createdBy,
    },
    thumb,
  );
  const stored = await files.save(
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
