import { type HandoffFields } from '@school/common';
import type { FastifyPluginAsync } from 'fastify';

import { setFileCookie } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { TOKEN_INVALID } from '../../http/errors.js';

import type { HandoffService } from './handoff-service.js';

const int = (message: string) => ({ type: 'integer', errorMessage: message }) as const;

/**
 * The receiving end of the edit hand-off (GLPTBJ): checks the sign, the time,
 * the token and the right to edit the item, then answers the platform's
 * address for it (`retUrl`), which the page opens in a new tab.
 */
export const handoffRoutes: FastifyPluginAsync<{ handoff: HandoffService }> = async (
  app,
  { handoff },
) => {
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
      return ok(await handoff.receive(fields, sign));
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
