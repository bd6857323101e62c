import { handoffSign, type HandoffFields } from '@school/common';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { setFileCookie } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { badRequest, forbidden, notFound, unauthorized, TOKEN_INVALID } from '../../http/errors.js';
import { canManage } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { SessionStore } from './session.js';
import type { HandoffService } from './handoff-service.js';

/** How far the page's TIMESTAMP may be from the server's clock. */
const MAX_SKEW_MS = 5 * 60_000;

const int = (message: string) => ({ type: 'integer', errorMessage: message }) as const;

/**
 * The receiving end of the edit hand-off (GLPTBJ): checks the sign, the time,
 * the token and the right to edit the item, then answers the platform's
 * address for it (`retUrl`), which the page opens in a new tab.
 */
export const handoffRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  sessions: SessionStore;
  handoff: HandoffService;
  now: Clock;
}> = async (app, { db, sessions, handoff, now }) => {
  app.post<{ Body: HandoffFields & { sign: string } }>(
    '/cms/handoff',
    {
      schema: {
        summary: '内容管理平台的签名跳转：校验签名与登录，返回编辑地址 retUrl',
        tags: ['cms'],
        body: {
          type: 'object',
          required: [
            'staffType',
            'staffId',
            'staffCode',
            'signStatus',
            'TIMESTAMP',
            'token',
            'visitType',
            'sign',
          ],
          properties: {
            staffType: int('身份不正确'),
            staffId: int('用户编号不正确'),
            staffCode: { type: 'string', maxLength: 64, errorMessage: '账号不正确' },
            signStatus: { type: 'string', enum: ['P'], errorMessage: 'signStatus 须为 P' },
            TIMESTAMP: int('时间戳不正确'),
            token: { type: 'string', minLength: 1, maxLength: 200, errorMessage: TOKEN_INVALID },
            visitType: int('visitType 不正确'),
            newId: int('新闻编号不正确'),
            newType: int('newType 不正确'),
            subjectNewId: int('子新闻编号不正确'),
            videoId: int('视频编号不正确'),
            sign: { type: 'string', minLength: 16, maxLength: 16, errorMessage: '签名不正确' },
          },
        },
        response: {
          200: envelopeSchema({ type: 'object', properties: { retUrl: { type: 'string' } } }),
        },
      },
    },
    async (request) => {
      const { sign, ...fields } = request.body;
      if (handoffSign(fields) !== sign) throw badRequest('签名不正确');
      if (Math.abs(now().getTime() - fields.TIMESTAMP) > MAX_SKEW_MS) {
        throw badRequest('请求已过期，请刷新页面后重试');
      }
      const staff = await sessions.resolve(fields.token);
      if (staff.id !== fields.staffId || staff.code !== fields.staffCode) {
        throw unauthorized(TOKEN_INVALID);
      }
      if (staff.staffType !== fields.staffType) throw forbidden('身份不符');

      const refuse = () => forbidden('只有管理员或发布者可以编辑');
      const target = await targetOf();
      const ticket = await handoff.issue(staff.id, { sign, TIMESTAMP: fields.TIMESTAMP }, target);
      return ok({ retUrl: `/cms/enter?ticket=${ticket}` });

      /** Where the platform opens for this request, once the caller may go there. */
      async function targetOf(): Promise<string> {
        switch (fields.visitType) {
          case 12:
          case 13:
          case 14: {
            if (!fields.newId) throw badRequest('请选择要编辑的新闻');
            const row = await db
              .selectFrom('news')
              .select(['createStaff', 'deleted'])
              .where('id', '=', fields.newId)
              .executeTakeFirst();
            if (!row || row.deleted) throw notFound('内容不存在或已下架');
            if (!canManage(staff, row.createStaff)) throw refuse();
            return `/cms/news/edit?newId=${fields.newId}`;
          }
          case 29: {
            // With subjectNewId: edit that sub-news; with only newId: add one to the topic.
            if (!fields.subjectNewId) {
              if (!fields.newId) throw badRequest('请选择专题');
              const topic = await db
                .selectFrom('news')
                .select(['createStaff', 'deleted'])
                .where('id', '=', fields.newId)
                .executeTakeFirst();
              if (!topic || topic.deleted) throw notFound('内容不存在或已下架');
              if (!canManage(staff, topic.createStaff)) throw refuse();
              return `/cms/subject/new?newId=${fields.newId}`;
            }
            const row = await db
              .selectFrom('subjectNews')
              .innerJoin('news', 'news.id', 'subjectNews.newsId')
              .select([
                'subjectNews.createStaff',
                'news.createStaff as parentStaff',
                'subjectNews.deleted',
              ])
              .where('subjectNews.id', '=', fields.subjectNewId)
              .executeTakeFirst();
            if (!row || row.deleted) throw notFound('内容不存在或已下架');
            if (!canManage(staff, row.createStaff) && !canManage(staff, row.parentStaff)) {
              throw refuse();
            }
            return `/cms/subject/edit?subjectNewId=${fields.subjectNewId}`;
          }
          case 30: {
            if (!fields.videoId) throw badRequest('请选择要编辑的视频');
            const row = await db
              .selectFrom('video')
              .select(['createStaff', 'deleted'])
              .where('id', '=', fields.videoId)
              .executeTakeFirst();
            if (!row || row.deleted) throw notFound('视频不存在或已下架');
            if (!canManage(staff, row.createStaff)) throw refuse();
            return `/cms/video/edit?videoId=${fields.videoId}`;
          }
          default:
            throw badRequest('不支持的 visitType');
        }
      }
    },
  );

  app.post<{ Body: { ticket: string } }>(
    '/cms/enter',
    {
      schema: {
        summary: '用签名跳转的一次性链接登录内容管理平台，返回登录信息与目标页面',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['ticket'],
          properties: {
            ticket: {
              type: 'string',
              minLength: 10,
              maxLength: 100,
              errorMessage: '链接已失效，请回到页面重新点击【编辑】',
            },
          },
        },
        response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) },
      },
    },
    async (request, reply) => {
      const user = await handoff.redeem(
        request.body.ticket,
        request.ip,
        request.headers['user-agent']?.slice(0, 256) ?? null,
      );
      setFileCookie(request, reply, user.token);
      return ok(user, '登陆成功');
    },
  );
};
