import {
  PDFDocument,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import sharp from 'sharp';
import { makeImage } from './demo-images.js';
import { englishHeadlines, englishName, englishRole, englishSentence } from './demo-pdf-text.js';
import { seededRandom, type Random } from './random.js';

export interface MagazineInput {
  seriesName: string;
  /** The series name in Latin letters: the standard PDF fonts have no Chinese. */
  seriesLatin: string;
  issue: string;
  /** Pages including the cover; anything below 1 means the default 6-8. */
  pages: number;
  seed: number;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const BODY_SIZE = 11;
const LEADING = 15.5;
const INK = rgb(0.16, 0.18, 0.22);
const GREY = rgb(0.45, 0.48, 0.52);
const ACCENTS = [rgb(0.12, 0.31, 0.47), rgb(0.18, 0.42, 0.31), rgb(0.55, 0.18, 0.22)];
// Fixed metadata dates keep the bytes identical for the same input.
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/** The standard fonts speak WinAnsi only, so anything else is dropped rather than thrown on. */
const latinOnly = (text: string) => text.replace(/[^\x20-\x7e]/g, '').trim();

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A smaller copy of a generated cover picture, so several fit in the size budget. */
async function insetImage(doc: PDFDocument, seed: number): Promise<PDFImage> {
  const { data } = await makeImage('cover', seed);
  const small = await sharp(data).resize(480).jpeg({ quality: 70, mozjpeg: false }).toBuffer();
  return doc.embedJpg(small);
}

async function drawCover(
  doc: PDFDocument,
  fonts: Fonts,
  input: MagazineInput,
  contents: string[],
  accent: ReturnType<typeof rgb>,
) {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const photo = await doc.embedJpg((await makeImage('photo', input.seed)).data);
  const series = latinOnly(input.seriesLatin) || 'Qinghe';
  page.drawRectangle({ x: 0, y: PAGE.height - 150, width: PAGE.width, height: 150, color: accent });
  page.drawText(series, {
    x: MARGIN,
    y: PAGE.height - 95,
    size: 44,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  page.drawText('Qinghe Experimental Middle School  -  Since 1952', {
    x: MARGIN,
    y: PAGE.height - 125,
    size: 11,
    font: fonts.regular,
    color: rgb(0.9, 0.93, 0.96),
  });
  const photoHeight = (PAGE.width * photo.height) / photo.width;
  const photoTop = PAGE.height - 150;
  page.drawImage(photo, {
    x: 0,
    y: photoTop - photoHeight,
    width: PAGE.width,
    height: photoHeight,
  });
  let y = photoTop - photoHeight - 44;
  page.drawText(latinOnly(input.issue), {
    x: MARGIN,
    y,
    size: 22,
    font: fonts.bold,
    color: accent,
  });
  y -= 34;
  page.drawText('In this issue', { x: MARGIN, y, size: 12, font: fonts.bold, color: INK });
  for (const [index, headline] of contents.entries()) {
    y -= 18;
    if (y < MARGIN) break;
    page.drawText(`${index + 2}   ${headline}`, {
      x: MARGIN,
      y,
      size: 11,
      font: fonts.regular,
      color: INK,
    });
  }
}

function drawFrame(page: PDFPage, fonts: Fonts, header: string, pageNumber: number) {
  const top = PAGE.height - MARGIN + 20;
  page.drawText(header, { x: MARGIN, y: top, size: 9, font: fonts.regular, color: GREY });
  const school = 'Qinghe Experimental Middle School';
  const schoolWidth = fonts.regular.widthOfTextAtSize(school, 9);
  page.drawText(school, {
    x: PAGE.width - MARGIN - schoolWidth,
    y: top,
    size: 9,
    font: fonts.regular,
    color: GREY,
  });
  page.drawLine({
    start: { x: MARGIN, y: top - 7 },
    end: { x: PAGE.width - MARGIN, y: top - 7 },
    thickness: 0.6,
    color: GREY,
  });
  const label = `- ${pageNumber} -`;
  const labelWidth = fonts.regular.widthOfTextAtSize(label, 10);
  page.drawText(label, {
    x: (PAGE.width - labelWidth) / 2,
    y: 32,
    size: 10,
    font: fonts.regular,
    color: GREY,
  });
}

/** Fills the page below `top` with whole sentences; stops where the next one would not fit. */
function drawParagraphs(page: PDFPage, fonts: Fonts, random: Random, top: number) {
  let y = top;
  const bottom = MARGIN + 10;
  while (y - LEADING > bottom) {
    let paragraph = '';
    let lines: string[] = [];
    for (let count = random.int(3, 6); count > 0; count--) {
      const longer = `${paragraph} ${englishSentence(random)}`.trim();
      const wrapped = wrap(longer, fonts.regular, BODY_SIZE, TEXT_WIDTH);
      if (y - wrapped.length * LEADING < bottom) break;
      paragraph = longer;
      lines = wrapped;
    }
    if (lines.length === 0) break;
    for (const line of lines) {
      y -= LEADING;
      page.drawText(line, { x: MARGIN, y, size: BODY_SIZE, font: fonts.regular, color: INK });
    }
    y -= LEADING * 0.6;
  }
}

async function drawArticle(
  doc: PDFDocument,
  fonts: Fonts,
  random: Random,
  article: { header: string; headline: string; pageNumber: number; imageSeed?: number },
) {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  drawFrame(page, fonts, article.header, article.pageNumber);
  let y = PAGE.height - MARGIN - 30;
  for (const line of wrap(article.headline, fonts.bold, 20, TEXT_WIDTH)) {
    page.drawText(line, { x: MARGIN, y, size: 20, font: fonts.bold, color: INK });
    y -= 26;
  }
  const byline = `By ${englishName(random)}, ${englishRole(random)}`;
  page.drawText(byline, { x: MARGIN, y, size: 10, font: fonts.italic, color: GREY });
  y -= 14;
  if (article.imageSeed !== undefined) {
    const image = await insetImage(doc, article.imageSeed);
    const height = (TEXT_WIDTH * image.height) / image.width;
    page.drawImage(image, { x: MARGIN, y: y - height, width: TEXT_WIDTH, height });
    y -= height + 6;
  }
  drawParagraphs(page, fonts, random, y - 6);
}

/**
 * A small school magazine issue: a cover with a large picture and the list of
 * articles, then one illustrated or plain article per page. Deterministic for
 * the same input.
 */
export async function makeMagazinePdf(input: MagazineInput): Promise<Buffer> {
  const random = seededRandom((Math.imul(input.seed >>> 0, 2246822519) ^ 0x5bd1e995) >>> 0);
  const pages = input.pages >= 1 ? Math.floor(input.pages) : random.int(6, 8);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${latinOnly(input.seriesLatin)} ${latinOnly(input.issue)}`.trim());
  doc.setSubject(input.seriesName);
  doc.setAuthor('Qinghe Experimental Middle School');
  doc.setCreator('school-portal demo seed');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.TimesRoman),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
  const headlines = englishHeadlines(random, pages - 1);
  await drawCover(doc, fonts, input, headlines, random.pick(ACCENTS));
  const header = `${latinOnly(input.seriesLatin)}  |  ${latinOnly(input.issue)}`;
  for (const [index, headline] of headlines.entries()) {
    // Every other page is illustrated, at most three, to stay well under the size budget.
    const illustrated = index % 2 === 0 && index < 6;
    const imageSeed = illustrated ? input.seed * 10 + index : undefined;
    await drawArticle(doc, fonts, random, { header, headline, pageNumber: index + 2, imageSeed });
  }
  return Buffer.from(await doc.save());
}
