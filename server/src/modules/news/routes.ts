import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { teachHomeCalls, newsCalls } from '@school/common/api';

import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { keptOk, ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { visitorOf } from '../../platform/engagement/visitor.js';

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
  route(app, newsCalls.columns, async (request) =>
    ok(await reader.columns(request.body?.parentId)),
  );

  route(app, newsCalls.columnTree, async () => ok(await reader.columnTree()));

  const homeAnswer = keptOk<Awaited<ReturnType<NewsService['home']>>>();
  route(app, newsCalls.home, { preHandler: app.optionalStaff }, async (_request, reply) =>
    homeAnswer(reply, await news.home(null)),
  );

  route(app, newsCalls.list, { preHandler: app.optionalStaff }, async (request) => {
    const { pageNum, pageSize, ...filter } = request.body;
    const result = await news.list(filter, request.staff, { pageNum, pageSize });
    return ok(result);
  });

  // Staff only (intranet.md: the home is behind the login): the door answers 401 without a session.
  route(app, teachHomeCalls.lists, async (request) => {
    const body = request.body as Record<string, number | undefined>;
    const slots = [1, 2, 3, 4, 5, 6].map((n) => ({
      typeId: body[`typeId${n}`],
      pageNum: body[`pageNum${n}`],
      pageSize: body[`pageSize${n}`],
    }));
    const lists = await news.teachHome(slots, request.body.enableType, staffOf(request));
    return ok({
      list1: lists[0]!,
      list2: lists[1]!,
      list3: lists[2]!,
      list4: lists[3]!,
      list5: lists[4]!,
      list6: lists[5]!,
    });
  });

  route(app, newsCalls.search, { preHandler: app.optionalStaff }, async (request) => {
    const { newsTitle, typeId, enableType, pageNum, pageSize } = request.body;
    const query = { keyword: newsTitle, typeId, enableType };
    return ok(await reader.find(query, request.staff, { pageNum, pageSize }));
  });

  route(app, newsCalls.detail, { preHandler: app.optionalStaff }, async (request) =>
    ok(await news.detail(request.body.newId, request.staff)),
  );

  route(app, newsCalls.subjectList, { preHandler: app.optionalStaff }, async (request) => {
    const { newId, pageNum, pageSize } = request.body;
    return ok(await news.subjects.list(newId, request.staff, { pageNum, pageSize }));
  });

  route(app, newsCalls.subjectNews, { preHandler: app.optionalStaff }, async (request) => {
    const detail = await reader.subjectNews(request.body, request.staff);
    return detail ? ok(detail) : ok(null, '暂无数据');
  });

  route(app, newsCalls.view, { preHandler: app.optionalStaff }, async (request) => {
    const { newId, subjectNewId } = request.body;
    return ok(await reader.view({ newId, subjectNewId }, request.staff, visitorOf(request)));
  });

  route(app, newsCalls.addFootprint, async (request) => {
    const staff = staffOf(request);
    const { newId, subjectNewId } = request.body;
    return ok(await reader.recordView({ newId, subjectNewId }, staff, request.ip));
  });

  route(app, newsCalls.footprints, async (request) => {
    const { newId, subjectNewId, pageNum, pageSize } = request.body;
    const target = { newId, subjectNewId };
    return ok(await reader.footprints(target, staffOf(request), { pageNum, pageSize }));
  });

  route(app, newsCalls.likeState, async (request) => {
    const staff = staffOf(request);
    const { liked, flowerCount } = await reader.likeState(likeTarget(request.body), staff);
    // The spec reads a non-zero status as "already liked"; it is an answer, not an error.
    if (liked) return { status: 1, msg: '已点赞', data: { flowerCount } };
    return ok({ flowerCount }, '可以点赞');
  });

  route(app, newsCalls.like, async (request) => {
    const staff = staffOf(request);
    return ok(await reader.like(likeTarget(request.body), staff), '点赞成功');
  });

  route(app, newsCalls.remove, async (request) => {
    const staff = staffOf(request);
    await news.remove(request.body.newId, staff, request.ip);
    return ok(null, '删除成功');
  });

  route(app, newsCalls.removeSubject, async (request) => {
    const staff = staffOf(request);
    const id = request.body.subjectNewId ?? request.body.newId;
    if (!id) throw badRequest('请选择专题子新闻');
    await news.subjects.remove(id, staff, request.ip);
    return ok(null, '删除成功');
  });
};
