import type ExcelJS from 'exceljs';
import {
  STAFF_IMPORT_CELL_MAX,
  STAFF_IMPORT_MAX_ROWS,
  STAFF_SHEET_HEADERS,
} from '@school/common/api';
import { STAFF_TYPES } from '@school/common';
import { loadExcelJS } from './exceljs.js';
import type { InitialPassword } from './staff-import-apply.js';

const bold = (sheet: ExcelJS.Worksheet) => {
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
};

/** Every cell as text, so Excel keeps 账号 and 手机 as typed (no 1.38E+10, no lost zeros). */
const asText = (sheet: ExcelJS.Worksheet, columns: number) => {
  for (let i = 1; i <= columns; i++) sheet.getColumn(i).numFmt = '@';
};

/** The import template: the headers, a sample row, and a second sheet 说明 with the rules. */
export async function templateWorkbook(): Promise<Buffer> {
  const book = new (await loadExcelJS()).Workbook();
  const sheet = book.addWorksheet('人员');
  sheet.columns = STAFF_SHEET_HEADERS.map((header) => ({
    header,
    width: header === '部门' || header === '邮箱' ? 24 : 14,
  }));
  asText(sheet, STAFF_SHEET_HEADERS.length);
  sheet.addRow([
    'T0001',
    '张三',
    '老师',
    '教务处/高一年级组',
    '语文教研组长',
    '13800138000',
    'zhangsan@example.com',
    '语文',
  ]);
  bold(sheet);

  const notes = book.addWorksheet('说明');
  notes.columns = [
    { header: '列', width: 10 },
    { header: '说明', width: 80 },
  ];
  const identities = STAFF_TYPES.map((type) => type.label).join('、');
  notes.addRows([
    [
      '账号',
      '必填。登录用的工号：字母、数字及 _ . @ -，最长64位；已存在的账号按表中内容更新，不存在的新建。',
    ],
    ['姓名', `必填，最长64个字。`],
    ['身份', `可填：${identities}（“教师”同“老师”）。新账号留空为老师；已有账号留空则不变。`],
    [
      '部门',
      '部门路径，各级用“/”分隔，如：教务处/高一年级组。不存在的部门会按路径新建；填写后即为该人的主部门。',
    ],
    ['职务', '可选，如：年级主任。'],
    ['手机', '可选，11位手机号，如 13800138000（可带 +86）。'],
    ['邮箱', '可选，如 name@example.com。'],
    ['学科', '可选，如：数学。'],
    ['', ''],
    [
      '规则',
      `第一行为表头；最多${STAFF_IMPORT_MAX_ROWS}行，每格不超过${STAFF_IMPORT_CELL_MAX}个字符，不能含公式。已有账号的可选列留空表示不修改。`,
    ],
    [
      '',
      '导入不会删除或停用任何账号；表中没有的启用账号会列在“未在表中”，请到教职工管理中手动停用。',
    ],
    ['', '新账号的初始密码在确认导入后下载一次，首次登录须修改密码。'],
    ['', '也可上传 CSV 文件（UTF-8 或 GBK 编码），列名同上。'],
  ]);
  bold(notes);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The new accounts' initial passwords: 账号, 姓名, 初始密码. */
export async function passwordsWorkbook(created: InitialPassword[]): Promise<Buffer> {
  const book = new (await loadExcelJS()).Workbook();
  const sheet = book.addWorksheet('初始密码');
  sheet.columns = [
    { header: '账号', width: 16 },
    { header: '姓名', width: 14 },
    { header: '初始密码', width: 20 },
  ];
  asText(sheet, 3);
  for (const { code, name, password } of created) sheet.addRow([code, name, password]);
  bold(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}
