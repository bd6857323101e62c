import { versionRoutes } from '../../platform/publishing/version-routes.js';
import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { FMSM_TYPES, WWFZ_TYPES } from './service.js';
import type { PersonSaveInput } from './people.js';
import type { IntroPageSaveInput } from './pages.js';
import type { CmsIntroService } from './admin-service.js';
import {
  ENABLE_TYPE_FIELD,
  KEYWORD_FIELD,
  SORT_FIELD,
  anyItem,
  cmsPoster,
  fileField,
  idField,
  savedSchema,
} from '../../platform/catalogue/admin-schema.js';

const codesOf = (types: Readonly<Record<number, string>>) => Object.keys(types).map(Number);

const WWFZ_TYPE = {
  type: 'integer',
  enum: codesOf(WWFZ_TYPES),
  errorMessage: '请选择学校介绍栏目',
} as const;
const FMSM_TYPE = {
  type: 'integer',
  enum: codesOf(FMSM_TYPES),
  errorMessage: '请选择人物栏目',
} as const;
const WWFZ_ID = idField('请选择页面');
const FMSM_ID = idField('请选择人物');
const SUBJECT_ID = { type: 'integer', minimum: 0, errorMessage: '学科编号不正确' } as const;
const CONTENT = { type: 'string', errorMessage: '正文格式不正确' } as const;
const text = (max: number, message: string) =>
  ({ type: 'string', maxLength: max, errorMessage: message }) as const;

/**
 * The platform's calls for the school-introduction pages (api/cms/wwfz/*)
 * and the people (api/cms/fmsm/*): list, get, save, delete, and versions
 * with restore. Administrators only; the service decides.
 */
export const cmsIntroRoutes: FastifyPluginAsync<{ cmsIntro: CmsIntroService }> = async (
  app,
  { cmsIntro },
) => {
  const { pages, people } = cmsIntro;
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);

  const post = cmsPoster(app);
  const idBody = (name: string, field: object) => ({
    type: 'object',
    required: [name],
    properties: { [name]: field },
  });

  // ---- school-introduction pages (wwfz) ----

  post<Paging & { wwfzType?: number; keyword?: string }>(
    '/cms/wwfz/list',
    '内容管理：学校介绍页面（可按 wwfzType、标题关键字；按公开页面的顺序）',
    {
      type: 'object',
      properties: { wwfzType: WWFZ_TYPE, keyword: KEYWORD_FIELD, ...pageFields(10, 100) },
    },
    pageSchema(anyItem),
    async ({ wwfzType, keyword, pageNum, pageSize }, request) =>
      ok(await pages.list({ wwfzType, keyword }, staffOf(request), { pageNum, pageSize })),
    ['wwfzType'],
  );

  post<{ wwfzId: number }>(
    '/cms/wwfz/get',
    '内容管理：编辑表单中的一个学校介绍页面',
    idBody('wwfzId', WWFZ_ID),
    anyItem,
    async ({ wwfzId }, request) => ok(await pages.get(wwfzId, staffOf(request))),
  );

  post<IntroPageSaveInput>(
    '/cms/wwfz/save',
    '内容管理：保存学校介绍页面（无 wwfzId 为新增；学校简介、办学宗旨、奖学金各只有一个页面）',
    {
      type: 'object',
      required: ['wwfzType', 'wwfzTitle'],
      properties: {
        wwfzId: WWFZ_ID,
        wwfzType: WWFZ_TYPE,
        wwfzTitle: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          errorMessage: '请输入标题，不超过200个字',
        },
        enWwfzTitle: text(200, '英文标题不能超过200个字'),
        wwfzDesc: text(1000, '摘要不能超过1000个字'),
        wwfzCont: CONTENT,
        picFileId: fileField('图片不正确'),
        enableType: ENABLE_TYPE_FIELD,
        sort: SORT_FIELD,
      },
    },
    savedSchema('wwfzId'),
    async (body, request) =>
      ok({ wwfzId: await pages.save(body, staffOf(request), request.ip) }, '保存成功'),
    ['wwfzId', 'picFileId', 'enableType', 'sort'],
  );

  post<{ wwfzId: number }>(
    '/cms/wwfz/delete',
    '内容管理：删除学校介绍页面（连同其版本）',
    idBody('wwfzId', WWFZ_ID),
    { type: 'null' },
    async ({ wwfzId }, request) => {
      await pages.remove(wwfzId, staffOf(request), request.ip);
      return ok(null, '已删除');
    },
  );

  versionRoutes(app, { base: '/cms/wwfz', idName: 'wwfzId', what: '学校介绍页面', service: pages });

  // ---- people (fmsm) ----

  post<Paging & { fmsmType?: number; subjectId?: number; keyword?: string }>(
    '/cms/fmsm/list',
    '内容管理：人物（可按 fmsmType、subjectId、姓名关键字；publicPageNum 为门户上所在页）',
    {
      type: 'object',
      properties: {
        fmsmType: FMSM_TYPE,
        subjectId: SUBJECT_ID,
        keyword: KEYWORD_FIELD,
        ...pageFields(10, 100),
      },
    },
    pageSchema(anyItem),
    async ({ fmsmType, subjectId, keyword, pageNum, pageSize }, request) =>
      ok(
        await people.list(
          { fmsmType, subjectId: subjectId || undefined, keyword },
          staffOf(request),
          {
            pageNum,
            pageSize,
          },
        ),
      ),
    ['fmsmType', 'subjectId'],
  );

  post<{ fmsmId: number }>(
    '/cms/fmsm/get',
    '内容管理：编辑表单中的一个人物',
    idBody('fmsmId', FMSM_ID),
    anyItem,
    async ({ fmsmId }, request) => ok(await people.get(fmsmId, staffOf(request))),
  );

  post<PersonSaveInput>(
    '/cms/fmsm/save',
    '内容管理：保存人物（无 fmsmId 为新增）；历任校长：post 职务、plateType 时任校名、fmsmDesc 学历、brith 任期',
    {
      type: 'object',
      required: ['fmsmType', 'fmsmTitle'],
      properties: {
        fmsmId: FMSM_ID,
        fmsmType: FMSM_TYPE,
        subjectId: SUBJECT_ID,
        fmsmTitle: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          errorMessage: '请输入姓名，不超过200个字',
        },
        post: text(100, '职务不能超过100个字'),
        plateType: text(100, '校名或类别不能超过100个字'),
        brith: text(100, '任职时间或届别不能超过100个字'),
        fmsmDesc: text(1000, '简介不能超过1000个字'),
        fmsmCont: CONTENT,
        picFileId: fileField('照片不正确'),
        enableType: ENABLE_TYPE_FIELD,
        sort: SORT_FIELD,
      },
    },
    savedSchema('fmsmId'),
    async (body, request) =>
      ok({ fmsmId: await people.save(body, staffOf(request), request.ip) }, '保存成功'),
    ['fmsmId', 'subjectId', 'picFileId', 'enableType', 'sort'],
  );

  post<{ fmsmId: number }>(
    '/cms/fmsm/delete',
    '内容管理：删除人物（连同其版本）',
    idBody('fmsmId', FMSM_ID),
    { type: 'null' },
    async ({ fmsmId }, request) => {
      await people.remove(fmsmId, staffOf(request), request.ip);
      return ok(null, '已删除');
    },
  );

  versionRoutes(app, { base: '/cms/fmsm', idName: 'fmsmId', what: '人物', service: people });
};
