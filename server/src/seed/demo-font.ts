import fs from 'node:fs';
import fontkit, { type Font } from '@foliojs-fork/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The Chinese font of the demo's PDFs and covers. pdf-lib's standard fonts
 * speak WinAnsi only, so the demo embeds a subset (only the characters a PDF
 * uses, some 10-30 KB) of a CJK font from the system: WenQuanYi Micro Hei of
 * Debian's fonts-wqy-microhei (Apache-2.0 or GPLv3 with the font exception),
 * 1.6 MB to download, which `npm start` and `npm test` install. It has TrueType
 * outlines and Latin, digits and Chinese punctuation too (Droid Sans Fallback
 * lacks digits and Latin; the CFF-based Noto CJK is 50 MB and subsets badly).
 * @foliojs-fork/fontkit (pdfkit's maintained fontkit) opens the .ttc and
 * makes the subsets: @pdf-lib/fontkit's subsets of CJK TrueType fonts lose
 * most glyphs (blank in every viewer).
 */
export const CJK_FONT_PACKAGE = 'fonts-wqy-microhei';
const CJK_FONT_FILE = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const CJK_FONT_NAME = 'WenQuanYiMicroHei';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
let parsed: Fontkit | undefined;
let parsedFont: Font | undefined;

/** Where the font is: DEMO_CJK_FONT (a .ttf, or a .ttc holding WenQuanYiMicroHei) or Debian's. */
export function cjkFontPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = env.DEMO_CJK_FONT || CJK_FONT_FILE;
  return fs.existsSync(file) ? file : undefined;
}

/**
 * The font parsed once per process: pdf-lib parses the bytes again on every
 * embed (some 40 ms for this 4 MB font), so the fontkit it is given hands
 * back the parsed font; each document still makes its own subset of it.
 */
function cachedFontkit(): Fontkit {
  if (parsed) return parsed;
  const file = cjkFontPath();
  if (!file) {
    throw new Error(
      `the demo's Chinese PDFs need a CJK TrueType font: install the Debian package ${CJK_FONT_PACKAGE} ` +
        '(npm start and npm test do that as root), set DEMO_CJK_FONT to a CJK .ttf, or start with SEED_DEMO=false',
    );
  }
  const opened = fontkit.create(fs.readFileSync(file), CJK_FONT_NAME);
  // A .ttf is the font itself; a .ttc answers the named one, or the first without that name.
  const font = 'fonts' in opened ? opened.fonts[0]! : opened;
  parsedFont = font;
  // pdf-lib asks its fontkit to parse bytes; this one answers the parsed font.
  parsed = { create: () => font } as unknown as Fontkit;
  return parsed;
}

/** Embeds the Chinese font into `doc` as a subset. */
export async function embedChinese(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(cachedFontkit());
  return doc.embedFont(new Uint8Array(0), { subset: true });
}

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
  cachedFontkit();
  const font = parsedFont!;
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
