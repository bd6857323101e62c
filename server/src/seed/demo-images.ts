import sharp from 'sharp';
import { svgText } from './demo-font.js';
import { abstractSvg, landscapeSvg, logoSvg, portraitSvg } from './demo-svg.js';
import { seededRandom } from './random.js';

export type ImageKind = 'banner' | 'cover' | 'photo' | 'portrait' | 'logo' | 'poster';

export interface DemoImage {
  data: Buffer;
  mimeType: string;
  fileName: string;
}

export const IMAGE_SIZES: Record<ImageKind, { width: number; height: number }> = {
  banner: { width: 1600, height: 500 },
  cover: { width: 720, height: 405 },
  photo: { width: 1200, height: 800 },
  portrait: { width: 360, height: 450 },
  logo: { width: 240, height: 240 },
  poster: { width: 1040, height: 640 },
};

const KIND_SALT: Record<ImageKind, number> = {
  banner: 1,
  cover: 2,
  photo: 3,
  portrait: 4,
  logo: 5,
  poster: 6,
};

function sceneFor(kind: ImageKind, seed: number): string {
  // Salting by kind keeps a cover and a banner made from the same seed from looking alike.
  const random = seededRandom(
    (Math.imul(seed >>> 0, 2654435761) ^ (KIND_SALT[kind] * 40503)) >>> 0,
  );
  const { width, height } = IMAGE_SIZES[kind];
  switch (kind) {
    case 'portrait':
      return portraitSvg(random, width, height);
    case 'logo':
      return logoSvg(random, width);
    case 'poster':
      return abstractSvg(random, width, height);
    case 'cover':
      // News covers mix scenery with abstract artwork, as real news lists do.
      return random.next() < 0.7
        ? landscapeSvg(random, width, height)
        : abstractSvg(random, width, height);
    default:
      return landscapeSvg(random, width, height);
  }
}

/** A deterministic demo picture: the same kind and seed always give the same bytes. */
export async function makeImage(kind: ImageKind, seed: number): Promise<DemoImage> {
  const image = sharp(Buffer.from(sceneFor(kind, seed)));
  if (kind === 'logo') {
    const data = await image.png({ compressionLevel: 6 }).toBuffer();
    return { data, mimeType: 'image/png', fileName: `logo-${seed}.png` };
  }
  const data = await image.jpeg({ quality: 78, mozjpeg: false }).toBuffer();
  return { data, mimeType: 'image/jpeg', fileName: `${kind}-${seed}.jpg` };
}

export const MAGAZINE_COVER_SIZE = { width: 480, height: 640 };

/**
 * A magazine cover in Chinese: an abstract picture, the series in large
 * type on a band, what it is, and the issue. The text is drawn as outlines
 * of the demo's CJK font (svgText), so it needs no system fonts.
 */
export async function makeMagazineCover(cover: {
  series: string;
  kind: string;
  issue: string;
  seed: number;
}): Promise<DemoImage> {
  const { width, height } = MAGAZINE_COVER_SIZE;
  const random = seededRandom((Math.imul(cover.seed >>> 0, 2654435761) ^ 0x2f6b) >>> 0);
  const picture = abstractSvg(random, width, height);
  const band = `<rect y="0" width="${width}" height="200" fill="#1f4e79" fill-opacity="0.86"/>`;
  const foot = `<rect y="${height - 90}" width="${width}" height="90" fill="#ffffff" fill-opacity="0.9"/>`;
  const text =
    svgText(cover.series, { x: width / 2, y: 130, size: 104, fill: '#ffffff', centred: true }) +
    svgText(`青禾实验中学${cover.kind}`, {
      x: width / 2,
      y: 178,
      size: 24,
      fill: '#e8f0f8',
      centred: true,
    }) +
    svgText(cover.issue, {
      x: width / 2,
      y: height - 36,
      size: 24,
      fill: '#1f4e79',
      centred: true,
    });
  const svg = picture.replace('</svg>', `${band}${foot}${text}</svg>`);
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: false }).toBuffer();
  return { data, mimeType: 'image/jpeg', fileName: `magazine-cover-${cover.seed}.jpg` };
}
