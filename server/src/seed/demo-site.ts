import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { NATIONAL_LINKS, param, type Param } from './base.js';

/** The demo school's colour (its portal's blue). */
export const DEMO_THEME_COLOR = '#1d4e89';

/**
 * The demo school's identity (青禾实验中学, an invented school): name, short
 * name, colour, footer, links and internal sites, as an administrator would
 * have set them in 站点设置 and the parameter screen. Only the demo has them;
 * a new database starts neutral (seed/base.ts).
 */
export const DEMO_SITE_PARAMETERS: Param[] = [
  param('XXMC', '学校名称', '青禾实验中学'),
  param('XXJC', '学校简称', '青禾'),
  param('XXYWMC', '学校英文名称', 'Qinghe Experimental Middle School'),
  param('ZTYS', '主题色', DEMO_THEME_COLOR),
  param(
    'XXJJ',
    '学校简介',
    '青禾实验中学创办于1952年，是一所设有初中部和高中部的完全中学。学校秉承“厚德、博学、笃行、日新”的校训，致力于培养全面发展、具有家国情怀与国际视野的时代新人。',
  ),
  param('XXDZ', '学校地址', '青禾市文华区书院路88号'),
  param('YZBM', '邮政编码', '100000'),
  param('LXDH', '联系电话', '010-6000 1234', { name: '办公室电话', sort: 1 }),
  param('LXDH', '联系电话', '010-6000 5678', { name: '招生咨询电话', sort: 2 }),
  param('XXYX', '学校邮箱', 'office@qinghe-school.example', { name: '办公室', sort: 1 }),
  param('XXYX', '学校邮箱', 'zhaosheng@qinghe-school.example', { name: '招生办', sort: 2 }),
  param('XXYX', '学校邮箱', 'xiaoyou@qinghe-school.example', { name: '校友会', sort: 3 }),
  param('ICP', 'ICP备案号', '青ICP备20260001号-1'),
  param('GABA', '公安备案号', '青公网安备 11000002000001号'),
  param('EWM', '官方公众号二维码', '', { pic: '/images/qrcode.svg' }),
  param('JGW', '返回旧版', 'https://old.qinghe-school.example/'),
  param('ZSXX', '招生信息', 'https://zs.qinghe-school.example/'),
  param('SYLJ', '书院', 'https://academy.qinghe-school.example/', { name: '青禾书院' }),
  ...[
    ...NATIONAL_LINKS,
    { name: '青禾市教育局', value: 'https://jyj.qinghe.example/' },
    { name: '青禾实验中学附属小学', value: 'https://www.qinghe-school.example/' },
  ].map((link, index) =>
    param('YQLJ', '相关链接', link.value, { name: link.name, sort: index + 1 }),
  ),
  param('FYZR', '智慧服务', 'https://service.qinghe-school.example/'),
  param('XNZD', '校内站点', 'https://oa.qinghe-school.example/', { name: '协同办公', sort: 1 }),
  param('XNZD', '校内站点', 'https://jw.qinghe-school.example/', { name: '教务管理', sort: 2 }),
  param('XNZD', '校内站点', 'https://lib.qinghe-school.example/', { name: '图书馆', sort: 3 }),
  param('XNZD', '校内站点', 'https://cz.qinghe-school.example/', { name: '成长档案', sort: 4 }),
  param('XNZD', '校内站点', 'https://cw.qinghe-school.example/', {
    name: '财务系统',
    sort: 5,
    type: '2',
  }),
  param('XNZD', '校内站点', 'https://zc.qinghe-school.example/', {
    name: '资产管理',
    sort: 6,
    type: '2',
  }),
];

/** The demo school's own titles of the three magazine series. */
export const DEMO_MAGAZINE_SERIES = [
  { id: 1, name: '《青禾》校刊' },
  { id: 2, name: '《禾苗》学生文集' },
  { id: 3, name: '《青溪》教师文集' },
];

/**
 * Gives the site the demo school's identity: every code it sets is replaced
 * by the demo's rows (the neutral base rows of those codes go), and the
 * magazine series take the demo's titles.
 */
export async function seedDemoSite(db: Kysely<Database>): Promise<void> {
  const codes = [...new Set(DEMO_SITE_PARAMETERS.map((p) => p.code))];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysParameter').where('code', 'in', codes).execute();
    await trx.insertInto('sysParameter').values(DEMO_SITE_PARAMETERS).execute();
    for (const series of DEMO_MAGAZINE_SERIES) {
      await trx
        .updateTable('magazineSeries')
        .set({ name: series.name })
        .where('id', '=', series.id)
        .execute();
    }
  });
}
