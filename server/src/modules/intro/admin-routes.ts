import { versionRoutes } from '../../platform/publishing/version-routes.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  introAdminCalls as calls,
  introPageVersionCalls,
  personVersionCalls,
} from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { CmsIntroService } from './admin-service.js';
import { cmsPoster } from '../../platform/catalogue/admin-schema.js';

/**
 * The platform's calls for the school-introduction pages (api/cms/wwfz/*)
 * and the people (api/cms/fmsm/*): list, get, save, delete, and versions
 * with restore. Administrators only; the service decides.
 */
export const cmsIntroRoutes: FastifyPluginAsyncTypebox<{ cmsIntro: CmsIntroService }> = async (
  app,
  { cmsIntro },
) => {
  const { pages, people } = cmsIntro;
  const post = cmsPoster(app);

  // ---- school-introduction pages (wwfz) ----

  post(
    '/cms/wwfz/list',
    'contentAdmin',
    '内容管理：学校介绍页面（可按 wwfzType、标题关键字；按公开页面的顺序）',
    calls.pageList.body,
    calls.pageList.data,
    async ({ wwfzType, keyword, pageNum, pageSize }, request) =>
      ok(await pages.list({ wwfzType, keyword }, staffOf(request), { pageNum, pageSize })),
  );

  post(
    '/cms/wwfz/get',
    'contentAdmin',
    '内容管理：编辑表单中的一个学校介绍页面',
    calls.pageGet.body,
    calls.pageGet.data,
    async ({ wwfzId }, request) => ok(await pages.get(wwfzId, staffOf(request))),
  );

  post(
    '/cms/wwfz/save',
    'contentAdmin',
    '内容管理：保存学校介绍页面（无 wwfzId 为新增；学校简介、办学宗旨、奖学金各只有一个页面）',
    calls.pageSave.body,
    calls.pageSave.data,
    async (body, request) =>
      ok({ wwfzId: await pages.save(body, staffOf(request), request.ip) }, '保存成功'),
  );

  post(
    '/cms/wwfz/delete',
    'contentAdmin',
    '内容管理：删除学校介绍页面（连同其版本）',
    calls.pageRemove.body,
    calls.pageRemove.data,
    async ({ wwfzId }, request) => {
      await pages.remove(wwfzId, staffOf(request), request.ip);
      return ok(null, '已删除');
    },
  );

  versionRoutes(app, introPageVersionCalls, 'wwfzId', pages);

  // ---- people (fmsm) ----

  post(
    '/cms/fmsm/list',
    'contentAdmin',
    '内容管理：人物（可按 fmsmType、subjectId、姓名关键字；publicPageNum 为门户上所在页）',
    calls.personList.body,
    calls.personList.data,
    async ({ fmsmType, subjectId, keyword, pageNum, pageSize }, request) =>
      ok(
        await people.list(
          { fmsmType, subjectId: subjectId || undefined, keyword },
          staffOf(request),
          { pageNum, pageSize },
        ),
      ),
  );

  post(
    '/cms/fmsm/get',
    'contentAdmin',
    '内容管理：编辑表单中的一个人物',
    calls.personGet.body,
    calls.personGet.data,
    async ({ fmsmId }, request) => ok(await people.get(fmsmId, staffOf(request))),
  );

  post(
    '/cms/fmsm/save',
    'contentAdmin',
    '内容管理：保存人物（无 fmsmId 为新增）；历任校长：post 职务、plateType 时任校名、fmsmDesc 学历、brith 任期',
    calls.personSave.body,
    calls.personSave.data,
    async (body, request) =>
      ok({ fmsmId: await people.save(body, staffOf(request), request.ip) }, '保存成功'),
  );

  post(
    '/cms/fmsm/delete',
    'contentAdmin',
    '内容管理：删除人物（连同其版本）',
    calls.personRemove.body,
    calls.personRemove.data,
    async ({ fmsmId }, request) => {
      await people.remove(fmsmId, staffOf(request), request.ip);
      return ok(null, '已删除');
    },
  );

  versionRoutes(app, personVersionCalls, 'fmsmId', people);
};
