import type { SceneKind, SceneSpec } from './demo-scene.js';
import { makeStage, rect, type Stage } from './demo-scenes-kit.js';
import {
  artScene,
  classroomScene,
  hallScene,
  laboratoryScene,
  libraryScene,
} from './demo-scenes-indoor.js';
import { campusScene, groupPhoto, outdoorCeremony, sportsScene } from './demo-scenes-outdoor.js';
import { rowsOfPeople } from './demo-scenes-people.js';
import { seededRandom } from './random.js';

/**
 * A picture of a scene (what the event shows, in its season and at its hour), drawn as
 * SVG with no text on it. The same spec, variant and size give the same SVG; another
 * variant moves the camera: other layouts, other people, other places.
 */

const INDOOR: ReadonlySet<SceneKind> = new Set([
  'classroom',
  'laboratory',
  'library',
  'meeting',
  'art',
]);

/** A 32-bit FNV-1a hash: the seed of a scene comes from its words, not from a counter. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The tint of an old print: a history scene is rasterised through it (sharp's tint). */
export const SEPIA = { r: 150, g: 112, b: 72 };

export interface DrawnScene {
  svg: string;
  /** An old photograph: rasterise it in sepia. */
  old: boolean;
}

function draw(s: Stage, scene: SceneKind, layout: number): void {
  // A banner or a cover is a view outdoors: the ceremony on the square, not in a hall.
  if ((s.W > s.H * 2.5 || s.W < s.H) && scene === 'ceremony') return outdoorCeremony(s);
  switch (scene) {
    case 'classroom':
      return classroomScene(s, layout);
    case 'laboratory':
      return laboratoryScene(s, layout);
    case 'library':
      return libraryScene(s, layout);
    case 'meeting':
      return hallScene(s, 'meeting', layout);
    case 'art':
      return artScene(s, layout);
    case 'sports':
      return sportsScene(s, layout);
    case 'ceremony':
      return layout % 2 ? hallScene(s, 'ceremony', layout) : outdoorCeremony(s);
    case 'people':
    case 'history':
      if (layout % 3 === 2 && scene === 'people') {
        // A team lined up on the field.
        campusScene(s, 1);
        s.body.push(
          rowsOfPeople(s, { x: s.W * 0.1, w: s.W * 0.8, feetY: s.H - 30, rows: 2, size: 210 }),
        );
        return;
      }
      return layout % 3 === 1 && scene === 'history' ? campusScene(s, layout) : groupPhoto(s);
    default:
      return campusScene(s, layout);
  }
}

/** The SVG of `spec` seen the `variant`th way, `width` by `height` pixels. */
export function sceneSvg(
  spec: SceneSpec,
  variant: number,
  width: number,
  height: number,
  salt = '',
): DrawnScene {
  const key = `${spec.scene}|${spec.season}|${spec.timeOfDay}|${variant}|${salt}`;
  const random = seededRandom(hash(key));
  const s = makeStage(random, width / height, spec.season, spec.timeOfDay, INDOOR.has(spec.scene));
  // Each scene has a few layouts; the variant walks through them, then the details differ.
  draw(s, spec.scene, variant + (hash(`${spec.scene}${spec.season}${spec.timeOfDay}`) % 6));
  const old = spec.scene === 'history';
  if (old) {
    // The white border and worn corners of a print.
    const b = Math.round(s.H * 0.04);
    s.body.push(
      `<path d="M0 0H${s.W}V${s.H}H0Z M${b} ${b}V${s.H - b}H${s.W - b}V${b}Z" fill="#f4efe4" fill-rule="evenodd"/>`,
    );
    s.body.push(rect(b, b, s.W - 2 * b, s.H - 2 * b, 'none', ' stroke="#d8cfbd" stroke-width="3"'));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${s.W} ${s.H}" preserveAspectRatio="xMidYMid slice"><defs>${s.defs.join('')}</defs>${s.body.join('')}</svg>`;
  return { svg, old };
}

/**
 * The scene with something drawn over it in the picture's own pixels (a caption band, a
 * magazine's title): the scene goes in as a nested viewport.
 */
export function withOverlay(scene: string, width: number, height: number, overlay: string) {
  const inner = scene.replace(/^<svg xmlns="[^"]+"/, '<svg x="0" y="0"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${inner}${overlay}</svg>`;
}
