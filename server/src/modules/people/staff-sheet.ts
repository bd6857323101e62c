import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import {
  STAFF_IMPORT_CELL_MAX,
  STAFF_IMPORT_MAX_ROWS,
  STAFF_SHEET_HEADERS,
} from '@school/common/api';
import { badRequest } from '../../http/errors.js';
import { loadExcelJS } from './exceljs.js';
import { checkZipSizes } from './zip-check.js';

export type SheetHeader = (typeof STAFF_SHEET_HEADERS)[number];

/** One row of the staff sheet: its number in the sheet and its cells as trimmed text. */
export interface SheetRow {
  line: number;
  cells: Record<SheetHeader, string>;
}

export const NOT_A_SHEET_MESSAGE = '文件内容不是 Excel（.xlsx）或 CSV 表格，请使用下载的模板';
export const TOO_MANY_ROWS_MESSAGE = `人员表不能超过${STAFF_IMPORT_MAX_ROWS}行，请分批导入`;
const XLS_MESSAGE = '不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 后再上传';
const HEADER_MESSAGE = '第一行须是表头，且包含「账号」和「姓名」两列，请使用下载的模板';
const EMPTY_MESSAGE = '人员表中没有数据行';

/** Column letters of a 1-based column number (1 → A, 28 → AB). */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * Which kind of table the bytes are, by their content, not the file's name: an xlsx is a zip;
 * text without NUL bytes is taken as CSV; everything else (pictures, PDFs, old .xls) is refused.
 */
function kindOf(bytes: Buffer): 'xlsx' | 'csv' {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) throw badRequest(XLS_MESSAGE);
  if (bytes.subarray(0, 8192).includes(0)) throw badRequest(NOT_A_SHEET_MESSAGE);
  return 'csv';
}

/** UTF-8 (with or without a BOM) when the bytes are valid UTF-8, else GBK (Excel's Chinese CSV). */
export function decodeText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = iconv.decode(bytes, 'gbk');
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The table's rows as text cells, header first, stopping past the row limit. */
type Grid = AsyncIterable<{ line: number; values: string[] }>;

async function* csvGrid(bytes: Buffer): Grid {
  const parser = Readable.from([decodeText(bytes)]).pipe(
    parse({ relax_column_count: true, relax_quotes: true, bom: true, info: true }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield { line: info.lines, values: record };
  }
}

function cellText(value: ExcelJS.CellValue, address: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    throw badRequest(`单元格 ${address} 含公式，请将公式转换为数值后再导入`);
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) throw badRequest(`单元格 ${address} 的值有错误（${value.error}）`);
  return '';
}

async function* xlsxGrid(bytes: Buffer): Grid {
  checkZipSizes(bytes);
  const excel = await loadExcelJS();
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          values[column - 1] = cellText(cell.value, `${columnName(column)}${row.number}`);
        });
        yield { line: row.number, values: Array.from(values, (v) => v ?? '') };
      }
      return; // the first sheet is the table; 说明 and others are not read
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw badRequest(NOT_A_SHEET_MESSAGE);
  }
}

/**
 * Reads an uploaded staff sheet: refuses what is not a table, formulas, cells over the limit and
 * sheets over the row limit (reading stops there), and answers the rows by the header's names.
 * Empty rows are left out. Every refusal is a 400 naming the cell or the rule.
 */
export async function readStaffSheet(bytes: Buffer): Promise<SheetRow[]> {
  const grid = kindOf(bytes) === 'xlsx' ? xlsxGrid(bytes) : csvGrid(bytes);
  let columns: Map<SheetHeader, number> | undefined;
  const rows: SheetRow[] = [];
  for await (const { line, values } of grid) {
    const texts = values.map((value) => value.trim());
    if (texts.every((text) => !text)) continue;
    texts.forEach((text, index) => {
      if ([...text].length > STAFF_IMPORT_CELL_MAX) {
        throw badRequest(
          `单元格 ${columnName(index + 1)}${line} 超过${STAFF_IMPORT_CELL_MAX}个字符`,
        );
      }
    });
    if (!columns) {
      columns = headerColumns(texts);
      continue;
    }
    if (rows.length >= STAFF_IMPORT_MAX_ROWS) throw badRequest(TOO_MANY_ROWS_MESSAGE);
    const cells = Object.fromEntries(
      STAFF_SHEET_HEADERS.map((header) => {
        const index = columns!.get(header);
        return [header, index === undefined ? '' : (texts[index] ?? '')];
      }),
    ) as Record<SheetHeader, string>;
    rows.push({ line, cells });
  }
  if (!columns) throw badRequest(HEADER_MESSAGE);
  if (!rows.length) throw badRequest(EMPTY_MESSAGE);
  return rows;
}

function headerColumns(texts: string[]): Map<SheetHeader, number> {
  const columns = new Map<SheetHeader, number>();
  texts.forEach((text, index) => {
    const header = STAFF_SHEET_HEADERS.find((name) => name === text.replace(/\s+/g, ''));
    if (header && !columns.has(header)) columns.set(header, index);
  });
  if (!columns.has('账号') || !columns.has('姓名')) throw badRequest(HEADER_MESSAGE);
  return columns;
}
