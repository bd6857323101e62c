import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SubjectRevision, SubjectRevisionEntry, cmsSubjectCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { versionRoutes } from '../../platform/publishing/version-routes.js';
import { normaliseSaveBody } from './admin-routes.js';
import type { CmsSubjectService } from './subject-admin-service.js';

/**
 * `api/cms/subject/*`: sub-news of special topics (where the hand-off's
 * visitType 29 lands): the topic's list, the edit form, saving (a version
 * each time), deleting, versions and restoring.
 */
export const cmsSubjectRoutes: FastifyPluginAsyncTypebox<{
  cmsSubject: CmsSubjectService;
}> = async (app, { cmsSubject }) => {
  app.addHook('onRequest', app.requireStaff);

  app.post(
    '/cms/subject/list',
    {
      schema: routeSchema(cmsSubjectCalls.list, {
        summary: '内容管理：专题的子新闻列表（管理员或专题发布者）',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { newId, pageNum, pageSize } = request.body;
      return ok(await cmsSubject.list(newId, staffOf(request), { pageNum, pageSize }));
    },
  );

  app.post(
    '/cms/subject/get',
    {
      schema: routeSchema(cmsSubjectCalls.get, {
        summary: '内容管理：编辑表单中的一条子新闻',
        tags: ['cms'],
      }),
    },
    async (request) => ok(await cmsSubject.get(request.body.subjectNewId, staffOf(request))),
  );

  app.post(
    '/cms/subject/save',
    {
      preValidation: normaliseSaveBody,
      schema: routeSchema(cmsSubjectCalls.save, {
        summary: '内容管理：保存子新闻（无 subjectNewId 为新增）；files 为 JSON 数组或其文本',
        tags: ['cms'],
      }),
    },
    async (request) => {
      const body = request.body;
      return ok(
        await cmsSubject.save(
          {
            subjectNewId: body.subjectNewId,
            newId: body.newId,
            title: body.newsTitle,
            content: body.newsContent,
            contentKind: body.newcontenttype,
            source: body.source,
            releaseUser: body.releaseUser,
            sort: body.sort,
            files: body.files,
          },
          staffOf(request),
          request.ip,
        ),
        '已保存',
      );
    },
  );

  app.post(
    '/cms/subject/delete',
    {
      schema: routeSchema(cmsSubjectCalls.remove, {
        summary: '内容管理：删除子新闻（管理员、专题发布者或子新闻发布者）',
        tags: ['cms'],
      }),
    },
    async (request) =>
      ok(
        await cmsSubject.remove(request.body.subjectNewId, staffOf(request), request.ip),
        '已删除',
      ),
  );

  versionRoutes(app, {
    base: '/cms/subject',
    idName: 'subjectNewId',
    what: '子新闻',
    service: cmsSubject,
    schemas: { entry: SubjectRevisionEntry, version: SubjectRevision },
  });
};
