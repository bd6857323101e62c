import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a sheet is first read or written: with its zip and stream libraries it is
 * about 300 modules, which every start of the server would otherwise load for a page few open.
 */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
