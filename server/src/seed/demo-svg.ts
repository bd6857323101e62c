import type { Random } from './random.js';
import { PALETTES, between, n, svgDocument } from './demo-svg-kit.js';

export { logoSvg, portraitSvg } from './demo-svg-figures.js';

/**
 * Abstract artwork for the demo's posters (the scenes of events are in demo-scenes.ts).
 * It holds no text at all: the server may have no CJK fonts, and a picture with tofu
 * boxes looks broken.
 */

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
