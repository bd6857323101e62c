import type { Random } from './random.js';
import {
  PALETTES,
  between,
  mix,
  n,
  svgDocument,
  verticalGradient,
  type Palette,
} from './demo-svg-kit.js';

export { logoSvg, portraitSvg } from './demo-svg-figures.js';

/**
 * SVG scenes for the demo school's pictures. They hold no text at all: the
 * server may have no CJK fonts, and a picture with tofu boxes looks broken.
 */

/** A smooth ridge through random points, closed down to the bottom edge. */
function ridge(random: Random, width: number, height: number, baseY: number, rise: number) {
  const steps = random.int(3, 7);
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    points.push([(width * i) / steps, baseY - random.next() * rise]);
  }
  let d = `M0 ${height}L0 ${n(points[0][1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const mid = (x0 + x1) / 2;
    d += `C${n(mid)} ${n(y0)} ${n(mid)} ${n(y1)} ${n(x1)} ${n(y1)}`;
  }
  return `${d}L${width} ${height}Z`;
}

function cloud(random: Random, sky: string, x: number, y: number, size: number): string {
  let shapes = '';
  const puffs = random.int(3, 5);
  for (let i = 0; i < puffs; i++) {
    const cx = x + (i - puffs / 2) * size * 0.7;
    const r = size * between(random, 0.5, 0.9);
    shapes += `<ellipse cx="${n(cx)}" cy="${n(y - r * 0.3)}" rx="${n(r)}" ry="${n(r * 0.7)}"/>`;
  }
  return `<g fill="${mix('#ffffff', sky, between(random, 0.15, 0.45))}">${shapes}</g>`;
}

/** A school building: body, a roof of one of three styles, and rows of windows. */
function building(
  random: Random,
  p: Palette,
  box: { x: number; groundY: number; w: number; h: number; windowH: number },
) {
  const { x, groundY, w, h, windowH } = box;
  const top = groundY - h;
  let out = `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="${p.wall}"/>`;
  const style = random.int(0, 2);
  if (style === 0) {
    const eave = w * 0.06;
    out += `<path d="M${n(x - eave)} ${n(top)}L${n(x + w / 2)} ${n(top - h * 0.28)}L${n(x + w + eave)} ${n(top)}Z" fill="${p.roof}"/>`;
  } else if (style === 1) {
    out += `<rect x="${n(x - 3)}" y="${n(top - 6)}" width="${n(w + 6)}" height="7" fill="${p.roof}"/>`;
  } else {
    const r = Math.min(w * 0.22, h * 0.35);
    out += `<path d="M${n(x + w / 2 - r)} ${n(top)}A${n(r)} ${n(r)} 0 0 1 ${n(x + w / 2 + r)} ${n(top)}Z" fill="${p.roof}"/>`;
  }
  // Each row of windows is one dashed line: an SVG pattern fill renders several times slower.
  const pad = Math.max(4, w * 0.08);
  let rows = '';
  for (let y = top + pad + windowH / 2; y < groundY - pad; y += windowH * 2) {
    rows += `M${n(x + pad)} ${n(y)}H${n(x + w - pad)}`;
  }
  out += `<path d="${rows}" stroke="${p.window}" stroke-width="${n(windowH)}" stroke-dasharray="${n(windowH * 0.8)} ${n(windowH * 0.8)}"/>`;
  return out;
}

function tree(random: Random, p: Palette, x: number, groundY: number, size: number): string {
  const colour = random.pick(p.trees);
  const trunk = `<rect x="${n(x - size * 0.08)}" y="${n(groundY - size * 0.9)}" width="${n(size * 0.16)}" height="${n(size * 0.9)}" fill="#6b4f3a"/>`;
  if (random.next() < 0.35) {
    return `${trunk}<path d="M${n(x - size * 0.45)} ${n(groundY - size * 0.5)}L${n(x)} ${n(groundY - size * 2)}L${n(x + size * 0.45)} ${n(groundY - size * 0.5)}Z" fill="${colour}"/>`;
  }
  const crown = `<circle cx="${n(x)}" cy="${n(groundY - size * 1.2)}" r="${n(size * 0.6)}"/><circle cx="${n(x - size * 0.35)}" cy="${n(groundY - size * 0.9)}" r="${n(size * 0.42)}"/><circle cx="${n(x + size * 0.35)}" cy="${n(groundY - size * 0.95)}" r="${n(size * 0.45)}"/>`;
  return `${trunk}<g fill="${colour}">${crown}</g>`;
}

/** Sky, sun, clouds, hills, a row of campus buildings, trees, and sometimes a sports track. */
export function landscapeSvg(random: Random, width: number, height: number): string {
  const p = random.pick(PALETTES);
  const unit = height / 100;
  const groundY = height * between(random, 0.68, 0.78);
  const windowH = Math.max(3, unit * 2.4);
  const defs =
    verticalGradient('sky', p.sky[0], p.sky[1]) + verticalGradient('land', p.ground, p.near);
  let body = `<rect width="${width}" height="${height}" fill="url(#sky)"/>`;
  const sunR = height * between(random, 0.07, 0.13);
  body += `<circle cx="${n(between(random, 0.1, 0.9) * width)}" cy="${n(between(random, 0.12, 0.35) * height)}" r="${n(sunR)}" fill="${p.accent}" fill-opacity="0.85"/>`;
  for (let i = random.int(1, 4); i > 0; i--) {
    body += cloud(
      random,
      p.sky[0],
      random.next() * width,
      between(random, 0.1, 0.4) * height,
      unit * 4,
    );
  }
  body += `<path d="${ridge(random, width, height, groundY - unit * 8, unit * 22)}" fill="${p.far}" fill-opacity="0.75"/>`;
  body += `<path d="${ridge(random, width, height, groundY - unit * 2, unit * 10)}" fill="${p.near}" fill-opacity="0.8"/>`;

  let x = between(random, 0.02, 0.2) * width;
  const end = width * between(random, 0.7, 0.98);
  while (x < end) {
    const w = between(random, 0.08, 0.22) * width;
    const h = between(random, 0.16, 0.4) * height;
    body += building(random, p, { x, groundY, w: Math.min(w, width - x), h, windowH });
    x += w + between(random, 0.01, 0.08) * width;
  }
  if (random.next() < 0.6) {
    const poleX = between(random, 0.05, 0.95) * width;
    const poleTop = groundY - height * 0.45;
    body += `<rect x="${n(poleX)}" y="${n(poleTop)}" width="${n(unit * 0.5)}" height="${n(groundY - poleTop)}" fill="#8a8f98"/><rect x="${n(poleX + unit * 0.5)}" y="${n(poleTop)}" width="${n(unit * 7)}" height="${n(unit * 4.5)}" fill="#d64541"/>`;
  }
  body += `<rect y="${n(groundY)}" width="${width}" height="${n(height - groundY)}" fill="url(#land)"/>`;
  if (random.next() < 0.5) {
    const cx = between(random, 0.3, 0.7) * width;
    const cy = groundY + (height - groundY) * 0.55;
    const rx = width * between(random, 0.18, 0.3);
    const ry = (height - groundY) * 0.32;
    body += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${p.trees[1]}" stroke="#c8553d" stroke-width="${n(unit * 3)}"/><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="none" stroke="#fff" stroke-width="${n(unit * 0.3)}" stroke-opacity="0.8"/>`;
  }
  for (let i = random.int(4, 11); i > 0; i--) {
    body += tree(
      random,
      p,
      random.next() * width,
      groundY + unit * between(random, 0, 3),
      unit * between(random, 5, 10),
    );
  }
  return svgDocument(width, height, defs, body);
}

