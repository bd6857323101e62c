import { parseArgs } from 'node:util';
import { createServices } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ImportFailure } from './client.js';
import { consoleProgress } from './report.js';
import { runImport } from './run.js';
import { runCommand, withDatabase } from '../run-command.js';

const USAGE = `用法:
  npm run import -- --from <旧站地址> [--staff-code <账号> --staff-pass <密码>] [--dry-run]
读取旧站（规格所述接口）的新闻、专题、视频、校刊、图片、轮播图、学校介绍、人物、社团和学校信息，写入本站。
数据目录与数据库取自 DATA_DIR、DATABASE_URL（与服务器相同），可在服务器运行时导入。
--staff-code/--staff-pass: 旧站教职工账号，同时导入仅校内可见的内容（密码也可放在
  IMPORT_STAFF_PASS 环境变量中，免得留在命令历史里）。
--dry-run: 只读取并报告，不写入任何内容。
再次运行只更新有变化的、补上新增的；中断后再次运行从中断处继续。`;

/**
 * `npm run import -- --from <address>`: the old site's content into this installation (the
 * server's own settings from the environment). Exit code 0 when the run finished (failed items
 * are in its report), 1 when it could not run, 2 for wrong arguments.
 */
async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      'staff-code': { type: 'string' },
      'staff-pass': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const { from } = values;
  if (!from || values.help) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  return withDatabase(config, async (db, dialect) => {
    const services = createServices({ config, db, dialect });
    const result = await runImport({
      from,
      staffCode: values['staff-code'],
      staffPass: values['staff-pass'] ?? process.env.IMPORT_STAFF_PASS,
      dryRun: values['dry-run'],
      db,
      services,
      progress: consoleProgress(),
    });
    console.log(result.report.text(values['dry-run']));
    if (!values['dry-run']) console.log(`导入记录编号 ${result.runId}（CMS 的“导入旧站”页可查看）`);
    return 0;
  });
}

runCommand(() => main(process.argv.slice(2)), {
  usage: USAGE,
  known: [[ImportFailure, '导入失败']],
  otherwise: '导入失败',
  argsExit: 2,
});
