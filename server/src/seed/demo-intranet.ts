import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import type { SiteActor } from '../platform/catalogue/common.js';
import type { MenuType } from '../modules/intranet/workbench.js';

const DAY = 86_400_000;
const DEMO_IP = '10.10.0.8';

/** Simple white pictograms on a coloured tile, drawn in a 96×96 box. */
const GLYPHS: Record<string, string> = {
  mail: '<rect x="22" y="30" width="52" height="36" rx="4"/><path d="M24 33l24 18 24-18" fill="none" stroke="COLOR" stroke-width="4"/>',
  people:
    '<circle cx="38" cy="38" r="9"/><circle cx="60" cy="40" r="7"/><path d="M22 70c0-12 8-18 16-18s16 6 16 18z"/><path d="M52 70c0-9 4-15 9-15s13 5 13 15z"/>',
  bell: '<path d="M48 22c-11 0-18 8-18 19v13l-6 8h48l-6-8V41c0-11-7-19-18-19z"/><circle cx="48" cy="68" r="6"/>',
  building:
    '<rect x="28" y="26" width="40" height="46" rx="2"/><g fill="COLOR"><rect x="34" y="32" width="8" height="8"/><rect x="54" y="32" width="8" height="8"/><rect x="34" y="46" width="8" height="8"/><rect x="54" y="46" width="8" height="8"/><rect x="44" y="60" width="8" height="12"/></g>',
  cloud:
    '<path d="M32 66h34a12 12 0 0 0 0-24 16 16 0 0 0-31-3 13 13 0 0 0-3 27z"/><path d="M48 46v14m-6-6 6 6 6-6" fill="none" stroke="COLOR" stroke-width="4"/>',
  folder: '<path d="M22 32h20l6 6h26v32H22z"/>',
  pen: '<path d="M60 22l14 14-32 32H28V54z"/><path d="M54 28l14 14" stroke="COLOR" stroke-width="4"/>',
  lock: '<rect x="28" y="44" width="40" height="28" rx="4"/><path d="M36 44v-8a12 12 0 0 1 24 0v8" fill="none" stroke="#fff" stroke-width="6"/>',
  calendar:
    '<rect x="24" y="28" width="48" height="44" rx="4"/><rect x="24" y="28" width="48" height="10" fill-opacity=".6"/><g fill="COLOR"><rect x="32" y="46" width="8" height="8"/><rect x="46" y="46" width="8" height="8"/><rect x="32" y="58" width="8" height="8"/></g>',
  chart:
    '<rect x="26" y="50" width="10" height="22"/><rect x="43" y="36" width="10" height="36"/><rect x="60" y="26" width="10" height="46"/>',
  check:
    '<rect x="24" y="24" width="48" height="48" rx="6"/><path d="M34 48l10 10 18-20" fill="none" stroke="COLOR" stroke-width="6"/>',
  picture:
    '<rect x="22" y="28" width="52" height="40" rx="4"/><path d="M26 64l14-16 10 10 8-8 12 14z" fill="COLOR"/><circle cx="60" cy="40" r="5" fill="COLOR"/>',
  globe:
    '<circle cx="48" cy="48" r="24"/><path d="M24 48h48M48 24c-10 12-10 36 0 48M48 24c10 12 10 36 0 48" fill="none" stroke="COLOR" stroke-width="3"/>',
  book: '<path d="M24 28h20a6 6 0 0 1 4 2v42a6 6 0 0 0-4-2H24zM72 28H52a6 6 0 0 0-4 2v42a6 6 0 0 1 4-2h20z"/>',
  box: '<path d="M48 22l24 12v28L48 74 24 62V34z"/><path d="M24 34l24 12 24-12M48 46v28" fill="none" stroke="COLOR" stroke-width="3"/>',
};