/** Rows of round-capped zero-length dashes: a dot grid without a slow SVG pattern. */
function dotGrid(random: Random, width: number, height: number, dot: number): string {
  const x = between(random, 0, 0.6) * width;
  const y = between(random, 0, 0.6) * height;
  const right = x + width * between(random, 0.2, 0.4);
  const bottom = y + height * between(random, 0.2, 0.4);
  let rows = '';
  for (let row = y; row < bottom; row += dot * 2) rows += `M${n(x)} ${n(row)}H${n(right)}`;
  return `<path d="${rows}" stroke="#fff" stroke-opacity="0.7" stroke-width="${n(dot)}" stroke-linecap="round" stroke-dasharray="0 ${n(dot * 2)}"/>`;
}

/** Large translucent circles, a diagonal band, a dot grid and dashed arcs. */
export function abstractSvg(random: Random, width: number, height: number): string {
  const p = random.pick(PALETTES);
  const size = Math.min(width, height);
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>`;
  let body = `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  const colours = [p.accent, p.warm, p.far, p.near, p.roof, p.trees[1]];
  for (let i = random.int(3, 6); i > 0; i--) {
    body += `<circle cx="${n(random.next() * width)}" cy="${n(random.next() * height)}" r="${n(size * between(random, 0.12, 0.45))}" fill="${random.pick(colours)}" fill-opacity="${n(between(random, 0.3, 0.75))}"/>`;
  }
  const bandY = between(random, 0.2, 0.8) * height;
  const tilt = between(random, -0.4, 0.4) * height;
  const band = size * between(random, 0.08, 0.2);
  body += `<path d="M0 ${n(bandY)}L${width} ${n(bandY + tilt)}L${width} ${n(bandY + tilt + band)}L0 ${n(bandY + band)}Z" fill="${random.pick(colours)}" fill-opacity="0.55"/>`;
  body += dotGrid(random, width, height, size * 0.024);
  for (let i = random.int(1, 3); i > 0; i--) {
    body += `<circle cx="${n(random.next() * width)}" cy="${n(random.next() * height)}" r="${n(size * between(random, 0.15, 0.4))}" fill="none" stroke="#fff" stroke-width="${n(size * 0.012)}" stroke-dasharray="${n(size * 0.05)} ${n(size * 0.03)}" stroke-opacity="0.8"/>`;
  }
  if (random.next() < 0.6) {
    // A low skyline keeps posters looking like they belong to a school.
    const groundY = height * 0.86;
    let x = 0;
    let skyline = '';
    while (x < width) {
      const w = between(random, 0.05, 0.14) * width;
      const h = between(random, 0.06, 0.2) * height;
      skyline += `<rect x="${n(x)}" y="${n(groundY - h)}" width="${n(w + 1)}" height="${n(h + 1)}"/>`;
      x += w;
    }
    body += `<g fill="${p.near}">${skyline}</g><rect y="${n(groundY)}" width="${width}" height="${n(height - groundY)}" fill="${p.near}"/>`;
  }
  return svgDocument(width, height, defs, body);
}
