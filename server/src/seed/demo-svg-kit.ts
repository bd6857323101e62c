import type { Random } from './random.js';

/** Shared pieces of the demo SVG scenes: colours and tiny helpers. */

export interface Palette {
  sky: [string, string];
  far: string;
  near: string;
  ground: string;
  wall: string;
  roof: string;
  window: string;
  trees: [string, string, string];
  accent: string;
  warm: string;
}

/** Campus-like colour sets: clear mornings, spring greens, warm evenings, autumn. */
export const PALETTES: readonly Palette[] = [
  {
    sky: ['#a9d2f0', '#eef6fb'],
    far: '#9cc3a4',
    near: '#6aa878',
    ground: '#7fb685',
    wall: '#efe6d6',
    roof: '#b5543c',
    window: '#8fb3cf',
    trees: ['#4f8f5d', '#6fae6a', '#3c7a4c'],
    accent: '#f6c96b',
    warm: '#d9734e',
  },
  {
    sky: ['#f3b58c', '#fde9d4'],
    far: '#c9927a',
    near: '#9a6a55',
    ground: '#b98a64',
    wall: '#f6ead8',
    roof: '#7a4a3a',
    window: '#e9b978',
    trees: ['#6f7f4a', '#8a9a55', '#55663a'],
    accent: '#fff1c1',
    warm: '#e0674f',
  },
  {
    sky: ['#c4ead3', '#f6fbf1'],
    far: '#a6d49f',
    near: '#5ea56d',
    ground: '#8ac47f',
    wall: '#fbf7ee',
    roof: '#3d6f8e',
    window: '#a9cde0',
    trees: ['#3f8f57', '#69b36b', '#2f7446'],
    accent: '#f2a7a0',
    warm: '#e86f68',
  },
  {
    sky: ['#3e6fa8', '#a9cde9'],
    far: '#3f6f63',
    near: '#2c5447',
    ground: '#4c7f5f',
    wall: '#e9eef3',
    roof: '#24466b',
    window: '#ffe29a',
    trees: ['#2f5f48', '#3f7a57', '#25503c'],
    accent: '#ffd56b',
    warm: '#f29e4c',
  },
  {
    sky: ['#f9d9a8', '#fff7e8'],
    far: '#dcae6a',
    near: '#b0733a',
    ground: '#c99355',
    wall: '#fbf4e6',
    roof: '#587c96',
    window: '#9ab7c9',
    trees: ['#c0622f', '#d98a3d', '#8f4a2a'],
    accent: '#c8463a',
    warm: '#e39b3f',
  },
  {
    sky: ['#b6e0dc', '#eefaf7'],
    far: '#82bcae',
    near: '#3f8576',
    ground: '#6cab92',
    wall: '#fdfaf3',
    roof: '#3d5a80',
    window: '#98c1d9',
    trees: ['#2f7a62', '#56a37e', '#23614f'],
    accent: '#ee964b',
    warm: '#f4d35e',
  },
];

/** One decimal place is plenty and keeps the SVG short. */
export const n = (value: number) => String(Math.round(value * 10) / 10);
export const between = (random: Random, low: number, high: number) =>
  low + random.next() * (high - low);

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** Blends two #rrggbb colours; opaque blends render much faster than SVG opacity layers. */
export function mix(a: string, b: string, weight: number): string {
  let out = '#';
  for (let i = 1; i < 7; i += 2) {
    const value =
      parseInt(a.slice(i, i + 2), 16) * (1 - weight) + parseInt(b.slice(i, i + 2), 16) * weight;
    out += Math.round(value).toString(16).padStart(2, '0');
  }
  return out;
}
