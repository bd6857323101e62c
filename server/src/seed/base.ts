import type { Kysely } from 'kysely';
import { ADMIN_ONLY_NEWS_TYPES } from '../db/migrations/0004_cms_workflow.js';
import type { Database, SysParameterTable } from '../db/schema.js';
import type { Insertable } from 'kysely';
import { seedMagazineSeries } from '../modules/magazine/service.js';

/**
 * The news column tree: every typeId the two specs name. The numbers are
 * fixed because pages, links and the API's typeId refer to them.
 */
export const NEWS_TYPES: Array<{ id: number; name: string; parentId: number }> = [
  { id: 1, name: '新闻中心', parentId: 0 },
  { id: 2, name: '校园新闻', parentId: 1 },
  { id: 3, name: '教育动态', parentId: 1 },
  { id: 4, name: '专题新闻', parentId: 1 },
  { id: 5, name: '校园媒体', parentId: 0 },
  { id: 6, name: '校友频道', parentId: 5 },
  { id: 7, name: '教师频道', parentId: 5 },
  { id: 8, name: '学生频道', parentId: 5 },
  { id: 9, name: '学生社团', parentId: 5 },
  { id: 10, name: '影像中心', parentId: 0 },
  { id: 11, name: '似水流年', parentId: 10 },
  { id: 12, name: '最美校园', parentId: 10 },
  { id: 13, name: '视频中心', parentId: 10 },
  { id: 14, name: '校园专栏', parentId: 0 },
  { id: 15, name: '示范校建设', parentId: 14 },
  { id: 16, name: '校务公开', parentId: 14 },
  { id: 21, name: '课程建设', parentId: 14 },
  { id: 18, name: '通知公告', parentId: 0 },
  { id: 17, name: '部门公告', parentId: 18 },
  { id: 19, name: '规章制度', parentId: 18 },
  { id: 20, name: '公开课', parentId: 0 },
  { id: 22, name: '党务公开', parentId: 0 },
];

/** Related links every school in China may show: the national education sites. */
export const NATIONAL_LINKS = [
  { name: '中华人民共和国教育部', value: 'http://www.moe.gov.cn/' },
  { name: '国家中小学智慧教育平台', value: 'https://basic.smartedu.cn/' },
  { name: '中国教育和科研计算机网', value: 'https://www.edu.cn/' },
];

export type Param = Omit<Insertable<SysParameterTable>, 'id'>;

/** A parameter row: a code's value under its name, of type 1, first unless `extra` says. */
export const param = (
  code: string,
  name: string,
  value: string,
  extra: Partial<Param> = {},
): Param => ({
  code,
  name,
  value,
  type: '1',
  pic: null,
  sort: 0,
  ...extra,
});

/**
 * System parameters with every code the specs and the pages use, neutral:
 * no school's name, address, numbers or sites. The first administrator names
 * the school at /setup (or the importer, or 站点设置); the demo school's values
 * are in demo-site.ts. National education sites are everyone's.
 */
export const SYSTEM_PARAMETERS: Param[] = [
  param('XXMC', '学校名称', ''),
  param('XXJC', '学校简称', ''),
  param('XXYWMC', '学校英文名称', ''),
  param('XXJJ', '学校简介', ''),
  param('XXDZ', '学校地址', ''),
  param('YZBM', '邮政编码', ''),
  param('ICP', 'ICP备案号', ''),
  param('GABA', '公安备案号', ''),
  param('EWM', '官方公众号二维码', ''),
  param('TPZX', '网络课程', 'https://basic.smartedu.cn/'),
  param('JGW', '返回旧版', ''),
  param('ZSXX', '招生信息', ''),
  param('FJXZ', '附件下载地址', '/'),
  param('QJTS', '请假审批天数', '3'),
  param('GLPTBJ', '内容管理平台编辑地址', '/api/cms/handoff'),
  // The blog: its address (a signed hand-off, visitType 2). This server's receiver lands on the
  // blog's placeholder until the school sets its own blog's sign-on address.
  param('BK', '博客', '/api/cms/handoff'),
  param('SYLJ', '书院', ''),
  param('FYZR', '智慧服务', ''),
  ...NATIONAL_LINKS.map((link, index) =>
    param('YQLJ', '相关链接', link.value, { name: link.name, sort: index + 1 }),
  ),
];

