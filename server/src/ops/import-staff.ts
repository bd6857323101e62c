import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { STAFF_IMPORT_MAX_BYTES } from '@school/common/api';
import { loadConfig } from '../config.js';
import { AppError } from '../http/errors.js';
import { applyImport } from '../modules/people/staff-import-apply.js';
import { planImport, type Plan } from '../modules/people/staff-import-plan.js';
import { readStaffSheet } from '../modules/people/staff-sheet.js';
import { passwordsWorkbook } from '../modules/people/staff-workbooks.js';
import { runCommand, withDatabase } from './run-command.js';

/**
 * `npm run import-staff -- <file> [--apply] [--skip-errors] [--passwords <out.xlsx>]`: the
 * CMS's 人员导入 from the command line, into the database the environment names (DATA_DIR,
 * DATABASE_URL, as the server). Without --apply it only prints the dry run.
 */
const USAGE = `用法:
  npm run import-staff -- <人员表.xlsx|.csv> [--apply] [--skip-errors] [--passwords <初始密码.xlsx>]
不加 --apply 只预检并打印结果；--apply 在一个事务中导入（按账号新建或更新，不删除账号）；
--skip-errors 跳过有错误的行（默认有错误即不导入）；
新账号的初始密码写入 --passwords 指定的文件（默认与人员表同目录，权限 0600），不会打印。
数据库取自 DATA_DIR、DATABASE_URL（与服务器相同）。`;

/** Paths as the person typed them: npm runs scripts from the project's root. */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

function printPlan(plan: Plan) {
  const { counts } = plan;
  console.log(
    `预检: 新建 ${counts.create}，更新 ${counts.update}，不变 ${counts.same}，错误 ${counts.error}`,
  );
  for (const row of plan.rows.filter((r) => r.outcome === 'error')) {
    console.log(`  第${row.line}行 ${row.code || '(无账号)'}: ${row.problems.join('；')}`);
  }
  if (plan.newDepartments.length) console.log(`将新建部门: ${plan.newDepartments.join('、')}`);
  if (plan.missing.length) {
    console.log(`未在表中的启用账号 ${plan.missing.length} 个（不会停用或删除）:`);
    for (const m of plan.missing.slice(0, 50)) console.log(`  ${m.code} ${m.name}`);
    if (plan.missing.length > 50) console.log(`  …等 ${plan.missing.length} 个`);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      apply: { type: 'boolean', default: false },
      'skip-errors': { type: 'boolean', default: false },
      passwords: { type: 'string' },
    },
    strict: true,
  });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const input = fromCaller(positionals[0]!);
  const stat = await fs.stat(input);
  if (stat.size > STAFF_IMPORT_MAX_BYTES) throw new AppError(413, '文件过大，人员表最大 5 MB');
  const sheet = await readStaffSheet(await fs.readFile(input));
  const parsed = path.parse(input);
  const output = values.passwords
    ? fromCaller(values.passwords)
    : path.join(parsed.dir, `${parsed.name}-初始密码.xlsx`);

  const config = loadConfig();
  return withDatabase(config, async (db) => {
    const plan = await planImport(db, sheet);
    printPlan(plan);
    if (!values.apply) {
      console.log('这是预检，未写入数据库；确认无误后加 --apply 导入。');
      return plan.counts.error ? 1 : 0;
    }
    if (plan.counts.error && !values['skip-errors']) {
      console.error(
        `未导入: 有${plan.counts.error}行存在错误，请修正后重试，或加 --skip-errors 跳过这些行`,
      );
      return 1;
    }
    const admin = await db
      .selectFrom('staff')
      .select('id')
      .where('staffType', '=', 5)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!admin) {
      // Any account ends the first run's /setup: its administrator comes first.
      console.error('未导入: 尚无管理员账号，请先启动服务器并完成首次设置（/setup），再导入人员');
      return 1;
    }
    // The passwords' file is made (empty, 0600) before the apply, so it cannot fail after.
    const handle = await fs.open(output, 'wx', 0o600).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') throw new AppError(409, `文件已存在，请换一个路径: ${output}`);
      throw err;
    });
    try {
      const started = Date.now();
      const result = await applyImport(db, sheet, {
        skipErrors: values['skip-errors'],
        now: new Date(),
      });
      await handle.writeFile(await passwordsWorkbook(result.created));
      console.log(
        `导入完成: 新建 ${result.created.length}，更新 ${result.updated}，不变 ${result.same}，` +
          `跳过 ${result.skipped}，新建部门 ${result.departmentsCreated}，` +
          `用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
      );
      if (result.created.length) {
        console.log(`新账号的初始密码已写入 ${output}（仅本人可读），请妥善分发后删除该文件。`);
      } else {
        await fs.rm(output, { force: true });
        console.log('没有新建账号，未写入初始密码文件。');
      }
      return 0;
    } catch (err) {
      await fs.rm(output, { force: true });
      throw err;
    } finally {
      await handle.close();
    }
  });
}

runCommand(() => main(process.argv.slice(2)), {
  usage: USAGE,
  known: [[AppError, '未导入']],
  otherwise: '失败',
});
