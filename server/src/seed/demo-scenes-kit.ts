import type { Season, TimeOfDay } from './demo-scene.js';
import { between, mix, n } from './demo-svg-kit.js';
import type { Random } from './random.js';

/**
 * The stage every scene is drawn on: a canvas 600 units high and as wide as the picture's
 * shape asks (upright pictures: 720 wide and as high as they ask), the light of the time of day and the colours of the season. Every colour a
 * drawer uses goes through `c` (the scene's light) or `out` (daylight seen through a
 * window), so one scene drawn at night is the same picture in the dark, lamps lit.
 */
export interface Stage {
  random: Random;
  W: number;
  H: number;
  season: Season;
  time: TimeOfDay;
  /** Lamps and windows are lit (evening and night). */
  lit: boolean;
  c: (colour: string) => string;
  out: (colour: string) => string;
  defs: string[];
  body: string[];
}

export const STAGE_HEIGHT = 600;

const AMBIENT: Record<TimeOfDay, { tint: string; weight: number }> = {
  morning: { tint: '#ffcf9e', weight: 0.12 },
  day: { tint: '#ffffff', weight: 0 },
  evening: { tint: '#7a3a4a', weight: 0.3 },
  night: { tint: '#0a1430', weight: 0.64 },
};
/** Indoors the lights are on after dark: the room dims a little, the windows go dark. */
const INDOOR: Record<TimeOfDay, { tint: string; weight: number }> = {
  morning: { tint: '#ffe2c0', weight: 0.08 },
  day: { tint: '#ffffff', weight: 0 },
  evening: { tint: '#5a3a2a', weight: 0.16 },
  night: { tint: '#1a1a2e', weight: 0.26 },
};

function shader(light: { tint: string; weight: number }) {
  if (light.weight === 0) return (colour: string) => colour;
  const known = new Map<string, string>();
  return (colour: string) => {
    let shaded = known.get(colour);
    if (!shaded) known.set(colour, (shaded = mix(colour, light.tint, light.weight)));
    return shaded;
  };
}

export function makeStage(
  random: Random,
  aspect: number,
  season: Season,
  time: TimeOfDay,
  indoor: boolean,
): Stage {
  const out = shader(AMBIENT[time]);
  // An upright picture (a magazine cover) gets a taller stage, not narrower people.
  const W = aspect < 1.2 ? 720 : Math.round(STAGE_HEIGHT * aspect);
  return {
    random,
    W,
    H: aspect < 1.2 ? Math.round(W / aspect) : STAGE_HEIGHT,
    season,
    time,
    lit: time === 'evening' || time === 'night',
    c: indoor ? shader(INDOOR[time]) : out,
    out,
    defs: [],
    body: [],
  };
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;
/** A circle; without `fill` it takes its group's. */
export const circle = (x: number, y: number, r: number, fill?: string) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"${fill ? ` fill="${fill}"` : ''}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number) =>
  `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${stroke}" stroke-width="${n(w)}" stroke-linecap="round"/>`;

const SKY: Record<TimeOfDay, [string, string]> = {
  morning: ['#8fbde6', '#fcd9b6'],
  day: ['#4f9be0', '#d3ebfa'],
  evening: ['#3b3566', '#f2955a'],
  night: ['#070d24', '#1d2b52'],
};

/** A sky gradient with the sun, the evening sun or the moon and stars, in a box. */
export function sky(s: Stage, box: { x: number; y: number; w: number; h: number }, id: string) {
  const [top, bottom] = SKY[s.time];
  s.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
  );
  let out = rect(box.x, box.y, box.w, box.h, `url(#${id})`);
  const r = s.random;
  const at = (fx: number, fy: number) => [box.x + box.w * fx, box.y + box.h * fy] as const;
  if (s.time === 'night') {
    const [mx, my] = at(between(r, 0.15, 0.85), between(r, 0.12, 0.3));
    out += circle(mx, my, 22, '#f4f1dc') + circle(mx + 9, my - 6, 19, top);
    let stars = '';
    for (let i = Math.round(box.w / 18); i > 0; i--) {
      const [sx, sy] = at(r.next(), r.next() * 0.7);
      stars += `M${n(sx)} ${n(sy)}h0.1`;
    }
    out += `<path d="${stars}" stroke="#dfe6ff" stroke-width="2.4" stroke-linecap="round"/>`;
  } else {
    const fy = s.time === 'day' ? between(r, 0.1, 0.25) : between(r, 0.55, 0.75);
    const fx = s.time === 'morning' ? between(r, 0.05, 0.35) : between(r, 0.1, 0.9);
    const [sx, sy] = at(s.time === 'evening' ? 1 - fx * 0.5 : fx, fy);
    const sun = { morning: '#fff0c4', day: '#fff7d6', evening: '#ffb060' }[s.time];
    out += circle(sx, sy, s.time === 'day' ? 26 : 34, sun);
    for (let i = s.time === 'evening' ? 2 : r.int(1, 3); i > 0; i--) {
      const [cx, cy] = at(r.next(), between(r, 0.1, 0.45));
      out += cloud(r, cx, cy, s.time === 'evening' ? '#e7a58e' : '#ffffff');
    }
  }
  return out;
}