/** Whether `table` has no rows yet: a new database, whose defaults are still to be made. */
export async function isEmpty(
  db: Kysely<Database>,
  table: 'newsType' | 'sysParameter' | 'workbenchItem' | 'staff',
): Promise<boolean> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n) === 0;
}

/** Inserts the column tree and the parameter codes into a new database; leaves existing rows alone. */
export async function seedBaseData(db: Kysely<Database>, now = new Date()): Promise<void> {
  if (await isEmpty(db, 'newsType')) {
    await db
      .insertInto('newsType')
      .values(
        NEWS_TYPES.map((t, sort) => ({
          ...t,
          sort,
          teacherOpen: (ADMIN_ONLY_NEWS_TYPES as readonly number[]).includes(t.id) ? 0 : 1,
        })),
      )
      .execute();
  }
  if (await isEmpty(db, 'sysParameter')) {
    await db.insertInto('sysParameter').values(SYSTEM_PARAMETERS).execute();
  }
  await seedIntranetDefaults(db, now);
  // The three fixed series a magazine is saved under: without them (a database started
  // without the demo) every magazine save failed on its foreign key.
  await seedMagazineSeries(db);
}

/**
 * The teaching drive's dictionaries (intranet.md §3). RESOURCES_TYPE: what a
 * resource is for. RESOURCES_FILE_TYPE: its format; the values choose the
 * list icons in groups 2/3/8 (office documents), 4 (pictures), 5 (audio),
 * 6/7 (video) and 9 (archives); -1 marks a folder in the lists and is no
 * format anyone picks, so it is not a dictionary value.
 */
export const DICTIONARY_DEFAULTS: Record<string, Array<[dicValue: string, dicName: string]>> = {
  RESOURCES_TYPE: [
    ['1', '教案'],
    ['2', '课件'],
    ['3', '试题'],
    ['4', '素材'],
    ['5', '微课'],
    ['6', '其他'],
  ],
  RESOURCES_FILE_TYPE: [
    ['2', '文档'],
    ['3', '演示文稿'],
    ['8', '表格'],
    ['4', '图片'],
    ['5', '音频'],
    ['6', '视频'],
    ['7', '动画'],
    ['9', '压缩包'],
  ],
};

/**
 * The staff home's workbench entries every school has: the intranet's own
 * pages, opened directly (menuType 1). The application centre (menuType 2)
 * holds the school's other systems and starts empty.
 */
export const WORKBENCH_DEFAULTS: Array<{ name: string; path: string }> = [
  { name: '内部邮件', path: '/writEmail' },
  { name: '通讯录', path: '/txlMailist' },
  { name: '通知公告', path: '/pubNoti' },
  { name: '部门主页', path: '/organize' },
  { name: '教学网盘', path: '/education' },
  { name: '我的网盘', path: '/mineWp' },
  { name: '内容管理', path: '/cms' },
  { name: '修改密码', path: '/editPwd' },
];

/**
 * Dictionary values for a dictionary that has none, and the default workbench
 * when there are no workbench or application-centre entries at all (a new
 * school); what an administrator has changed is left alone.
 */
async function seedIntranetDefaults(db: Kysely<Database>, now: Date): Promise<void> {
  for (const [dicCode, values] of Object.entries(DICTIONARY_DEFAULTS)) {
    const existing = await db
      .selectFrom('dictionaryItem')
      .select('id')
      .where('dicCode', '=', dicCode)
      .limit(1)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('dictionaryItem')
      .values(
        values.map(([dicValue, dicName], index) => ({
          dicCode,
          dicName,
          dicValue,
          enabled: 1,
          sort: index + 1,
        })),
      )
      .execute();
  }
  if (await isEmpty(db, 'workbenchItem')) {
    const at = now.toISOString();
    await db
      .insertInto('workbenchItem')
      .values(
        WORKBENCH_DEFAULTS.map((entry, index) => ({
          menuType: 1,
          name: entry.name,
          path: entry.path,
          passthrough: 0,
          visitType: null,
          iconFileId: null,
          enabled: 1,
          sort: index + 1,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
  }
}
