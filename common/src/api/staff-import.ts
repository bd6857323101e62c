import {
  FileField,
  Flag,
  Id,
  Nothing,
  Type,
  type Static,
  endpoint,
  endpoints,
  rawEndpoint,
} from './shared.js';

/**
 * 人员导入: staff accounts from a spreadsheet (.xlsx, or .csv in UTF-8 or GBK). An upload
 * answers a dry run, kept on the server for the administrator who sent it; 确认导入 applies
 * it in one transaction (accounts are created or updated by 账号, never deleted); the new
 * accounts' initial passwords are downloaded once as a sheet.
 */

/** The template's columns, in order; 账号 and 姓名 are required. */
export const STAFF_SHEET_HEADERS = [
  '账号',
  '姓名',
  '身份',
  '部门',
  '职务',
  '手机',
  '邮箱',
  '学科',
] as const;
export const STAFF_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const STAFF_IMPORT_MAX_ROWS = 5000;
export const STAFF_IMPORT_CELL_MAX = 200;

/** What applying a row would do: 新建, 更新, 不变, or 错误 (the row's problems say why). */
export const IMPORT_OUTCOMES = ['create', 'update', 'same', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  create: '新建',
  update: '更新',
  same: '不变',
  error: '错误',
};

export const ImportRow = Type.Object({
  /** The row's number in the sheet (the header is row 1). */
  line: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  identity: Type.String(),
  department: Type.String(),
  position: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  outcome: Type.Unsafe<ImportOutcome>({ type: 'string', enum: [...IMPORT_OUTCOMES] }),
  /** In Chinese, one per problem; empty unless the outcome is error. */
  problems: Type.Array(Type.String()),
});
export type ImportRow = Static<typeof ImportRow>;

export const ImportCounts = Type.Object({
  create: Type.Integer(),
  update: Type.Integer(),
  same: Type.Integer(),
  error: Type.Integer(),
});

/** An enabled account the sheet does not name (未在表中): listed, never disabled or deleted. */
export const MissingStaff = Type.Object({
  staffId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
});
export type MissingStaff = Static<typeof MissingStaff>;

export const ImportPlan = Type.Object({
  importId: Type.Integer(),
  fileName: Type.String(),
  counts: ImportCounts,
  rows: Type.Array(ImportRow),
  /** Departments the apply would create, each as its whole path (教务处/高一年级组). */
  newDepartments: Type.Array(Type.String()),
  missing: Type.Array(MissingStaff),
});
export type ImportPlan = Static<typeof ImportPlan>;

export const ApplyImportBody = Type.Object({
  importId: Id('请先上传人员表'),
  /** 1: apply the good rows and skip those with errors (default: errors block the apply). */
  skipErrors: Type.Optional(Flag('skipErrors 只能为 0 或 1')),
});

export const ApplyImportResult = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  same: Type.Integer(),
  skipped: Type.Integer(),
  departmentsCreated: Type.Integer(),
  /** The key to the initial passwords' one download ('' when no account was created). */
  downloadToken: Type.String(),
  missing: Type.Array(MissingStaff),
});
export type ApplyImportResult = Static<typeof ApplyImportResult>;

export const PasswordsQuery = Type.Object({
  importId: Id('下载链接无效'),
  downloadToken: Type.String({ minLength: 1, maxLength: 100, errorMessage: '下载链接无效' }),
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const staffImportCalls = endpoints('people', {
  template: rawEndpoint(
    '/cms/staffImport/template',
    'systemAdmin',
    '人员导入：下载模板（.xlsx，含示例行与「说明」表）',
    { method: 'GET', produces: XLSX },
    Nothing,
  ),
  preview: rawEndpoint(
    '/cms/staffImport/preview',
    'systemAdmin',
    '人员导入：上传人员表（.xlsx 或 UTF-8/GBK 的 .csv，最大 5 MB、5000 行），返回预检结果（不写入）',
    { form: Type.Object({ file: FileField('人员表（必填）') }) },
    ImportPlan,
  ),
  apply: endpoint(
    '/cms/staffImport/apply',
    'systemAdmin',
    '人员导入：确认导入（一个事务；按账号新建或更新，不删除账号）',
    ApplyImportBody,
    ApplyImportResult,
  ),
  passwords: rawEndpoint(
    '/cms/staffImport/passwords',
    'systemAdmin',
    '人员导入：下载新账号的初始密码（.xlsx，仅可下载一次）',
    { method: 'GET', query: PasswordsQuery, produces: XLSX },
    Nothing,
  ),
});