function cloud(r: Random, x: number, y: number, fill: string) {
  let puffs = '';
  for (let i = 0; i < 4; i++) {
    const rx = between(r, 16, 30);
    puffs += `<ellipse cx="${n(x + (i - 1.5) * 22)}" cy="${n(y - (i % 2) * 8)}" rx="${n(rx)}" ry="${n(rx * 0.62)}"/>`;
  }
  return `<g fill="${fill}">${puffs}</g>`;
}

/** Colours of the season outdoors: grass, tree crowns, blossom. */
export const SEASON = {
  spring: { ground: '#8fcf78', crowns: ['#8cc66a', '#a6d67f', '#74b35e'], blossom: '#f6b3c6' },
  summer: { ground: '#5faa58', crowns: ['#3f8f4a', '#2f7a3e', '#4e9c55'], blossom: '' },
  autumn: { ground: '#b8ae5c', crowns: ['#e08a2e', '#c8552b', '#e9b83a'], blossom: '' },
  winter: { ground: '#eef2f6', crowns: ['#2f5a45', '#36614b', '#2b5240'], blossom: '' },
} as const;

/** A tree of the season: blossom in spring, full in summer, coloured in autumn, bare in winter. */
export function tree(s: Stage, x: number, groundY: number, size: number, shade = s.out) {
  const r = s.random;
  const trunk = shade('#6b4f3a');
  let out = rect(x - size * 0.07, groundY - size * 0.9, size * 0.14, size * 0.9, trunk);
  const season = SEASON[s.season];
  if (s.season === 'winter') {
    if (r.next() < 0.5) {
      // A bare tree: a few branches with snow along them.
      let d = '';
      for (let i = 0; i < 5; i++) {
        const y0 = groundY - size * (0.6 + i * 0.2);
        const dx = (i % 2 ? 1 : -1) * size * between(r, 0.3, 0.55);
        d += `M${n(x)} ${n(y0)}L${n(x + dx)} ${n(y0 - size * 0.35)}`;
      }
      out += `<path d="${d}" stroke="${trunk}" stroke-width="${n(size * 0.06)}" stroke-linecap="round"/>`;
      return out + circle(x, groundY - size * 1.55, size * 0.05, shade('#ffffff'));
    }
    const green = shade(r.pick(season.crowns));
    const snow = shade('#f7fbff');
    for (let i = 0; i < 3; i++) {
      const base = groundY - size * (0.5 + i * 0.45);
      const half = size * (0.55 - i * 0.13);
      out += `<path d="M${n(x - half)} ${n(base)}L${n(x)} ${n(base - size * 0.7)}L${n(x + half)} ${n(base)}Z" fill="${green}"/>`;
      out += `<path d="M${n(x - half * 0.45)} ${n(base - size * 0.38)}L${n(x)} ${n(base - size * 0.7)}L${n(x + half * 0.45)} ${n(base - size * 0.38)}Z" fill="${snow}"/>`;
    }
    return out;
  }
  const crown = shade(r.pick(season.crowns));
  out += `<g fill="${crown}">${circle(x, groundY - size * 1.25, size * 0.62)}${circle(x - size * 0.4, groundY - size * 0.95, size * 0.45)}${circle(x + size * 0.4, groundY - size * 1, size * 0.47)}</g>`;
  if (season.blossom) {
    let dots = '';
    for (let i = 0; i < 14; i++) {
      dots += `M${n(x + between(r, -0.8, 0.8) * size)} ${n(groundY - size * between(r, 0.75, 1.7))}h0.1`;
    }
    out += `<path d="${dots}" stroke="${shade(season.blossom)}" stroke-width="${n(size * 0.13)}" stroke-linecap="round"/>`;
  }
  return out;
}