/** An icon drawn and uploaded by `uploader`, as the administrator would upload one. */
async function iconFile(
  services: Services,
  uploader: SiteActor,
  glyph: string,
  color: string,
): Promise<number> {
  const shape = GLYPHS[glyph]!.replaceAll('COLOR', color);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="22" fill="${color}"/><g fill="#fff">${shape}</g></svg>`;
  const data = await sharp(Buffer.from(svg)).png().toBuffer();
  const file = await services.files.save(
    { fileName: `icon-${glyph}.png`, mimeType: 'image/png', createdBy: uploader.id },
    data,
  );
  return file.id;
}

/** The default workbench (seed/base.ts) gets pictures; these come after it. */
const BASE_ICONS: Record<string, [string, string]> = {
  内部邮件: ['mail', '#2f7bd8'],
  通讯录: ['people', '#1f9d8a'],
  通知公告: ['bell', '#e58a23'],
  部门主页: ['building', '#5b6bd6'],
  教学网盘: ['cloud', '#2a9bd3'],
  我的网盘: ['folder', '#d9a21b'],
  内容管理: ['pen', '#c0504d'],
  修改密码: ['lock', '#6d7a8a'],
};

/** A workbench or application-centre entry: where it opens, how, and its icon. */
type DemoEntry = [
  menuType: MenuType,
  name: string,
  path: string,
  passthrough: 0 | 1,
  visitType: number | null,
  glyph: string,
  color: string,
  enabled?: 0 | 1,
];

/**
 * This server's hand-off receiver (GLPTBJ): in the demo the blog (2), leave
 * approval (21), picture review (22) and the send-notice shortcut (13) land
 * on this server's own pages through the same signed protocol.
 */
const HANDOFF = '/api/cms/handoff';

/**
 * The school's other systems. visitType as intranet.md §7 names them: 2 the
 * blog, 21 leave approval, 22 picture review, 13 sending a notice; the rest
 * open their home page.
 */
const DEMO_ENTRIES: DemoEntry[] = [
  [1, '发布通知', HANDOFF, 1, 13, 'pen', '#2f7bd8'],
  [1, '课表查询', 'https://jw.qinghe-school.example/timetable', 1, null, 'calendar', '#8a5cc7'],
  [1, '成绩管理', 'https://jw.qinghe-school.example/scores', 1, null, 'chart', '#2e9e5b'],
  [1, '会议室预约', 'https://oa.qinghe-school.example/rooms', 0, null, 'building', '#b86b2c'],
  [2, '请假审批', HANDOFF, 1, 21, 'check', '#2f7bd8'],
  [2, '图片审核', HANDOFF, 1, 22, 'picture', '#e0665a'],
  [2, '教师博客', HANDOFF, 1, 2, 'pen', '#d9891b'],
  [2, '协同办公', 'https://oa.qinghe-school.example/sso/login', 1, null, 'box', '#3c8dbc'],
  [2, '教务管理', 'https://jw.qinghe-school.example/sso/login', 1, null, 'calendar', '#5b6bd6'],
  [2, '智慧服务', 'https://service.qinghe-school.example/', 0, null, 'globe', '#1f9d8a'],
  [2, '图书馆', 'https://lib.qinghe-school.example/', 0, null, 'book', '#8a5cc7'],
  [2, '资产管理', 'https://zc.qinghe-school.example/sso/login', 1, null, 'box', '#6d7a8a', 0],
];

/** Pictures of the footer's on-campus sites (XNZD of seed/base.ts), by name. */
const SITE_ICONS: Record<string, [string, string]> = {
  协同办公: ['box', '#3c8dbc'],
  教务管理: ['calendar', '#5b6bd6'],
  图书馆: ['book', '#8a5cc7'],
  成长档案: ['chart', '#2e9e5b'],
  财务系统: ['chart', '#b86b2c'],
  资产管理: ['box', '#6d7a8a'],
};

/** Rolling notices relative to now: live ones, a disabled one, one waiting for its date. */
const DEMO_NOTICES: Array<{ title: string; url?: string; days: number; enabled?: 0 | 1 }> = [
  { title: '本周五下午3:00在学术报告厅召开全体教职工大会，请准时参加', days: -1 },
  { title: '关于做好期中考试命题与监考工作的通知', url: '/pubNoti', days: -2 },
  { title: '教学网盘新增“微课”资源类型，欢迎老师们上传分享优秀微课', url: '/education', days: -5 },
  {
    title: '请尚未修改初始密码的老师尽快修改密码，新密码须包含大小写字母、数字和符号中的三种',
    url: '/editPwd',
    days: -9,
  },
  { title: '校园网将于本周六22:00至次日2:00停机维护', days: -3, enabled: 0 },
  { title: '下周一起实行夏季作息时间，下午第一节课14:30开始', days: 3 },
];

/**
 * The demo school's intranet lists, made through the platform's service as
 * the demo administrator: pictures for the default workbench and the footer's
 * sites, the school's other systems in the workbench and the application
 * centre (more than 8 workbench entries, so the home's 展开 toggle shows),
 * and rolling notices.
 */
export async function seedDemoIntranet(
  db: Kysely<Database>,
  services: Services,
  now: Date = new Date(),
): Promise<void> {
  const row = await db
    .selectFrom('staff')
    .select(['id', 'code', 'name', 'staffType', 'isPower', 'isAdmin', 'email', 'schoolId'])
    .where('code', '=', 'admin')
    .executeTakeFirst();
  if (!row) return;
  const admin: SiteActor = { ...row, whetherpass: 1, sessionId: 0 };
  const { workbench, notices } = services.cmsSite;

  for (const entry of await workbench.list(1, admin)) {
    const icon = BASE_ICONS[entry.workbenchName];
    if (!icon || entry.iconFileId) continue;
    await workbench.save(
      {
        id: entry.workbenchId,
        menuType: 1,
        name: entry.workbenchName,
        path: entry.workbenchPath,
        iconFileId: await iconFile(services, admin, ...icon),
      },
      admin,
      DEMO_IP,
    );
  }
  for (const [
    menuType,
    name,
    path,
    passthrough,
    visitType,
    glyph,
    color,
    enabled = 1,
  ] of DEMO_ENTRIES) {
    await workbench.save(
      {
        menuType,
        name,
        path,
        passthrough,
        visitType,
        iconFileId: await iconFile(services, admin, glyph, color),
        enabled,
      },
      admin,
      DEMO_IP,
    );
  }
  const sites = (await services.cmsSite.parameters.list(admin)).find(
    (group) => group.parameteCode === 'XNZD',
  );
  for (const site of sites?.rows ?? []) {
    const icon = SITE_ICONS[site.parameterName];
    if (!icon || site.pic) continue;
    await services.cmsSite.parameters.save(
      {
        id: site.parameterId,
        code: 'XNZD',
        name: site.parameterName,
        picFileId: await iconFile(services, admin, ...icon),
      },
      admin,
      DEMO_IP,
    );
  }
  // 08:00 Beijing time (00:00 UTC) of today, the hour a school posts its notices.
  const morning = Math.floor(now.getTime() / DAY) * DAY;
  for (const notice of DEMO_NOTICES) {
    await notices.save(
      {
        title: notice.title,
        url: notice.url ?? null,
        shelvesDate: new Date(morning + notice.days * DAY),
        enabled: notice.enabled ?? 1,
      },
      admin,
      DEMO_IP,
    );
  }
}
