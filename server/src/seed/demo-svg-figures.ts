import type { Random } from './random.js';
import { PALETTES, between, n, svgDocument } from './demo-svg-kit.js';

/** People and emblems: no faces and no lettering, only shapes. */

const SKIN = ['#f1c7a5', '#e8b48f', '#d9a27c', '#f5d3b8', '#c98e6a'];
const HAIR = ['#2b2420', '#3b2f2a', '#4a3a30', '#1f1b1a', '#5b4636'];
const CLOTHES = ['#2f4f7f', '#3c6e71', '#6d597a', '#355070', '#7a4e3a', '#2d6a4f', '#41506b'];

/** A head-and-shoulders silhouette with no face, on a soft round background. */
export function portraitSvg(random: Random, width: number, height: number): string {
  const p = random.pick(PALETTES);
  const skin = random.pick(SKIN);
  const hair = random.pick(HAIR);
  const cloth = random.pick(CLOTHES);
  const cx = width / 2;
  const headY = height * between(random, 0.36, 0.4);
  const headRx = width * between(random, 0.15, 0.18);
  const headRy = headRx * 1.22;
  const defs = `<radialGradient id="bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[0]}"/></radialGradient>`;
  let body = `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  const shoulderY = headY + headRy + height * 0.1;
  const longHair = random.next() < 0.4;
  if (longHair) {
    body += `<path d="M${n(cx - headRx * 1.15)} ${n(headY)}Q${n(cx - headRx * 1.3)} ${n(shoulderY + height * 0.05)} ${n(cx - headRx * 0.6)} ${n(shoulderY + height * 0.04)}L${n(cx + headRx * 0.6)} ${n(shoulderY + height * 0.04)}Q${n(cx + headRx * 1.3)} ${n(shoulderY + height * 0.05)} ${n(cx + headRx * 1.15)} ${n(headY)}Z" fill="${hair}"/>`;
  }
  body += `<rect x="${n(cx - headRx * 0.42)}" y="${n(headY + headRy * 0.6)}" width="${n(headRx * 0.84)}" height="${n(shoulderY - headY - headRy * 0.5)}" fill="${skin}"/>`;
  const spread = width * between(random, 0.4, 0.46);
  body += `<path d="M${n(cx - spread)} ${height}C${n(cx - spread)} ${n(shoulderY + height * 0.02)} ${n(cx - headRx * 1.6)} ${n(shoulderY - height * 0.02)} ${n(cx - headRx * 0.5)} ${n(shoulderY - height * 0.03)}L${n(cx + headRx * 0.5)} ${n(shoulderY - height * 0.03)}C${n(cx + headRx * 1.6)} ${n(shoulderY - height * 0.02)} ${n(cx + spread)} ${n(shoulderY + height * 0.02)} ${n(cx + spread)} ${height}Z" fill="${cloth}"/>`;
  const collar = random.int(0, 2);
  if (collar === 0) {
    body += `<path d="M${n(cx - headRx * 0.5)} ${n(shoulderY - height * 0.03)}L${n(cx)} ${n(shoulderY + height * 0.1)}L${n(cx + headRx * 0.5)} ${n(shoulderY - height * 0.03)}Z" fill="#fff"/>`;
  } else if (collar === 1) {
    body += `<path d="M${n(cx - headRx * 0.5)} ${n(shoulderY - height * 0.03)}L${n(cx)} ${n(shoulderY + height * 0.08)}L${n(cx + headRx * 0.5)} ${n(shoulderY - height * 0.03)}Z" fill="${skin}"/><rect x="${n(cx - width * 0.015)}" y="${n(shoulderY + height * 0.02)}" width="${n(width * 0.03)}" height="${n(height * 0.16)}" fill="${p.warm}"/>`;
  }
  body += `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(headRx)}" ry="${n(headRy)}" fill="${skin}"/>`;
  const fringe = headY - headRy * between(random, 0.05, 0.3);
  body += `<path d="M${n(cx - headRx * 1.08)} ${n(headY + headRy * 0.1)}C${n(cx - headRx * 1.2)} ${n(headY - headRy * 1.4)} ${n(cx + headRx * 1.2)} ${n(headY - headRy * 1.4)} ${n(cx + headRx * 1.08)} ${n(headY + headRy * 0.1)}Q${n(cx + headRx * 0.4)} ${n(fringe)} ${n(cx - headRx * 0.2)} ${n(fringe + headRy * 0.1)}Q${n(cx - headRx * 0.8)} ${n(fringe + headRy * 0.2)} ${n(cx - headRx * 1.08)} ${n(headY + headRy * 0.1)}Z" fill="${hair}"/>`;
  return svgDocument(width, height, defs, body);
}

