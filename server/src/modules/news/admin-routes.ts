import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  cmsNewsBatchCalls,
  cmsNewsCalls,
  cmsNewsReviewCalls,
  cmsNewsVersionCalls,
  homeCalls,
} from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { saveRoute, zeroClears } from '../../platform/catalogue/route-kit.js';
import { parseShelvesDate } from '../../http/dates.js';
import { ok } from '../../http/envelope.js';
import { saveBody } from '../../platform/publishing/save-body.js';
import { versionRoutes } from '../../platform/publishing/version-routes.js';
import { batchRoutes, workflowRoutes } from '../../platform/publishing/workflow-routes.js';
import type { CmsNewsService } from './admin-service.js';
import { NEWS_REVIEW_MESSAGES } from './review.js';

/** The files of a save sent as text that is not a JSON list. */
export const NEWS_FILES_MESSAGE = '附件列表格式不正确';
export const normaliseSaveBody = saveBody(NEWS_FILES_MESSAGE);

/**
 * The news calls of the content-management platform, for logged-in staff:
 * the list of what the caller may manage, the edit form, saving (a new
 * revision each time), the review workflow, shelving, pinning and revisions.
 * Who may do what is the service's to decide.
 */
export const cmsNewsRoutes: FastifyPluginAsyncTypebox<{ cmsNews: CmsNewsService }> = async (
  app,
  { cmsNews },
) => {
  route(app, cmsNewsCalls.list, async (request) => {
    const { typeId, reviewState, mine, media, keyword, beginDate, endDate, pageNum, pageSize } =
      request.body;
    return ok(
      await cmsNews.list(
        {
          typeId: typeId || undefined,
          reviewState,
          mine,
          media: media === 1,
          keyword,
          beginDate,
          endDate,
        },
        staffOf(request),
        { pageNum, pageSize },
      ),
    );
  });

  route(app, homeCalls.checkSend, async (request) => {
    const staff = staffOf(request);
    const refusal = await cmsNews.noticeRefusal(staff);
    // intranet.md §6: status 0 is the warning the page shows instead of opening the link.
    return refusal ? ok(null, refusal) : { status: 1, msg: '可以发送通知', data: null };
  });

  route(app, cmsNewsCalls.columns, async (request) => ok(await cmsNews.columns(staffOf(request))));

  route(app, cmsNewsCalls.remove, async (request) =>
    ok(await cmsNews.remove(request.body.newId, staffOf(request), request.ip), '已删除'),
  );

  route(app, cmsNewsCalls.get, async (request) =>
    ok(await cmsNews.get(request.body.newId, staffOf(request))),
  );

  saveRoute(
    app,
    cmsNewsCalls.save,
    'newId',
    { preValidation: normaliseSaveBody },
    (body, staff, ip) =>
      cmsNews.save(
        {
          newId: body.newId,
          typeId: body.typeId,
          title: body.newsTitle,
          description: body.newsDesc,
          content: body.newsContent,
          newsType: body.newsType,
          contentKind: body.newcontenttype,
          schChange: zeroClears(body.schChange),
          enableType: body.enableType,
          source: body.source,
          releaseUser: body.releaseUser,
          coverFileId: zeroClears(body.coverFileId),
          linkUrl: body.newsUrl,
          shelvesDate:
            body.shelvesDate === undefined ? undefined : parseShelvesDate(body.shelvesDate),
          files: body.files,
          version: body.version,
        },
        staff,
        ip,
      ),
  );

  workflowRoutes(app, cmsNewsReviewCalls, 'newId', cmsNews, {
    approve: NEWS_REVIEW_MESSAGES.reviewerOnly,
    reject: NEWS_REVIEW_MESSAGES.reviewerOnly,
    pin: NEWS_REVIEW_MESSAGES.pinOnly,
  });
  versionRoutes(app, cmsNewsVersionCalls, 'newId', cmsNews);
  batchRoutes(app, cmsNewsBatchCalls, cmsNews, {
    approve: NEWS_REVIEW_MESSAGES.reviewerOnly,
  });
};
