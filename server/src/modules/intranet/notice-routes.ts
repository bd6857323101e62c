import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noticeCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { parseShelvesDate } from '../../http/dates.js';
import { blankFields, rowRoutes } from '../../platform/catalogue/route-kit.js';
import type { SiteNotices } from './notices.js';

/** api/cms/notice/*: the rolling notices of the staff pages (administrators, isPower 1). */
export const siteNoticeRoutes: FastifyPluginAsyncTypebox<{ notices: SiteNotices }> = async (
  app,
  { notices },
) => {
  route(app, noticeCalls.list, async (request) => {
    const { keyword, pageNum, pageSize } = request.body;
    return ok(await notices.list({ keyword }, staffOf(request), { pageNum, pageSize }));
  });

  route(app, noticeCalls.save, { preValidation: blankFields(['shelvesDate']) }, async (request) => {
    const body = request.body;
    const rollingnewsId = await notices.save(
      {
        id: body.rollingnewsId,
        title: body.rollingnewsTitle,
        url: body.newsUrl,
        shelvesDate:
          body.shelvesDate === undefined ? undefined : parseShelvesDate(body.shelvesDate),
        enabled: body.enabled,
        sort: body.sort,
      },
      staffOf(request),
      request.ip,
    );
    return ok({ rollingnewsId }, '保存成功');
  });

  const { enable, remove } = noticeCalls;
  rowRoutes(
    app,
    '/cms/notice',
    {
      idName: 'rollingnewsId',
      id: remove.body.properties.rollingnewsId,
      enabled: enable.body.properties.enabled,
      enableAnswer: enable.data,
    },
    {
      enable: {
        access: 'contentAdmin',
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）一条滚动通知',
        run: (id, enabled, staff, ip) => notices.setEnabled(id, enabled, staff, ip),
      },
      delete: {
        access: 'contentAdmin',
        summary: '内容管理：删除一条滚动通知',
        run: (id, staff, ip) => notices.remove(id, staff, ip),
      },
    },
  );
};
