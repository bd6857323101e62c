import type { PDFFont } from 'pdf-lib';
import { chineseFont } from '../platform/files/cjk-font.js';

export { CJK_FONT_PACKAGE, cjkFontPath, embedChinese } from '../platform/files/cjk-font.js';

const advances = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of `text` as the sum of its characters' advances, each measured
 * once per font: measuring a whole line asks fontkit to lay it out again, and
 * wrapping measures every line at every character (that made a magazine page
 * cost a tenth of a second). CJK text has no kerning to lose.
 */
export function textWidth(text: string, font: PDFFont, size: number): number {
  let known = advances.get(font);
  if (!known) advances.set(font, (known = new Map()));
  let units = 0;
  for (const char of text) {
    let advance = known.get(char);
    if (advance === undefined) {
      advance = font.widthOfTextAtSize(char, 1000);
      known.set(char, advance);
    }
    units += advance;
  }
  return (units * size) / 1000;
}

/**
 * Breaks text into lines no wider than `width`: Chinese wraps between any two
 * characters, but a closing mark never starts a line.
 */
export function wrapChinese(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const char of text) {
    const charWidth = textWidth(char, font, size);
    if (line && lineWidth + charWidth > width && !/[，。、；：！？）」”』》]/.test(char)) {
      lines.push(line);
      line = char;
      lineWidth = charWidth;
    } else {
      line += char;
      lineWidth += charWidth;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Text as SVG outlines, for pictures with Chinese on them (magazine covers):
 * the glyphs come from the same font, so the picture never depends on the
 * fonts librsvg finds. `x` is where the line starts, or its centre with
 * `centred`; `y` is the baseline.
 */
export function svgText(
  text: string,
  at: { x: number; y: number; size: number; fill: string; centred?: boolean },
): string {
  const font = chineseFont();
  const run = font.layout(text);
  const scale = at.size / font.unitsPerEm;
  const width = run.advanceWidth * scale;
  let x = at.centred ? at.x - width / 2 : at.x;
  let paths = '';
  for (const [index, glyph] of run.glyphs.entries()) {
    const d = glyph.path.toSVG();
    if (d) {
      const t = `translate(${x.toFixed(1)} ${at.y.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})`;
      paths += `<path transform="${t}" d="${d}"/>`;
    }
    x += run.positions[index]!.xAdvance * scale;
  }
  return `<g fill="${at.fill}">${paths}</g>`;
}
