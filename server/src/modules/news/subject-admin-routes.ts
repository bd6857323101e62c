import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cmsSubjectCalls, cmsSubjectVersionCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
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
  route(app, cmsSubjectCalls.list, async (request) => {
    const { newId, pageNum, pageSize } = request.body;
    return ok(await cmsSubject.list(newId, staffOf(request), { pageNum, pageSize }));
  });

  route(app, cmsSubjectCalls.get, async (request) =>
    ok(await cmsSubject.get(request.body.subjectNewId, staffOf(request))),
  );

  route(app, cmsSubjectCalls.save, { preValidation: normaliseSaveBody }, async (request) => {
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
          version: body.version,
        },
        staffOf(request),
        request.ip,
      ),
      '已保存',
    );
  });

  route(app, cmsSubjectCalls.remove, async (request) =>
    ok(await cmsSubject.remove(request.body.subjectNewId, staffOf(request), request.ip), '已删除'),
  );

  versionRoutes(app, cmsSubjectVersionCalls, 'subjectNewId', cmsSubject);
};
