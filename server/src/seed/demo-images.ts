import sharp from 'sharp';
import { svgText } from './demo-font.js';
import type { SceneKind, SceneSpec, Season, TimeOfDay } from './demo-scene.js';
import { SEPIA, hash, sceneSvg, withOverlay } from './demo-scenes.js';
import { abstractSvg, logoSvg, portraitSvg } from './demo-svg.js';
import { seededRandom, type Random } from './random.js';

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

const SCENES: readonly SceneKind[] = [
  'campus',
  'classroom',
  'laboratory',
  'sports',
  'library',
  'ceremony',
  'people',
  'art',
  'meeting',
];
const SEASONS: readonly Season[] = ['spring', 'summer', 'autumn', 'winter'];
const TIMES: readonly TimeOfDay[] = ['morning', 'day', 'day', 'day', 'evening', 'night'];

/** A scene for callers that only have a number: banners are wide views of the campus. */
function specFor(kind: ImageKind, random: Random): SceneSpec {
  const scene =
    kind === 'banner'
      ? random.pick(['campus', 'campus', 'ceremony', 'sports'] as const)
      : random.pick(SCENES);
  return { scene, season: random.pick(SEASONS), timeOfDay: random.pick(TIMES) };
}

function seeded(kind: ImageKind, seed: number): Random {
  // Salting by kind keeps a cover and a banner made from the same seed from looking alike.
  return seededRandom((Math.imul(seed >>> 0, 2654435761) ^ (KIND_SALT[kind] * 40503)) >>> 0);
}

async function encode(kind: ImageKind, svg: string, name: string, old = false): Promise<DemoImage> {
  let image = sharp(Buffer.from(svg));
  if (kind === 'logo') {
    const data = await image.png({ compressionLevel: 6 }).toBuffer();
    return { data, mimeType: 'image/png', fileName: `${name}.png` };
  }
  // An old photograph: the colours of a sepia print.
  if (old) image = image.tint(SEPIA);
  const data = await image.jpeg({ quality: 78, mozjpeg: false }).toBuffer();
  return { data, mimeType: 'image/jpeg', fileName: `${name}.jpg` };
}

/** A deterministic demo picture: the same kind and seed always give the same bytes. */
export async function makeImage(kind: ImageKind, seed: number): Promise<DemoImage> {
  const random = seeded(kind, seed);
  const { width, height } = IMAGE_SIZES[kind];
  const name = kind === 'logo' ? `logo-${seed}` : `${kind}-${seed}`;
  if (kind === 'portrait') return encode(kind, portraitSvg(random, width, height), name);
  if (kind === 'logo') return encode(kind, logoSvg(random, width), name);
  if (kind === 'poster') return encode(kind, abstractSvg(random, width, height), name);
  const spec = specFor(kind, random);
  const scene = sceneSvg(spec, random.int(0, 11), width, height, kind);
  return encode(kind, scene.svg, name, scene.old);
}

/**
 * A picture of `spec` for `kind`, the `variant`th view of it. Portraits and emblems stay
 * what they are (the scene only seeds them); every other kind shows the scene.
 */
export async function makeSceneImage(
  kind: ImageKind,
  spec: SceneSpec,
  variant = 0,
): Promise<DemoImage> {
  const { width, height } = IMAGE_SIZES[kind];
  const name = `${kind}-${spec.scene}-${spec.season}-${spec.timeOfDay}-${variant}`;
  if (kind === 'portrait' || kind === 'logo') {
    const random = seeded(kind, hash(`${spec.scene}|${spec.season}|${spec.timeOfDay}|${variant}`));
    const svg = kind === 'logo' ? logoSvg(random, width) : portraitSvg(random, width, height);
    // A portrait of the school's past (a former principal) is an old print too.
    return encode(kind, svg, name, kind === 'portrait' && spec.scene === 'history');
  }
  const scene = sceneSvg(spec, variant, width, height, kind);
  return encode(kind, scene.svg, name, scene.old);
}

export const MAGAZINE_COVER_SIZE = { width: 480, height: 640 };

const ISSUE_SEASONS: Record<string, Season> = {
  春: 'spring',
  夏: 'summer',
  秋: 'autumn',
  冬: 'winter',
};
/** Outdoor scenes, where the season shows. */
const COVER_SCENES: readonly SceneKind[] = ['campus', 'campus', 'people', 'sports', 'ceremony'];

/**
 * The picture of an issue: a school scene in the issue's season (秋季号 shows autumn),
 * chosen by `seed`. An issue label without a season gets one from the seed.
 */
export function magazineScene(issue: string, seed: number): SceneSpec {
  const named = /([春夏秋冬])季/.exec(issue)?.[1];
  const random = seededRandom((Math.imul(seed >>> 0, 2654435761) ^ 0x2f6b) >>> 0);
  const scene = random.pick(COVER_SCENES);
  return {
    scene,
    season: named ? ISSUE_SEASONS[named]! : random.pick(SEASONS),
    timeOfDay: random.next() < 0.7 ? 'day' : 'morning',
  };
}

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
  const picture = sceneSvg(
    magazineScene(cover.issue, cover.seed),
    cover.seed,
    width,
    height,
    'magazine',
  ).svg;
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
  const svg = withOverlay(picture, width, height, `${band}${foot}${text}`);
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: false }).toBuffer();
  return { data, mimeType: 'image/jpeg', fileName: `magazine-cover-${cover.seed}.jpg` };
}
