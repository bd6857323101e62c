import type { FastifyPluginAsync } from 'fastify';

import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { assertSelf } from '../../http/roles.js';

import type { VideoService } from './service.js';
import type { VideoReaderService } from './reader-service.js';

const ID = (message: string) => ({ type: 'integer', minimum: 1, errorMessage: message }) as const;
const VIDEO_ID = ID('请选择视频');
const STAFF_ID = ID('用户编号不正确');
const ROLE_ID = { type: 'integer', errorMessage: '身份不正确' } as const;
const USER_NAME = { type: 'string', maxLength: 64, errorMessage: '用户名过长' } as const;
/** 0 or absent: every category. */
const VIDEO_TYPE_ID = { type: 'integer', minimum: 0, errorMessage: '视频分类编号不正确' } as const;
const ENABLE_TYPE = {
  type: 'integer',
  enum: [1, 2],
  default: 1,
  errorMessage: 'enableType 须为 1 或 2',
} as const;
/**
 * The pages send ifShelves and checkStatus 'A' (on the shelf, approved). The
 * public list is always that, so any short value is accepted and not used.
 */
const IGNORED_FLAG = { type: 'string', maxLength: 8, errorMessage: '参数格式不正确' } as const;

const item = { type: 'object', additionalProperties: true } as const;

type ListBody = Paging & { typeId?: number; enableType: number };

export interface VideoRouteDeps {
  video: VideoService;
  reader: VideoReaderService;
}

/** The video controller of portal.md §7, and the news controller's video list. */
export const videoRoutes: FastifyPluginAsync<VideoRouteDeps> = async (app, { video, reader }) => {
  app.post<{ Body: { parentId?: number } | null }>(
    '/video/getVideoTypeList',
    {
      schema: {
        summary: '视频分类（parentId 的下级，默认 0 即全部一级分类）',
        tags: ['video'],
        body: {
          type: ['object', 'null'],
          properties: {
            parentId: { type: 'integer', minimum: 0, errorMessage: '上级分类编号不正确' },
          },
        },
        response: { 200: envelopeSchema({ type: 'array', items: item }) },
      },
    },
    async (request) => ok(await reader.categories(request.body?.parentId ?? 0)),
  );

  const listProperties = {
    ifShelves: IGNORED_FLAG,
    checkStatus: IGNORED_FLAG,
    typeId: VIDEO_TYPE_ID,
    enableType: ENABLE_TYPE,
    ...pageFields(6),
  } as const;

  app.post<{ Body: ListBody }>(
    '/video/getVideoList',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '视频列表（已上架且已审核，置顶在前，按发布时间倒序；typeId 为视频分类）',
        tags: ['video'],
        body: { type: 'object', properties: listProperties },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
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

  app.post<{ Body: Paging & { newId?: number; enableType: number } }>(
    '/news/getVideoList',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '视频列表（新闻接口）；newId 时为该新闻所附的视频，typeId（13）不作筛选',
        tags: ['video'],
        body: {
          type: 'object',
          properties: {
            newId: ID('请选择新闻'),
            typeId: { type: 'integer', minimum: 0, errorMessage: '栏目编号不正确' },
            ifShelves: IGNORED_FLAG,
            checkStatus: IGNORED_FLAG,
            enableType: ENABLE_TYPE,
            ...pageFields(6),
          },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
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

  app.post<{ Body: { videoId: number } }>(
    '/video/getVideoDetails',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '视频详情（简介 videoContent 为 HTML，filePath 为第一个视频文件）',
        tags: ['video'],
        body: { type: 'object', required: ['videoId'], properties: { videoId: VIDEO_ID } },
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => ok(await video.detail(request.body.videoId, request.staff)),
  );

  app.post<{ Body: Paging & { videoId: number } }>(
    '/video/getVideoFiles',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '视频的文件目录（每页 12 个）',
        tags: ['video'],
        body: {
          type: 'object',
          required: ['videoId'],
          properties: { videoId: VIDEO_ID, ...pageFields(12) },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { videoId, pageNum, pageSize } = request.body;
      return ok(await video.files(videoId, request.staff, { pageNum, pageSize }));
    },
  );

  // roleId and userName are what the pages send; the session says who the caller is.
  const visitBody = {
    type: 'object',
    required: ['videoId'],
    properties: { videoId: VIDEO_ID, roleId: ROLE_ID, userId: STAFF_ID, userName: USER_NAME },
  } as const;
  type VisitBody = { videoId: number; userId?: number };

  app.post<{ Body: VisitBody }>(
    '/video/addVideoFootprint',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '记录一次登录用户的观看（脚印）',
        tags: ['video'],
        body: visitBody,
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.userId);
      await reader.addFootprint(request.body.videoId, staff, request.ip);
      return ok(null);
    },
  );

  app.post<{ Body: VisitBody }>(
    '/video/addViewCount',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '播放量加一（登录用户第一次播放时），返回最新播放量',
        tags: ['video'],
        body: visitBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.userId);
      return ok(await reader.countView(request.body.videoId, staff));
    },
  );

  app.post<{ Body: Paging & { videoId: number } }>(
    '/video/selectVideoFootprintList',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '脚印：谁在何时从何处观看过（管理员或发布者）',
        tags: ['video'],
        body: {
          type: 'object',
          required: ['videoId'],
          properties: { videoId: VIDEO_ID, ...pageFields(10, 100) },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { videoId, pageNum, pageSize } = request.body;
      return ok(await reader.footprints(videoId, staffOf(request), { pageNum, pageSize }));
    },
  );

  const likeBody = {
    type: 'object',
    required: ['videoId'],
    properties: { videoId: VIDEO_ID, staffId: STAFF_ID },
  } as const;
  type LikeBody = { videoId: number; staffId?: number };

  app.post<{ Body: LikeBody }>(
    '/video/selectIfFlower',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '是否已点赞：status 0 可以点赞，status 1 已点赞',
        tags: ['video'],
        body: likeBody,
        response: { 200: envelopeSchema(item) },
      },
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

  app.post<{ Body: LikeBody }>(
    '/video/updateFlowerCount',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '点赞（每人每个视频一次），返回最新点赞数',
        tags: ['video'],
        body: likeBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      return ok(await reader.like(request.body.videoId, staff), '点赞成功');
    },
  );

  app.post<{ Body: VisitBody }>(
    '/video/deleteVideo',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '删除视频（管理员或发布者），记入操作日志',
        tags: ['video'],
        body: visitBody,
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.userId);
      await video.remove(request.body.videoId, staff, request.ip);
      return ok(null, '删除成功');
    },
  );
};
