import type { IntroPageItem, PersonItem, SocietyItem } from '@school/common/api';
import { FMSM_TYPE_IDS, WWFZ_TYPE_IDS } from '@school/common/api';
import { SINGLE_PAGE_TYPES } from '../../modules/intro/pages.js';
import { fixedPage } from '../../modules/intro/service.js';
import { SOCIETY_CATEGORIES } from '../../modules/showcase/service.js';
import {
  actingAdmin,
  importArea,
  importItem,
  keepOldDate,
  savedAsAdmin,
  type AreaRun,
  type ImportContext,
} from './context.js';
import { reasonOf } from './files.js';
import { parseTime, readAll } from './paging.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const maybe = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');

/**
 * Rows of a list that takes enableType: the public ones, then (with a staff login) the
 * staff-only ones, each with its audience and its position (the old site's order: the sort).
 */
async function bothAudiences<T>(
  ctx: ImportContext,
  path: string,
  form: Record<string, number>,
  idOf: (row: T) => number,
  area: string,
): Promise<Array<{ row: T; enableType: 1 | 2; sort: number }>> {
  const read = (enableType: 1 | 2) =>
    readAll<T>(ctx.client, path, { ...form, enableType }, idOf, ctx.report, area, ctx.maxPages);
  try {
    const shown = await read(1);
    const ids = new Set(shown.map(idOf));
    const all = ctx.client.loggedIn ? await read(2) : shown;
    return all.map((row, sort) => ({ row, enableType: ids.has(idOf(row)) ? 1 : 2, sort }));
  } catch (err) {
    // An old site without this list (or one that fails it): reported, the other lists go on.
    ctx.report.fail(area, `${ctx.client.origin}/api/${path}`, reasonOf(err), false);
    return [];
  }
}

/** An item of an Encounter list as read: the row, its audience and its place in its type. */
type Listed<T> = { row: T; enableType: 1 | 2; sort: number };

/** How an Encounter kind brings a listed item: its fields, and its save as new or again. */
type EncounterSteps<T, P> = Pick<
  Parameters<typeof importItem<Listed<T>, P>>[1],
  'prepare' | 'create' | 'update'
>;

/** An Encounter list of the old site: its area, its kind, its call, its types, its keys. */
interface EncounterList<T> {
  area: string;
  kind: 'wwfz' | 'fmsm';
  path: string;
  types: readonly number[];
  idOf: (row: T) => number;
  typeOf: (row: T) => number;
}

const PAGES: EncounterList<IntroPageItem> = {
  area: '学校介绍',
  kind: 'wwfz',
  path: 'wwfz/getWwfzDetails',
  types: WWFZ_TYPE_IDS,
  idOf: (row) => row.wwfzId,
  typeOf: (row) => row.wwfzType,
};

const PEOPLE: EncounterList<PersonItem> = {
  area: '人物',
  kind: 'fmsm',
  path: 'fmsm/getFmsmDetails',
  types: FMSM_TYPE_IDS,
  idOf: (row) => row.fmsmId,
  typeOf: (row) => row.fmsmType,
};

/**
 * An area of the Encounter section (pages `wwfz`, people `fmsm`): the old site's list read
 * type by type, both audiences of each, and every item imported under its old id, known by
 * its address on the old site's 走进福一 page.
 */
async function importEncounter<T, P>(
  ctx: ImportContext,
  areas: AreaRun,
  list: EncounterList<T>,
  steps: (listed: Listed<T>) => EncounterSteps<T, P>,
) {
  const { area, kind, path, idOf, typeOf } = list;
  const rows = async () => {
    const read: Array<Listed<T>> = [];
    for (const type of list.types) {
      read.push(...(await bothAudiences<T>(ctx, path, { [`${kind}Type`]: type }, idOf, area)));
    }
    return read;
  };
  await importArea(ctx, areas, area, rows, (listed) =>
    importItem(ctx, {
      area,
      kind,
      oldId: idOf(listed.row),
      address: `${ctx.client.origin}/meetfuyi?${kind}Type=${typeOf(listed.row)}&${kind}Id=${idOf(listed.row)}`,
      atomic: false,
      read: async () => listed,
      ...steps(listed),
    }),
  );
}

/**
 * The school-introduction pages (api/wwfz/getWwfzDetails) of every sub-section. The pages the
 * original pages open by fixed id (history tabs, emblem, song) fill this site's pages of the
 * same id; a sub-section of one page (profile, aims, scholarships) fills the page it has.
 */
