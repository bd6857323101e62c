import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { magazineScene, makeImage, makeSceneImage } from './demo-images.js';
import { embedChinese, textWidth, wrapChinese } from './demo-font.js';
import { drawMonthGrid, type MonthGrid } from './demo-pdf-calendar.js';
import { chineseAuthor, chineseHeadlines, chineseSentence } from './demo-pdf-text.js';
import { seededRandom, type Random } from './random.js';

export interface MagazineInput {
  /** The series, e.g. 青禾. */
  seriesName: string;
  /** What the series is: 校刊, 学生文集, 教师文集. */
  seriesKind: string;
  /** The issue as the cover prints it, e.g. 2026年秋季号 总第32期. */
  issue: string;
  /** Pages including the cover; anything below 1 means the default 6-8. */
  pages: number;
  seed: number;
  /** Picks the pictures; issues that share it share them (made once, see `picture`). */
  pictureSeed?: number;
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

const SCHOOL = '青禾实验中学';

/**
 * Draws a line. The font has one weight, so headings stand out by size and
 * colour (drawing a line twice for bold would double it in the text layer).
 */
function write(
  page: PDFPage,
  text: string,
  at: { x: number; y: number; size: number; font: PDFFont; color?: ReturnType<typeof rgb> },
) {
  page.drawText(text, { ...at, color: at.color ?? INK });
}

const pictures = new Map<string, Promise<Buffer>>();

/**
 * A generated picture, made once per process: drawing one costs more than a page of text.
 * The cover's shows a scene of the issue's season.
 */
function picture(kind: 'photo' | 'inset', seed: number, issue = ''): Promise<Buffer> {
  const scene = magazineScene(issue, seed);
  const key = `${kind}:${seed}:${scene.season}`;
  let made = pictures.get(key);
  if (!made) {
    made =
      kind === 'photo'
        ? makeSceneImage('photo', scene, seed).then((image) => image.data)
        : makeImage('cover', seed).then((image) =>
            // A smaller copy, so several fit in the size budget.
            sharp(image.data).resize(480).jpeg({ quality: 70, mozjpeg: false }).toBuffer(),
          );
    pictures.set(key, made);
  }
  return made;
}

async function insetImage(doc: PDFDocument, seed: number): Promise<PDFImage> {
  return doc.embedJpg(await picture('inset', seed));
}

async function drawCover(
  doc: PDFDocument,
  font: PDFFont,
  input: MagazineInput,
  contents: string[],
  accent: ReturnType<typeof rgb>,
) {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const photo = await doc.embedJpg(
    await picture('photo', input.pictureSeed ?? input.seed, input.issue),
  );
  const white = rgb(1, 1, 1);
  page.drawRectangle({ x: 0, y: PAGE.height - 150, width: PAGE.width, height: 150, color: accent });
  write(page, input.seriesName, { x: MARGIN, y: PAGE.height - 100, size: 48, font, color: white });
  write(page, `${SCHOOL}${input.seriesKind}`, {
    x: MARGIN,
    y: PAGE.height - 128,
    size: 12,
    font,
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
  write(page, input.issue, { x: MARGIN, y, size: 22, font, color: accent });
  y -= 34;
  write(page, '本期目录', { x: MARGIN, y, size: 13, font });
  for (const [index, headline] of contents.entries()) {
    y -= 19;
    if (y < MARGIN) break;
    write(page, `${index + 2}\u3000${headline}`, { x: MARGIN, y, size: 11, font });
  }
}

function drawFrame(page: PDFPage, font: PDFFont, header: string, pageNumber: number) {
  const top = PAGE.height - MARGIN + 20;
  write(page, header, { x: MARGIN, y: top, size: 9, font, color: GREY });
  const schoolWidth = textWidth(SCHOOL, font, 9);
  write(page, SCHOOL, { x: PAGE.width - MARGIN - schoolWidth, y: top, size: 9, font, color: GREY });
  page.drawLine({
    start: { x: MARGIN, y: top - 7 },
    end: { x: PAGE.width - MARGIN, y: top - 7 },
    thickness: 0.6,
    color: GREY,
  });
  const label = `- ${pageNumber} -`;
  const labelWidth = textWidth(label, font, 10);
  write(page, label, { x: (PAGE.width - labelWidth) / 2, y: 32, size: 10, font, color: GREY });
}

/** Fills the page below `top` with whole sentences; stops where the next one would not fit. */
function drawParagraphs(page: PDFPage, font: PDFFont, random: Random, top: number) {
  let y = top;
  const bottom = MARGIN + 10;
  while (y - LEADING > bottom) {
    // Paragraphs open with two wide spaces, as Chinese print does.
    let paragraph = '\u3000\u3000';
    let lines: string[] = [];
    for (let count = random.int(3, 6); count > 0; count--) {
      const longer = paragraph + chineseSentence(random);
      const wrapped = wrapChinese(longer, font, BODY_SIZE, TEXT_WIDTH);
      if (y - wrapped.length * LEADING < bottom) break;
      paragraph = longer;
      lines = wrapped;
    }
    if (lines.length === 0) break;
    for (const line of lines) {
      y -= LEADING;
      write(page, line, { x: MARGIN, y, size: BODY_SIZE, font });
    }
    y -= LEADING * 0.6;
  }
}

async function drawArticle(
  doc: PDFDocument,
  font: PDFFont,
  random: Random,
  article: { header: string; headline: string; pageNumber: number; imageSeed?: number },
) {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  drawFrame(page, font, article.header, article.pageNumber);
  let y = PAGE.height - MARGIN - 30;
  for (const line of wrapChinese(article.headline, font, 20, TEXT_WIDTH)) {
    write(page, line, { x: MARGIN, y, size: 20, font });
    y -= 26;
  }
  write(page, `文／${chineseAuthor(random)}`, { x: MARGIN, y, size: 10, font, color: GREY });
  y -= 14;
  if (article.imageSeed !== undefined) {
    const image = await insetImage(doc, article.imageSeed);
    const height = (TEXT_WIDTH * image.height) / image.width;
    page.drawImage(image, { x: MARGIN, y: y - height, width: TEXT_WIDTH, height });
    y -= height + 6;
  }
  drawParagraphs(page, font, random, y - 6);
}

async function newDocument(title: string, subject: string): Promise<[PDFDocument, PDFFont]> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setSubject(subject);
  doc.setAuthor(SCHOOL);
  doc.setCreator('school-portal demo seed');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  return [doc, await embedChinese(doc)];
}

/**
 * A small school magazine issue in Chinese: a cover with the series, the
 * issue, a large picture and the contents, then one illustrated or plain
 * article per page. Deterministic for the same input.
 */
export async function makeMagazinePdf(input: MagazineInput): Promise<Buffer> {
  const random = seededRandom((Math.imul(input.seed >>> 0, 2246822519) ^ 0x5bd1e995) >>> 0);
  const pages = input.pages >= 1 ? Math.floor(input.pages) : random.int(6, 8);
  const [doc, font] = await newDocument(
    `《${input.seriesName}》${input.issue}`,
    `${SCHOOL}${input.seriesKind}`,
  );
  const headlines = chineseHeadlines(random, pages - 1);
  await drawCover(doc, font, input, headlines, random.pick(ACCENTS));
  const header = `《${input.seriesName}》${input.issue}`;
  for (const [index, headline] of headlines.entries()) {
    // Every other page is illustrated, at most three, to stay well under the size budget.
    const illustrated = index % 2 === 0 && index < 6;
    const imageSeed = illustrated ? (input.pictureSeed ?? input.seed) * 10 + index : undefined;
    await drawArticle(doc, font, random, { header, headline, pageNumber: index + 2, imageSeed });
  }
  return Buffer.from(await doc.save());
}

export interface DocumentInput {
  /** Printed as the heading and kept as the PDF's title. */
  title: string;
  /** The line under the heading, e.g. 历史组 · 高一. */
  byline: string;
  sections: Array<{ heading: string; lines: string[] }>;
  /** A calendar: the months drawn as a grid with its marked days, before the sections. */
  grid?: MonthGrid;
}

/** A one- or two-page document (a lesson plan, a test, a calendar): heading, byline, sections. */
export async function makeDocumentPdf(input: DocumentInput): Promise<Buffer> {
  const [doc, font] = await newDocument(input.title, input.byline);
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN - 20;
  for (const line of wrapChinese(input.title, font, 20, TEXT_WIDTH)) {
    const width = textWidth(line, font, 20);
    write(page, line, { x: (PAGE.width - width) / 2, y, size: 20, font, color: ACCENTS[0] });
    y -= 28;
  }
  const bylineWidth = textWidth(input.byline, font, 11);
  write(page, input.byline, { x: (PAGE.width - bylineWidth) / 2, y, size: 11, font, color: GREY });
  y -= 30;
  if (input.grid) {
    y = drawMonthGrid(page, font, { x: MARGIN, top: y, width: TEXT_WIDTH }, input.grid);
  }
  const need = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  for (const section of input.sections) {
    need(LEADING * 3);
    write(page, section.heading, { x: MARGIN, y, size: 13, font });
    y -= LEADING + 6;
    for (const text of section.lines) {
      for (const line of wrapChinese(text, font, BODY_SIZE, TEXT_WIDTH - 2 * BODY_SIZE)) {
        need(LEADING);
        write(page, line, { x: MARGIN + 2 * BODY_SIZE, y, size: BODY_SIZE, font });
        y -= LEADING;
      }
    }
    y -= LEADING * 0.6;
  }
  return Buffer.from(await doc.save());
}
