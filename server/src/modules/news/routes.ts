import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { newsCalls } from '@school/common/api';

import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { assertSelf } from '../../http/roles.js';

import type { NewsService } from './service.js';
import type { NewsReaderService } from './reader-service.js';

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
export const newsRoutes: FastifyPluginAsyncTypebox<NewsRouteDeps> = async (
  app,
  { news, reader },
) => {
  app.post(
    '/news/getNewsTypeList',
    {
      schema: routeSchema(newsCalls.columns, {
        summary: '新闻栏目（parentId 的下级）',
        tags: ['news'],
      }),
    },
    async (request) => ok(await reader.columns(request.body?.parentId)),
  );

  app.post(
    '/news/getNewsTypeTreeList',
    {
      schema: routeSchema(newsCalls.columnTree, { summary: '新闻栏目树', tags: ['news'] }),
    },
    async () => ok(await reader.columnTree()),
  );

  app.post(
    '/news/getNewsHomePage',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(newsCalls.home, {
        summary: '首页新闻（校园新闻、教育动态、专题新闻各 8 条）',
        tags: ['news'],
      }),
    },
    async () => ok(await news.home(null)),
  );

  app.post(
    '/news/getNewsList',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(newsCalls.list, {
        summary: '新闻列表（置顶在前，按上架时间倒序）',
        tags: ['news'],
      }),
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

  app.post(
    '/news/getNewsTitleList',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(newsCalls.search, {
        summary: '按关键字搜索新闻、媒体、专栏、图片与视频（标题与正文）',
        tags: ['news'],
      }),
    },
    async (request) => {
      const { newsTitle, typeId, enableType, pageNum, pageSize } = request.body;
      const query = { keyword: newsTitle, typeId, enableType };
      return ok(await reader.find(query, request.staff, { pageNum, pageSize }));
    },
  );

  app.post(
    '/news/getNewsDetails',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(newsCalls.detail, {
        summary: '新闻详情（附件 fileList，轮播图片或视频 imgOrViewList）',
        tags: ['news'],
      }),
    },
    async (request) => ok(await news.detail(request.body.newId, request.staff)),
  );

  app.post(
    '/news/getSubjectNewsList',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(newsCalls.subjectList, { summary: '专题的子新闻列表', tags: ['news'] }),
    },
    async (request) => {
      const { newId, pageNum, pageSize } = request.body;
      return ok(await news.subjectList(newId, request.staff, { pageNum, pageSize }));
    },
  );

  app.post(
    '/news/getSubjectNews',
    {
      preHandler: app.optionalStaff,
      schema: routeSchema(newsCalls.subjectNews, {
        summary: '专题子新闻详情（subjectNewId；只给 newId 时为该专题的第一条）',
        tags: ['news'],
      }),
    },
    async (request) => {
      const detail = await reader.subjectNews(request.body, request.staff);
      return detail ? ok(detail) : ok(null, '暂无数据');
    },
  );

  app.post(
    '/news/addNewsFootprint',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(newsCalls.addFootprint, {
        summary: '记录一次登录用户的浏览（脚印），浏览量加一',
        tags: ['news'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      const { newId, subjectNewId, userId } = request.body;
      assertSelf(staff, userId);
      return ok(await reader.recordView({ newId, subjectNewId }, staff, request.ip));
    },
  );

  app.post(
    '/news/getNewsFootprintList',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(newsCalls.footprints, {
        summary: '脚印：谁在何时从何处浏览过（管理员或发布者）',
        tags: ['news'],
      }),
    },
    async (request) => {
      const { newId, subjectNewId, pageNum, pageSize } = request.body;
      const target = { newId, subjectNewId };
      return ok(await reader.footprints(target, staffOf(request), { pageNum, pageSize }));
    },
  );

  app.post(
    '/news/selectIfFlower',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(newsCalls.likeState, {
        summary: '是否已点赞：status 0 可以点赞，status 1 已点赞',
        tags: ['news'],
      }),
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

  app.post(
    '/news/updateFlowerCount',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(newsCalls.like, {
        summary: '点赞（每人每条一次），返回最新点赞数',
        tags: ['news'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      return ok(await reader.like(likeTarget(request.body), staff), '点赞成功');
    },
  );

  app.post(
    '/news/delNews',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(newsCalls.remove, {
        summary: '删除新闻（管理员或发布者），记入操作日志',
        tags: ['news'],
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertSelf(staff, request.body.staffId);
      await news.remove(request.body.newId, staff, request.ip);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/news/delSubjectNews',
    {
      preHandler: app.requireStaff,
      schema: routeSchema(newsCalls.removeSubject, {
        summary: '删除专题子新闻（newId 或 subjectNewId 为子新闻编号）',
        tags: ['news'],
      }),
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
