import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noticeCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { parseShelvesDate } from '../../http/dates.js';
import { blankFields, rowRoutes, saveRoute } from '../../platform/catalogue/route-kit.js';
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

  saveRoute(
    app,
    noticeCalls.save,
    'rollingnewsId',
    { preValidation: blankFields(['shelvesDate']) },
    (body, staff, ip) =>
      notices.save(
        {
          id: body.rollingnewsId,
          title: body.rollingnewsTitle,
          url: body.newsUrl,
          shelvesDate:
            body.shelvesDate === undefined ? undefined : parseShelvesDate(body.shelvesDate),
          enabled: body.enabled,
          sort: body.sort,
        },
        staff,
        ip,
      ),
  );

  rowRoutes(app, 'rollingnewsId', notices, {
    enable: noticeCalls.enable,
    delete: noticeCalls.remove,
  });
};