/** A round emblem: rings, a ring of dots, petals or rays, and a book-and-sprout centre. */
export function logoSvg(random: Random, size: number): string {
  const p = random.pick(PALETTES);
  const c = size / 2;
  const main = random.pick([p.roof, p.near, '#1f4e79', '#2d6a4f', '#8c2f39']);
  const light = '#fff';
  let body = `<circle cx="${c}" cy="${c}" r="${n(c - 2)}" fill="${main}"/>`;
  body += `<circle cx="${c}" cy="${c}" r="${n(c * 0.86)}" fill="none" stroke="${light}" stroke-width="${n(size * 0.015)}"/>`;
  const dots = random.int(12, 24);
  for (let i = 0; i < dots; i++) {
    const a = (i / dots) * Math.PI * 2;
    body += `<circle cx="${n(c + Math.cos(a) * c * 0.93)}" cy="${n(c + Math.sin(a) * c * 0.93)}" r="${n(size * 0.012)}" fill="${light}"/>`;
  }
  body += `<circle cx="${c}" cy="${c}" r="${n(c * 0.7)}" fill="${light}"/>`;
  const petals = random.int(5, 12);
  const petalColour = random.pick([p.accent, p.warm, p.trees[1], p.window]);
  for (let i = 0; i < petals; i++) {
    const deg = (360 / petals) * i;
    body += `<ellipse cx="${c}" cy="${n(c - c * 0.42)}" rx="${n(c * 0.1)}" ry="${n(c * 0.22)}" fill="${petalColour}" fill-opacity="0.85" transform="rotate(${n(deg)} ${c} ${c})"/>`;
  }
  body += `<circle cx="${c}" cy="${c}" r="${n(c * 0.36)}" fill="${main}"/>`;
  // An open book with a sprout: the usual grammar of a school emblem.
  const bw = c * 0.26;
  const by = c + c * 0.12;
  body += `<path d="M${n(c)} ${n(by)}Q${n(c - bw * 0.5)} ${n(by - bw * 0.3)} ${n(c - bw)} ${n(by - bw * 0.05)}L${n(c - bw)} ${n(by + bw * 0.35)}Q${n(c - bw * 0.5)} ${n(by + bw * 0.1)} ${n(c)} ${n(by + bw * 0.4)}Q${n(c + bw * 0.5)} ${n(by + bw * 0.1)} ${n(c + bw)} ${n(by + bw * 0.35)}L${n(c + bw)} ${n(by - bw * 0.05)}Q${n(c + bw * 0.5)} ${n(by - bw * 0.3)} ${n(c)} ${n(by)}Z" fill="${light}"/>`;
  const stemTop = c - c * 0.22;
  body += `<path d="M${n(c)} ${n(by)}L${n(c)} ${n(stemTop)}" stroke="${light}" stroke-width="${n(size * 0.018)}"/>`;
  body += `<path d="M${n(c)} ${n(stemTop + c * 0.1)}Q${n(c - c * 0.2)} ${n(stemTop)} ${n(c - c * 0.16)} ${n(stemTop - c * 0.06)}Q${n(c - c * 0.04)} ${n(stemTop - c * 0.04)} ${n(c)} ${n(stemTop + c * 0.1)}Z" fill="${light}"/>`;
  body += `<path d="M${n(c)} ${n(stemTop + c * 0.04)}Q${n(c + c * 0.2)} ${n(stemTop - c * 0.06)} ${n(c + c * 0.16)} ${n(stemTop - c * 0.12)}Q${n(c + c * 0.04)} ${n(stemTop - c * 0.1)} ${n(c)} ${n(stemTop + c * 0.04)}Z" fill="${light}"/>`;
  return svgDocument(size, size, '', body);
}
