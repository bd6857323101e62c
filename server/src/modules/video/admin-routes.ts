import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  VIDEO_FILES_MESSAGE,
  cmsVideoBatchCalls,
  cmsVideoCalls,
  cmsVideoReviewCalls,
  cmsVideoVersionCalls,
} from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { saveRoute, zeroClears } from '../../platform/catalogue/route-kit.js';
import { ok } from '../../http/envelope.js';
import { saveBody } from '../../platform/publishing/save-body.js';
import { versionRoutes } from '../../platform/publishing/version-routes.js';
import { batchRoutes, workflowRoutes } from '../../platform/publishing/workflow-routes.js';
import type { CmsVideoService } from './admin-service.js';
import { cmsVideoTypeRoutes } from './type-routes.js';

const normaliseSaveBody = saveBody(VIDEO_FILES_MESSAGE);

/**
 * The video calls of the content-management platform, for logged-in staff:
 * the list of what the caller may manage, the edit form, saving (a new
 * revision each time), the review workflow, shelving, pinning, deletion,
 * revisions, and the categories. Who may do what is the service's to decide.
 */
export const cmsVideoRoutes: FastifyPluginAsyncTypebox<{ cmsVideo: CmsVideoService }> = async (
  app,
  { cmsVideo },
) => {
  await app.register(cmsVideoTypeRoutes, { types: cmsVideo.types });

  route(app, cmsVideoCalls.list, async (request) => {
    const { typeId, reviewState, mine, keyword, beginDate, endDate, pageNum, pageSize } =
      request.body;
    return ok(
      await cmsVideo.list(
        { typeId: typeId || undefined, reviewState, mine: mine === 1, keyword, beginDate, endDate },
        staffOf(request),
        { pageNum, pageSize },
      ),
    );
  });

  route(app, cmsVideoCalls.get, async (request) =>
    ok(await cmsVideo.get(request.body.videoId, staffOf(request))),
  );

  saveRoute(
    app,
    cmsVideoCalls.save,
    'videoId',
    { preValidation: normaliseSaveBody },
    (body, staff, ip) =>
      cmsVideo.save(
        {
          videoId: body.videoId,
          typeId: body.typeId,
          title: body.videoTitle,
          content: body.videoContent,
          coverFileId: zeroClears(body.coverFileId),
          source: body.source,
          releaseUser: body.releaseUser,
          enableType: body.enableType,
          files: body.files,
          version: body.version,
        },
        staff,
        ip,
      ),
  );

  route(app, cmsVideoCalls.remove, async (request) => {
    await cmsVideo.remove(request.body.videoId, staffOf(request), request.ip);
    return ok(null, '删除成功');
  });

  workflowRoutes(app, cmsVideoReviewCalls, 'videoId', cmsVideo);
  versionRoutes(app, cmsVideoVersionCalls, 'videoId', cmsVideo);
  batchRoutes(app, cmsVideoBatchCalls, cmsVideo);
};
