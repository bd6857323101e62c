import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { ApplyImportResult, ImportPlan } from '@school/common/api';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, randomCode, type TestStaff } from '../../../test-kit/factories.js';
import {
  expectOk,
  expectRefusal,
  login,
  postFile,
  postForm,
  type LoginData,
} from '../../../test-kit/http.js';
import { ZIP_BOMB_MESSAGE } from '../zip-check.js';
import { NOT_A_SHEET_MESSAGE, TOO_MANY_ROWS_MESSAGE } from '../staff-sheet.js';
import { ERRORS_BLOCK_MESSAGE } from '../staff-import-apply.js';
import { IMPORT_GONE_MESSAGE, PASSWORDS_GONE_MESSAGE } from '../staff-import.js';
import { SHEET_TOO_LARGE_MESSAGE } from '../staff-import-routes.js';

const HEADERS = ['账号', '姓名', '身份', '部门', '职务', '手机', '邮箱', '学科'];
const BASE = '/api/cms/staffImport';
const SITE_ADMIN_ONLY = '只有系统管理员可以进行此操作';

async function xlsxOf(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('人员');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csvOf = (rows: string[][]) => [HEADERS, ...rows].map((row) => row.join(',')).join('\r\n');

async function readSheet(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

const rowsOf = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .filter(Boolean)
    .map((values) => (values as unknown[]).slice(1).map((value) => String(value ?? '')));

/** A zip whose one part unpacks to `size` zero bytes: a bomb by its ratio. */
function zipBomb(size: number): Buffer {
  const entries = [
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(size) },
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('api/cms/staffImport: staff from a spreadsheet (人员导入)', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let adminToken = '';
  let teacherToken = '';
  /** The server's log lines: no initial password or download key may be in them. */
  const logLines: string[] = [];

  const upload = (name: string, data: Buffer | string, token = adminToken) =>
    postFile(t.app, `${BASE}/preview`, { name, data: Buffer.from(data) }, { token });
  const preview = async (name: string, data: Buffer | string) =>
    expectOk<ImportPlan>(await upload(name, data));
  const apply = (importId: number, skipErrors?: number) =>
    postForm(t.app, `${BASE}/apply`, { importId, skipErrors }, { token: adminToken });
  const download = (importId: number, downloadToken: string, token = adminToken) =>
    t.app.inject({
      method: 'GET',
      url: `${BASE}/passwords?importId=${importId}&downloadToken=${downloadToken}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const expectRefused = (res: LightMyRequestResponse, status: number, msg: string) =>
    expectRefusal(res, status, msg);

  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream: { write: (line) => logLines.push(line) } },
    });
    admin = await createStaff(t.db, { staffType: 5 });
    teacher = await createStaff(t.db, { phone: '13900000000' });
    adminToken = await login(t.app, admin);
    teacherToken = await login(t.app, teacher);
  });
  afterAll(() => t.close());

  it('downloads a template: a valid xlsx with the headers, a sample row and 说明', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/template`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = await readSheet(res.rawPayload);
    const [header, sample] = rowsOf(book.worksheets[0]!);
    expect(header).toEqual(HEADERS);
    expect(sample![3]).toBe('教务处/高一年级组');
    const notes = rowsOf(book.getWorksheet('说明')!).flat().join('\n');
    expect(notes).toContain('老师、管理员');
    expect(notes).toContain('教务处/高一年级组');
  });

  it('refuses a teacher (403) and nobody (401) on every call', async () => {
    for (const url of ['template', 'passwords?importId=1&downloadToken=x']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/${url}`,
        headers: { authorization: `Bearer ${teacherToken}` },
      });
      expectRefused(res, 403, SITE_ADMIN_ONLY);
    }
    expectRefused(await upload('a.csv', csvOf([['x1', '甲']]), teacherToken), 403, SITE_ADMIN_ONLY);
    const applied = await postForm(
      t.app,
      `${BASE}/apply`,
      { importId: 1 },
      { token: teacherToken },
    );
    expectRefused(applied, 403, SITE_ADMIN_ONLY);
    expect((await upload('a.csv', csvOf([['x1', '甲']]), '')).statusCode).toBe(401);
  });

  it('dry-runs an xlsx: outcomes, problems per row, new departments, nothing written', async () => {
    const code = randomCode();
    const plan = await preview(
      '人员.xlsx',
      await xlsxOf([
        [
          code,
          '李四',
          '老师',
          '教务处 / 高一年级组',
          '班主任',
          '13800138000',
          'li@example.com',
          '数学',
        ],
        [teacher.code, '新名字', '', '', '', '', '', ''],
        [code, '重复', '', '', '', '', '', ''],
        ['', '', '校长', '', '', '123', 'bad@', ''],
        ['bad code', '王五', '', '', '', '', '', ''],
      ]),
    );
    expect(plan.counts).toEqual({ create: 1, update: 1, same: 0, error: 3 });
    expect(plan.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
    ]);
    expect(plan.rows[0]!.department).toBe('教务处/高一年级组');
    expect(plan.rows[2]!.problems).toEqual(['账号重复（与第2行相同）']);
    expect(plan.rows[3]!.problems).toEqual([
      '缺少账号',
      '缺少姓名',
      '未知的身份「校长」',
      '手机号格式不正确',
      '邮箱格式不正确',
    ]);
    expect(plan.rows[4]!.problems).toEqual(['账号格式不正确（字母、数字、_.@-，最长64位）']);
    expect(plan.newDepartments).toEqual(['教务处', '教务处/高一年级组']);
    expect(plan.missing.map((m) => m.code)).toContain(admin.code);
    expect(plan.missing.map((m) => m.code)).not.toContain(teacher.code);
    const stored = await t.db.selectFrom('staff').select('id').where('code', '=', code).execute();
    expect(stored).toEqual([]);
    // Errors block the apply unless skipped.
    expectRefused(await apply(plan.importId), 400, ERRORS_BLOCK_MESSAGE(3));
    // The dry run is its uploader's: another administrator cannot apply it.
    const other = await login(t.app, await createStaff(t.db, { staffType: 5 }));
    const stranger = await postForm(
      t.app,
      `${BASE}/apply`,
      { importId: plan.importId },
      { token: other },
    );
    expectRefused(stranger, 404, IMPORT_GONE_MESSAGE);
  });

  it('reads a GBK csv and a UTF-8 csv with a BOM alike', async () => {
    const rows = [['g001', '赵六', '管理员', '总务处', '主任', '13700000000', '', '']];
    const gbk = await preview('gbk.csv', iconv.encode(csvOf(rows), 'gbk'));
    const bom = await preview('bom.csv', Buffer.from(`\uFEFF${csvOf(rows)}`, 'utf8'));
    for (const plan of [gbk, bom]) {
      expect(plan.rows).toEqual([
        expect.objectContaining({
          code: 'g001',
          name: '赵六',
          identity: '管理员',
          department: '总务处',
          position: '主任',
          outcome: 'create',
          problems: [],
        }),
      ]);
    }
  });

  it('applies: departments and accounts made, first login forced to change, passwords once', async () => {
    const [a, b] = [randomCode(), randomCode()];
    const plan = await preview(
      'ok.csv',
      csvOf([
        [a, '钱七', '老师', '教科室/信息组', '组长', '+8613800000001', 'q@example.com', '信息'],
        [b, '孙八', '', '教科室', '', '', '', ''],
      ]),
    );
    const result = expectOk<ApplyImportResult>(await apply(plan.importId));
    expect(result).toMatchObject({ created: 2, updated: 0, skipped: 0, departmentsCreated: 2 });
    expectRefused(await apply(plan.importId), 409, '该人员表已导入，请勿重复提交');

    const stored = await t.db
      .selectFrom('staff')
      .innerJoin('staffDepartment', 'staffDepartment.staffId', 'staff.id')
      .innerJoin('department', 'department.id', 'staffDepartment.deptId')
      .select(['code', 'position', 'subject', 'phone', 'mustChangePassword', 'department.name'])
      .where('code', 'in', [a, b])
      .orderBy('code')
      .execute();
    expect(stored.find((row) => row.code === a)).toMatchObject({
      position: '组长',
      subject: '信息',
      phone: '+8613800000001',
      mustChangePassword: 1,
      name: '信息组',
    });

    const res = await download(plan.importId, result.downloadToken);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = rowsOf((await readSheet(res.rawPayload)).worksheets[0]!);
    expect(header).toEqual(['账号', '姓名', '初始密码']);
    expect(rows.map((row) => row[0]).sort()).toEqual([a, b].sort());
    expectRefused(await download(plan.importId, result.downloadToken), 410, PASSWORDS_GONE_MESSAGE);

    const password = rows.find((row) => row[0] === a)![2]!;
    // Neither the passwords nor their key reach the log; the database keeps them sealed only.
    const log = logLines.join('\n');
    expect(log).toContain('/api/cms/staffImport/passwords');
    for (const secret of [result.downloadToken, ...rows.map((row) => row[2]!)]) {
      expect(log).not.toContain(secret);
    }
    const kept = await t.db.selectFrom('staffImport').select('passwords').execute();
    expect(kept.map((row) => row.passwords ?? '').join()).not.toContain(password);
    const first = await postForm(t.app, '/api/login/login', {
      staffCode: a,
      staffPass: password,
      staffType: 2,
    });
    const user = expectOk<LoginData>(first);
    expect(user).toMatchObject({ whetherpass: 0, mustChangePassword: 1 });
    const changed = await postForm(
      t.app,
      '/api/login/updateUserPwd.do',
      { oldStaffPass: password, newStaffPass: 'New#Pass99' },
      { token: user.token },
    );
    expectOk(changed);
    const again = await postForm(t.app, '/api/login/login', {
      staffCode: a,
      staffPass: 'New#Pass99',
      staffType: 2,
    });
    expect(expectOk<LoginData>(again)).toMatchObject({ whetherpass: 1, mustChangePassword: 0 });
  });

  it('re-imports: updates by 账号, never deletes, lists 未在表中', async () => {
    const kept = await createStaff(t.db);
    const code = randomCode();
    const first = await preview('one.csv', csvOf([[code, '周九', '', '', '', '', '', '']]));
    expectOk(await apply(first.importId));
    const second = await preview(
      'two.csv',
      csvOf([[code, '周九九', '', '德育处', '干事', '13600000000', '', '历史']]),
    );
    expect(second.rows[0]!.outcome).toBe('update');
    expect(second.missing.map((m) => m.code)).toContain(kept.code);
    const result = expectOk<ApplyImportResult>(await apply(second.importId));
    expect(result).toMatchObject({ created: 0, updated: 1, downloadToken: '' });
    expect(result.missing.map((m) => m.code)).toContain(kept.code);
    const row = await t.db
      .selectFrom('staff')
      .select(['name', 'position', 'phone', 'subject'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      name: '周九九',
      position: '干事',
      phone: '13600000000',
      subject: '历史',
    });
    const still = await t.db
      .selectFrom('staff')
      .select('status')
      .where('id', '=', kept.id)
      .execute();
    expect(still).toEqual([{ status: 1 }]);
    const third = await preview('three.csv', csvOf([[code, '周九九', '', '', '', '', '', '']]));
    expect(third.rows[0]!.outcome).toBe('same');
  });

  it('skips error rows only when asked', async () => {
    const code = randomCode();
    const plan = await preview(
      'mixed.csv',
      csvOf(
        [
          [code, '吴十', '', '', '', '', '', ''],
          ['', '', '', '', '', '', '', ''],
        ].concat([['bad code', 'x', '', '', '', '', '', '']]),
      ),
    );
    expectRefused(await apply(plan.importId), 400, ERRORS_BLOCK_MESSAGE(1));
    const result = expectOk<ApplyImportResult>(await apply(plan.importId, 1));
    expect(result).toMatchObject({ created: 1, skipped: 1 });
  });

  it('refuses hostile files with a Chinese 4xx', async () => {
    const formula = await xlsxOf([['f1', '公式', '', '', '', '', '', '']], (sheet) => {
      sheet.getCell('F2').value = { formula: 'A2&"1"', result: 'f11' };
    });
    expectRefused(
      await upload('f.xlsx', formula),
      400,
      '单元格 F2 含公式，请将公式转换为数值后再导入',
    );

    const many = csvOf(Array.from({ length: 5001 }, (_, i) => [`m${i}`, '多']));
    expectRefused(await upload('many.csv', many), 400, TOO_MANY_ROWS_MESSAGE);

    const huge = csvOf([['h1', '长'.repeat(201)]]);
    expectRefused(await upload('huge.csv', huge), 400, '单元格 B2 超过200个字符');

    expectRefused(await upload('bomb.xlsx', zipBomb(20 * 1024 * 1024)), 400, ZIP_BOMB_MESSAGE);

    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.alloc(100, 1),
    ]);
    expectRefused(await upload('photo.xlsx', png), 400, NOT_A_SHEET_MESSAGE);

    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);
    expectRefused(await upload('big.csv', big), 413, SHEET_TOO_LARGE_MESSAGE);
  });

  it('imports 2,000 rows in one apply', async () => {
    const prefix = randomCode();
    const rows = Array.from({ length: 2000 }, (_, i) => [
      `${prefix}${i}`,
      `批量${i}`,
      '老师',
      `年级组/组${i % 20}`,
      '',
      `139${String(i).padStart(8, '0')}`,
      '',
      '',
    ]);
    const started = Date.now();
    const plan = await preview('big.csv', csvOf(rows));
    expect(plan.counts.create).toBe(2000);
    const result = expectOk<ApplyImportResult>(await apply(plan.importId));
    expect(result.created).toBe(2000);
    console.log(
      `[staff-import] ${t.dialect}: 2,000 rows previewed and applied in ${Date.now() - started} ms`,
    );
  }, 120_000);
});
