import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { textWidth } from './demo-font.js';

/** What a school calendar marks on its days: the holidays, the days of school, the exams. */
export type MarkKind = 'holiday' | 'school' | 'exam';

export interface CalendarMark {
  kind: MarkKind;
  /** The first and last day, as UTC midnights. */
  from: Date;
  to: Date;
}

export interface MonthGrid {
  /** The first month shown (UTC; any day of it). */
  start: Date;
  months: number;
  marks: CalendarMark[];
}

const DAY = 86_400_000;
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const MARK_COLOURS: Record<MarkKind, ReturnType<typeof rgb>> = {
  holiday: rgb(0.98, 0.83, 0.8),
  school: rgb(0.8, 0.89, 0.97),
  exam: rgb(0.99, 0.91, 0.7),
};
const MARK_LABELS: Record<MarkKind, string> = {
  holiday: '放假',
  school: '报到、开学',
  exam: '高考',
};
const INK = rgb(0.16, 0.18, 0.22);
const WEEKEND = rgb(0.72, 0.2, 0.2);
const GREY = rgb(0.45, 0.48, 0.52);
const ACCENT = rgb(0.12, 0.31, 0.47);

function markOf(day: Date, marks: CalendarMark[]): MarkKind | undefined {
  const t = day.getTime();
  return marks.find((mark) => mark.from.getTime() <= t && t <= mark.to.getTime())?.kind;
}

function centred(
  page: PDFPage,
  font: PDFFont,
  text: string,
  x: number,
  y: number,
  size: number,
  color = INK,
) {
  page.drawText(text, { x: x - textWidth(text, font, size) / 2, y, size, font, color });
}

/**
 * The months of a school year, three to a row, weeks from Monday, each day where the real
 * calendar puts it, with the marked days shaded and a key below. Answers the y it ends at.
 */
export function drawMonthGrid(
  page: PDFPage,
  font: PDFFont,
  box: { x: number; top: number; width: number },
  grid: MonthGrid,
): number {
  const columns = 3;
  const gap = 16;
  const monthWidth = (box.width - gap * (columns - 1)) / columns;
  const cell = monthWidth / 7;
  const rowHeight = 13;
  const monthHeight = 20 + rowHeight * 7 + 8;
  let bottom = box.top;
  for (let i = 0; i < grid.months; i++) {
    const first = new Date(Date.UTC(grid.start.getUTCFullYear(), grid.start.getUTCMonth() + i, 1));
    const x = box.x + (i % columns) * (monthWidth + gap);
    const top = box.top - Math.floor(i / columns) * monthHeight;
    page.drawRectangle({ x, y: top - 16, width: monthWidth, height: 16, color: ACCENT });
    const title = `${first.getUTCFullYear()}年${first.getUTCMonth() + 1}月`;
    centred(page, font, title, x + monthWidth / 2, top - 12, 10, rgb(1, 1, 1));
    for (const [d, name] of WEEKDAYS.entries()) {
      centred(page, font, name, x + cell * (d + 0.5), top - 30, 8, d >= 5 ? WEEKEND : GREY);
    }
    const offset = (first.getUTCDay() + 6) % 7;
    for (
      let day = new Date(first);
      day.getUTCMonth() === first.getUTCMonth();
      day = new Date(day.getTime() + DAY)
    ) {
      const index = offset + day.getUTCDate() - 1;
      const column = index % 7;
      const cx = x + cell * column;
      const cy = top - 30 - rowHeight * (Math.floor(index / 7) + 1);
      const mark = markOf(day, grid.marks);
      if (mark) {
        page.drawRectangle({
          x: cx + 1,
          y: cy - 3,
          width: cell - 2,
          height: rowHeight - 1,
          color: MARK_COLOURS[mark],
        });
      }
      centred(
        page,
        font,
        String(day.getUTCDate()),
        cx + cell / 2,
        cy,
        8,
        column >= 5 ? WEEKEND : INK,
      );
    }
    bottom = Math.min(bottom, top - monthHeight);
  }
  // The key.
  let x = box.x;
  const y = bottom - 6;
  for (const kind of Object.keys(MARK_LABELS) as MarkKind[]) {
    page.drawRectangle({ x, y: y - 2, width: 14, height: 10, color: MARK_COLOURS[kind] });
    page.drawText(MARK_LABELS[kind], { x: x + 18, y, size: 9, font, color: INK });
    x += 18 + textWidth(MARK_LABELS[kind], font, 9) + 20;
  }
  return y - 20;
}