async function importPages(ctx: ImportContext, areas: AreaRun) {
  const { area } = PAGES;
  await importEncounter(ctx, areas, PAGES, ({ row, enableType, sort }: Listed<IntroPageItem>) => ({
    prepare: async () => ({
      wwfzType: row.wwfzType,
      wwfzTitle: text(row.wwfzTitle),
      enWwfzTitle: maybe(row.enWwfzTitle),
      wwfzDesc: text(row.wwfzDesc),
      wwfzCont: await ctx.files.rewriteHtml(text(row.wwfzCont), area),
      picFileId: (await ctx.files.fileFor(row.wwfzPic, 'image', area)) ?? 0,
      enableType,
      sort,
      createdAt: parseTime(row.createDate),
    }),
    create: async ({ createdAt, ...input }, db) => {
      const admin = await actingAdmin(db);
      const fixed = fixedPage(row.wwfzId);
      const own =
        fixed && fixed.wwfzType === row.wwfzType
          ? fixed.wwfzId
          : SINGLE_PAGE_TYPES.includes(row.wwfzType)
            ? (
                await db
                  .selectFrom('introPage')
                  .select('id')
                  .where('wwfzType', '=', row.wwfzType)
                  .orderBy('id')
                  .executeTakeFirst()
              )?.id
            : undefined;
      const id = await ctx.services.cmsIntro.pages.save({ ...input, wwfzId: own }, admin, null);
      await keepOldDate(db, 'introPage', id, createdAt);
      return id;
    },
    update: async ({ createdAt, ...input }, id, db) => {
      await ctx.services.cmsIntro.pages.save({ ...input, wwfzId: id }, await actingAdmin(db), null);
      await keepOldDate(db, 'introPage', id, createdAt);
    },
  }));
}

/** The people of the school's story (api/fmsm/getFmsmDetails): principals, teachers, alumni, medals. */
async function importPeople(ctx: ImportContext, areas: AreaRun) {
  const { area } = PEOPLE;
  await importEncounter(ctx, areas, PEOPLE, ({ row, enableType, sort }: Listed<PersonItem>) => ({
    prepare: async () => ({
      fmsmType: row.fmsmType,
      fmsmTitle: text(row.fmsmTitle),
      fmsmDesc: text(row.fmsmDesc),
      fmsmCont: await ctx.files.rewriteHtml(text(row.fmsmCont), area),
      picFileId: (await ctx.files.fileFor(row.fmsmPic, 'image', area)) ?? 0,
      post: maybe(row.post),
      plateType: maybe(row.plateType),
      brith: maybe(row.brith),
      enableType,
      sort,
    }),
    ...savedAsAdmin(ctx.services.cmsIntro.people, 'fmsmId'),
  }));
}

/** The student societies of media channel 9 (api/news/getSocietyList), logo and picture each. */
async function importSocieties(ctx: ImportContext, areas: AreaRun) {
  const area = '学生社团';
  const rows = async () => {
    const answer = await ctx.client.call<SocietyItem[]>('news/getSocietyList').catch((err) => {
      ctx.report.fail(area, `${ctx.client.origin}/api/news/getSocietyList`, reasonOf(err), false);
      return [];
    });
    return (Array.isArray(answer) ? answer : []).filter((row) =>
      Number.isInteger(row.associationId),
    );
  };
  await importArea(ctx, areas, area, rows, (row, sort) =>
    importItem(ctx, {
      area,
      kind: 'society',
      oldId: row.associationId,
      address: `${ctx.client.origin}/media?newsNum=9`,
      atomic: false,
      read: async () => ({ row, sort }),
      prepare: async () => {
        if (!SOCIETY_CATEGORIES[row.associationType]) {
          throw new Error(`本站没有社团类别 ${row.associationType}`);
        }
        const logoFileId = await ctx.files.fileFor(row.associationLog, 'image', area);
        const picFileId = await ctx.files.fileFor(row.associationPic, 'image', area);
        if (logoFileId === null || picFileId === null) throw new Error('社团标志或图片未能导入');
        return {
          associationName: text(row.associationName),
          associationType: row.associationType,
          logoFileId,
          picFileId,
          sort,
        };
      },
      ...savedAsAdmin(ctx.services.cmsShowcase.societies, 'associationId'),
    }),
  );
}

/** The Encounter section (pages and people) and the student societies. */
export async function importIntro(ctx: ImportContext, areas: AreaRun) {
  await importPages(ctx, areas);
  await importPeople(ctx, areas);
  await importSocieties(ctx, areas);
}