/** Falling snow over the whole picture in winter, a few petals in spring, leaves in autumn. */
export function weather(s: Stage, amount = 1): string {
  const r = s.random;
  const kind = { winter: ['#ffffff', 5], spring: ['#f6b3c6', 4], autumn: ['#d9822b', 5] }[
    s.season as 'winter'
  ];
  if (!kind) return '';
  const count = Math.round(((s.season === 'winter' ? 90 : 14) * amount * s.W) / 900);
  let d = '';
  for (let i = 0; i < count; i++) d += `M${n(r.next() * s.W)} ${n(r.next() * s.H)}h0.1`;
  return `<path d="${d}" stroke="${s.out(kind[0] as string)}" stroke-width="${kind[1]}" stroke-linecap="round"/>`;
}

/** A school building with rows of windows, lit at night, and snow on its roof in winter. */
export function building(
  s: Stage,
  box: { x: number; groundY: number; w: number; h: number },
  colours: { wall: string; roof: string },
) {
  const { x, groundY, w, h } = box;
  const r = s.random;
  const top = groundY - h;
  let out = rect(x, top, w, h, s.out(colours.wall));
  const roof = s.out(colours.roof);
  if (r.next() < 0.45) {
    out += `<path d="M${n(x - 8)} ${n(top)}L${n(x + w / 2)} ${n(top - h * 0.22)}L${n(x + w + 8)} ${n(top)}Z" fill="${roof}"/>`;
    if (s.season === 'winter')
      out += `<path d="M${n(x + w * 0.2)} ${n(top - h * 0.13)}L${n(x + w / 2)} ${n(top - h * 0.22)}L${n(x + w * 0.8)} ${n(top - h * 0.13)}Z" fill="${s.out('#f7fbff')}"/>`;
  } else {
    out += rect(x - 4, top - 9, w + 8, 10, s.season === 'winter' ? s.out('#f7fbff') : roof);
  }
  const glassDay = s.out('#8fb3cf');
  const glassLit = '#ffd98a';
  const ww = 16;
  const wh = 20;
  for (let y = top + 18; y + wh < groundY - 12; y += wh * 1.9) {
    let dark = '';
    let lit = '';
    for (let wx = x + 14; wx + ww < x + w - 10; wx += ww * 1.9) {
      const d = `M${n(wx)} ${n(y)}h${ww}v${wh}h-${ww}Z`;
      if (s.lit && r.next() < 0.55) lit += d;
      else dark += d;
    }
    out += `<path d="${dark}" fill="${glassDay}"/>`;
    if (lit) out += `<path d="${lit}" fill="${glassLit}"/>`;
  }
  return out;
}

/** A window in a wall that shows the outside: sky, a tree of the season, snow on the sill. */
export function windowView(
  s: Stage,
  box: { x: number; y: number; w: number; h: number },
  id: string,
) {
  const { x, y, w, h } = box;
  const groundY = y + h * 0.82;
  // A nested viewport clips the view (sun, clouds, the tree) to the glass.
  const view =
    sky(s, box, id) +
    rect(x, groundY, w, y + h - groundY, s.out(SEASON[s.season].ground)) +
    tree(s, x + w * between(s.random, 0.3, 0.7), groundY + 4, h * 0.42);
  let out = `<svg x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" viewBox="${n(x)} ${n(y)} ${n(w)} ${n(h)}">${view}</svg>`;
  const frame = s.c('#f4f1ea');
  out += rect(x - 6, y - 6, w + 12, 6, frame) + rect(x - 6, y + h, w + 12, 8, frame);
  out +=
    rect(x - 6, y, 6, h, frame) + rect(x + w, y, 6, h, frame) + rect(x + w / 2 - 3, y, 6, h, frame);
  if (s.season === 'winter') out += rect(x, y + h - 7, w, 7, s.out('#ffffff'));
  return out;
}

/** A ceiling lamp: a bright bar when lit, a grey one by day. */
export function lamp(s: Stage, x: number, y: number, w: number) {
  return rect(x, y, w, 7, s.lit ? '#fff4c8' : s.c('#d8dde2'), ' rx="3"');
}
