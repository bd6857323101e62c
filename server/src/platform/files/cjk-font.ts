import fs from 'node:fs';
import fontkit, { type Font } from '@foliojs-fork/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The Chinese font of the PDFs the server draws: the demo's PDFs and covers,
 * and the 防泄密 watermark of previews (issue 19). pdf-lib's standard fonts
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

/** The parsed font itself (for outlines: the demo's covers). */
export function chineseFont(): Font {
  cachedFontkit();
  return parsedFont!;
}

/** Embeds the Chinese font into `doc` as a subset. */
export async function embedChinese(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(cachedFontkit());
  return doc.embedFont(new Uint8Array(0), { subset: true });
}
