import type { FastifyPluginAsync } from 'fastify';

import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { assertSelf } from '../../http/roles.js';

import type { NewsService } from './service.js';
import type { NewsReaderService } from './reader-service.js';

const ID = (message: string) => ({ type: 'integer', minimum: 1, errorMessage: message }) as const;
const NEW_ID = ID('请选择新闻');
const SUBJECT_ID = ID('请选择专题子新闻');
const TYPE_ID = { type: 'integer', minimum: 0, errorMessage: '栏目编号不正确' } as const;
const STAFF_ID = ID('用户编号不正确');
const ENABLE_TYPE = {
  type: 'integer',
  enum: [1, 2],
  default: 1,
  errorMessage: 'enableType 须为 1 或 2',
};

const item = { type: 'object', additionalProperties: true } as const;
const anyData = { type: ['object', 'array', 'null'], additionalProperties: true } as const;

/** The spec names the liked sub-news subjectId; the pages also send subjectNewId. */
const likeTarget = (body: { newId: number; subjectId?: number; subjectNewId?: number }) => ({
  newId: body.newId,
  subjectNewId: body.subjectId ?? body.subjectNewId,
});

export interface NewsRouteDeps {
  news: NewsService;
  reader: NewsReaderService;
}

/** The news controller of portal.md §7 (and the news calls the intranet shares). */
export const newsRoutes: FastifyPluginAsync<NewsRouteDeps> = async (app, { news, reader }) => {
  app.post<{ Body: { parentId?: number } }>(
    '/news/getNewsTypeList',
    {
      schema: {
        summary: '新闻栏目（parentId 的下级）',
        tags: ['news'],
        body: { type: ['object', 'null'], properties: { parentId: TYPE_ID } },
        response: { 200: envelopeSchema({ type: 'array', items: item }) },
      },
    },
    async (request) => ok(await reader.columns(request.body?.parentId)),
  );

  app.post(
    '/news/getNewsTypeTreeList',
    {
      schema: {
        summary: '新闻栏目树',
        tags: ['news'],
        response: { 200: envelopeSchema({ type: 'array', items: item }) },
      },
    },
    async () => ok(await reader.columnTree()),
  );

  app.post(
    '/news/getNewsHomePage',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '首页新闻（校园新闻、教育动态、专题新闻各 8 条）',
        tags: ['news'],
        response: { 200: envelopeSchema({ type: 'array', items: item }) },
      },
    },
    async () => ok(await news.home(null)),
  );

  const listBody = (defaultSize: number) =>
    ({
      type: 'object',
      properties: {
        typeId: TYPE_ID,
        newsTitle: { type: 'string', maxLength: 50, errorMessage: '搜索内容不能超过50个字' },
        schChange: { type: 'integer', enum: [1, 2], errorMessage: 'schChange 须为 1 或 2' },
        enableType: ENABLE_TYPE,
        createStaff: STAFF_ID,
        ...pageFields(defaultSize),
      },
    }) as const;

  app.post<{
    Body: Paging & {
      typeId?: number;
      newsTitle?: string;
      schChange?: number;
      enableType: number;
      createStaff?: number;
    };
  }>(
    '/news/getNewsList',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '新闻列表（置顶在前，按上架时间倒序）',
        tags: ['news'],
        body: listBody(6),
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { typeId, newsTitle, schChange, enableType, createStaff, pageNum, pageSize } =
        request.body;
      const result = await news.list(
        { typeId, newsTitle, schChange, enableType, createStaff },
        request.staff,
        { pageNum, pageSize },
      );
      return ok(result);
    },
  );

  app.post<{ Body: Paging & { typeId?: number; newsTitle?: string; enableType: number } }>(
    '/news/getNewsTitleList',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '按关键字搜索新闻、媒体、专栏、图片与视频（标题与正文）',
        tags: ['news'],
        body: listBody(10),
        response: {
          200: envelopeSchema({
            ...pageSchema(item),
            properties: { ...pageSchema(item).properties, keyword: { type: 'string' } },
          }),
        },
      },
    },
    async (request) => {
      const { newsTitle, typeId, enableType, pageNum, pageSize } = request.body;
      const query = { keyword: newsTitle, typeId, enableType };
      return ok(await reader.find(query, request.staff, { pageNum, pageSize }));
    },
  );

  app.post<{ Body: { newId: number; staffId?: number } }>(
    '/news/getNewsDetails',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '新闻详情（附件 fileList，轮播图片或视频 imgOrViewList）',
        tags: ['news'],
        body: {
          type: 'object',
          required: ['newId'],
          properties: { newId: NEW_ID, staffId: STAFF_ID },
        },
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => ok(await news.detail(request.body.newId, request.staff)),
  );

  app.post<{ Body: Paging & { newId: number } }>(
    '/news/getSubjectNewsList',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '专题的子新闻列表',
        tags: ['news'],
        body: {
          type: 'object',
          required: ['newId'],
          properties: { newId: NEW_ID, ...pageFields(10) },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { newId, pageNum, pageSize } = request.body;
      return ok(await news.subjectList(newId, request.staff, { pageNum, pageSize }));
    },
  );

  app.post<{ Body: { subjectNewId?: number; newId?: number } }>(
    '/news/getSubjectNews',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '专题子新闻详情（subjectNewId；只给 newId 时为该专题的第一条）',
        tags: ['news'],
        body: {
          type: 'object',
          properties: { subjectNewId: SUBJECT_ID, newId: NEW_ID },
        },
        response: { 200: envelopeSchema(anyData) },
      },
    },
    async (request) => {
      const detail = await reader.subjectNews(request.body, request.staff);
      return detail ? ok(detail) : ok(null, '暂无数据');
    },
  );

  app.post<{
    Body: { newId: number; subjectNewId?: number; userId?: number; roleId?: number };
  }>(
    '/news/addNewsFootprint',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '记录一次登录用户的浏览（脚印），浏览量加一',
        tags: ['news'],
        body: {
          type: 'object',
          required: ['newId'],
          properties: {
            newId: NEW_ID,
            subjectNewId: SUBJECT_ID,
            userId: STAFF_ID,
            roleId: { type: 'integer' },
            userName: { type: 'string', maxLength: 64 },
          },
        },
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { newId, subjectNewId, userId } = request.body;
      assertSelf(staff, userId);
      return ok(await reader.recordView({ newId, subjectNewId }, staff, request.ip));
    },
  );

  app.post<{ Body: Paging & { newId: number; subjectNewId?: number } }>(
    '/news/getNewsFootprintList',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '脚印：谁在何时从何处浏览过（管理员或发布者）',
        tags: ['news'],
        body: {
          type: 'object',
          required: ['newId'],
          properties: {
            newId: NEW_ID,
            typeId: TYPE_ID,
            subjectNewId: SUBJECT_ID,
            ...pageFields(10, 100),
          },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { newId, subjectNewId, pageNum, pageSize } = request.body;
      const target = { newId, subjectNewId };
      return ok(await reader.footprints(target, staffOf(request), { pageNum, pageSize }));
    },
  );

  const likeBody = {
    type: 'object',
    required: ['newId'],
    properties: {
      newId: NEW_ID,
      staffId: STAFF_ID,
      typeId: TYPE_ID,
      subjectId: SUBJECT_ID,
      subjectNewId: SUBJECT_ID,
    },
  } as const;
  type LikeBody = { newId: number; staffId?: number; subjectId?: number; subjectNewId?: number };

  app.post<{ Body: LikeBody }>(
    '/news/selectIfFlower',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '是否已点赞：status 0 可以点赞，status 1 已点赞',
        tags: ['news'],
        body: likeBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      const { liked, flowerCount } = await reader.likeState(likeTarget(request.body), staff);
      // The spec reads a non-zero status as "already liked"; it is an answer, not an error.
      if (liked) return { status: 1, msg: '已点赞', data: { flowerCount } };
      return ok({ flowerCount }, '可以点赞');
    },
  );

  app.post<{ Body: LikeBody }>(
    '/news/updateFlowerCount',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '点赞（每人每条一次），返回最新点赞数',
        tags: ['news'],
        body: likeBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      return ok(await reader.like(likeTarget(request.body), staff), '点赞成功');
    },
  );

  app.post<{ Body: { newId: number; staffId?: number } }>(
    '/news/delNews',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '删除新闻（管理员或发布者），记入操作日志',
        tags: ['news'],
        body: {
          type: 'object',
          required: ['newId'],
          properties: { newId: NEW_ID, staffId: STAFF_ID },
        },
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      await news.remove(request.body.newId, staff, request.ip);
      return ok(null, '删除成功');
    },
  );

  app.post<{ Body: { newId?: number; subjectNewId?: number; staffId?: number } }>(
    '/news/delSubjectNews',
    {
      preHandler: app.requireStaff,
      schema: {
        summary: '删除专题子新闻（newId 或 subjectNewId 为子新闻编号）',
        tags: ['news'],
        body: {
          type: 'object',
          properties: { subjectNewId: SUBJECT_ID, newId: SUBJECT_ID, staffId: STAFF_ID },
        },
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      const id = request.body.subjectNewId ?? request.body.newId;
      if (!id) throw badRequest('请选择专题子新闻');
      await news.removeSubject(id, staff, request.ip);
      return ok(null, '删除成功');
    },
  );
};
