import type { PDFFont } from 'pdf-lib';

/** A PDF larger than this is not watermarked (pdf-lib holds it whole in memory). */
export const WATERMARK_MAX_BYTES = 64 * 1024 * 1024;

const SIZE = 16;
const ANGLE = 30;

/**
 * Draws `text` (the viewer's name and the time) over every page of a PDF,
 * tiled diagonally in light grey (issue 19, 防泄密): drawn into the page
 * content on the server, so no setting of the browser's viewer removes it.
 * The text is real text of the page (a subset of the Chinese font), so a
 * copy or a print names the viewer too. Without the Chinese font the
 * ASCII `fallback` (the person's account) is drawn in Helvetica. pdf-lib and
 * fontkit load at the first watermark, not at every start of the server.
 */
export async function watermarkPdf(
  bytes: Uint8Array,
  text: string,
  fallback: string,
): Promise<Uint8Array> {
  const [{ PDFDocument, StandardFonts, degrees, rgb }, { cjkFontPath, embedChinese }] =
    await Promise.all([import('pdf-lib'), import('./cjk-font.js')]);
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  let font: PDFFont;
  let line = text;
  if (cjkFontPath()) {
    font = await embedChinese(doc);
  } else {
    font = await doc.embedFont(StandardFonts.Helvetica);
    line = fallback;
  }
  const width = font.widthOfTextAtSize(line, SIZE);
  const stepX = width + 90;
  const stepY = 110;
  for (const page of doc.getPages()) {
    const { width: pageWidth, height: pageHeight } = page.getSize();
    // Rotated rows start left of and below the page so the tiles cover its corners too.
    for (let y = -pageWidth; y < pageHeight + stepY; y += stepY) {
      for (let x = -stepX; x < pageWidth + stepX; x += stepX) {
        page.drawText(line, {
          x: x + ((y / stepY) % 2) * (stepX / 2),
          y,
          size: SIZE,
          font,
          color: rgb(0.5, 0.5, 0.5),
          opacity: 0.18,
          rotate: degrees(ANGLE),
        });
      }
    }
  }
  return doc.save({ useObjectStreams: true });
}
