import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { videoCalls } from '@school/common/api';

import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { visitorOf } from '../../platform/engagement/visitor.js';

import type { VideoService } from './service.js';
import type { VideoReaderService } from './reader-service.js';

export interface VideoRouteDeps {
  video: VideoService;
  reader: VideoReaderService;
}

/** The video controller of portal.md §7, and the news controller's video list. */
export const videoRoutes: FastifyPluginAsyncTypebox<VideoRouteDeps> = async (
  app,
  { video, reader },
) => {
  route(app, videoCalls.categories, async (request) =>
    ok(await reader.categories(request.body?.parentId ?? 0)),
  );

  route(app, videoCalls.list, { preHandler: app.optionalStaff }, async (request) => {
    const { typeId, enableType, pageNum, pageSize } = request.body;
    const result = await video.list({ typeId: typeId || undefined, enableType }, request.staff, {
      pageNum,
      pageSize,
    });
    return ok(result);
  });

  route(app, videoCalls.newsList, { preHandler: app.optionalStaff }, async (request) => {
    const { newId, enableType, pageNum, pageSize } = request.body;
    const filter = { newsId: newId, enableType };
    return ok(await reader.newsVideos(filter, request.staff, { pageNum, pageSize }));
  });

  route(app, videoCalls.detail, { preHandler: app.optionalStaff }, async (request) =>
    ok(await video.detail(request.body.videoId, request.staff)),
  );

  route(app, videoCalls.files, { preHandler: app.optionalStaff }, async (request) => {
    const { videoId, pageNum, pageSize } = request.body;
    return ok(await video.files(videoId, request.staff, { pageNum, pageSize }));
  });

  route(app, videoCalls.addFootprint, async (request) => {
    const staff = staffOf(request);
    await reader.addFootprint(request.body.videoId, staff, request.ip);
    return ok(null);
  });

  route(app, videoCalls.countView, async (request) => {
    const staff = staffOf(request);
    return ok(await reader.countView(request.body.videoId, staff));
  });

  route(app, videoCalls.view, { preHandler: app.optionalStaff }, async (request) =>
    ok(await reader.view(request.body.videoId, request.staff, visitorOf(request))),
  );

  route(app, videoCalls.footprints, async (request) => {
    const { videoId, pageNum, pageSize } = request.body;
    return ok(await reader.footprints(videoId, staffOf(request), { pageNum, pageSize }));
  });

  route(app, videoCalls.likeState, async (request) => {
    const staff = staffOf(request);
    const { liked, flowerCount } = await reader.likeState(request.body.videoId, staff);
    // The spec reads a non-zero status as "already liked"; it is an answer, not an error.
    if (liked) return { status: 1, msg: '已点赞', data: { flowerCount } };
    return ok({ flowerCount }, '可以点赞');
  });

  route(app, videoCalls.like, async (request) => {
    const staff = staffOf(request);
    return ok(await reader.like(request.body.videoId, staff), '点赞成功');
  });

  route(app, videoCalls.remove, async (request) => {
    const staff = staffOf(request);
    await video.remove(request.body.videoId, staff, request.ip);
    return ok(null, '删除成功');
  });
};
