import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { videoCalls } from '@school/common/api';

import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { assertSelf } from '../../http/roles.js';

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
  app.post(
    '/video/getVideoTypeList',
    {
      schema: routeSchema(videoCalls.categories, {
        summary: '视频分类（parentId 的下级，默认 0 即全部一级分类）',
        tags: ['video'],
      }),
    },
    async (request) => ok(await reader.categories(request.body?.parentId ?? 0)),
  );

  app.post(
    '/video/getVideoList',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(videoCalls.list, {
        summary: '视频列表（已上架且已审核，置顶在前，按发布时间倒序；typeId 为视频分类）',
        tags: ['video'],
      }),
    },
    async (request) => {
      const { typeId, enableType, pageNum, pageSize } = request.body;
      const result = await video.list({ typeId: typeId || undefined, enableType }, request.staff, {
        pageNum,
        pageSize,
      });
      return ok(result);
    },
  );

  app.post(
    '/news/getVideoList',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(videoCalls.newsList, {
        summary: '视频列表（新闻接口）；newId 时为该新闻所附的视频，typeId（13）不作筛选',
        tags: ['video'],
      }),
    },
    async (request) => {
      const { newId, enableType, pageNum, pageSize } = request.body;
      const result = await video.list({ newsId: newId, enableType }, request.staff, {
        pageNum,
        pageSize,
      });
      return ok(result);
    },
  );

  app.post(
    '/video/getVideoDetails',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(videoCalls.detail, {
        summary: '视频详情（简介 videoContent 为 HTML，filePath 为第一个视频文件）',
        tags: ['video'],
      }),
    },
    async (request) => ok(await video.detail(request.body.videoId, request.staff)),
  );

  app.post(
    '/video/getVideoFiles',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(videoCalls.files, {
        summary: '视频的文件目录（每页 12 个）',
        tags: ['video'],
      }),
    },
    async (request) => {
      const { videoId, pageNum, pageSize } = request.body;
      return ok(await video.files(videoId, request.staff, { pageNum, pageSize }));
    },
  );

  app.post(
    '/video/addVideoFootprint',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(videoCalls.addFootprint, {
        summary: '记录一次登录用户的观看（脚印）',
        tags: ['video'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.userId);
      await reader.addFootprint(request.body.videoId, staff, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/video/addViewCount',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(videoCalls.countView, {
        summary: '播放量加一（登录用户第一次播放时），返回最新播放量',
        tags: ['video'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.userId);
      return ok(await reader.countView(request.body.videoId, staff));
    },
  );

  app.post(
    '/video/selectVideoFootprintList',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(videoCalls.footprints, {
        summary: '脚印：谁在何时从何处观看过（管理员或发布者）',
        tags: ['video'],
      }),
    },
    async (request) => {
      const { videoId, pageNum, pageSize } = request.body;
      return ok(await reader.footprints(videoId, staffOf(request), { pageNum, pageSize }));
    },
  );

  app.post(
    '/video/selectIfFlower',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(videoCalls.likeState, {
        summary: '是否已点赞：status 0 可以点赞，status 1 已点赞',
        tags: ['video'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      const { liked, flowerCount } = await reader.likeState(request.body.videoId, staff);
      // The spec reads a non-zero status as "already liked"; it is an answer, not an error.
      if (liked) return { status: 1, msg: '已点赞', data: { flowerCount } };
      return ok({ flowerCount }, '可以点赞');
    },
  );

  app.post(
    '/video/updateFlowerCount',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(videoCalls.like, {
        summary: '点赞（每人每个视频一次），返回最新点赞数',
        tags: ['video'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      return ok(await reader.like(request.body.videoId, staff), '点赞成功');
    },
  );

  app.post(
    '/video/deleteVideo',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(videoCalls.remove, {
        summary: '删除视频（管理员或发布者），记入操作日志',
        tags: ['video'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.userId);
      await video.remove(request.body.videoId, staff, request.ip);
      return ok(null, '删除成功');
    },
  );
};
