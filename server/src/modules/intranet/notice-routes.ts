import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { parseShelvesDate } from '../../http/dates.js';
import {
  ENABLED_FIELD,
  SORT_FIELD,
  anyItem,
  blankFields,
  idField,
  rowRoutes,
} from '../../platform/catalogue/route-kit.js';
import type { SiteNotices } from './notices.js';

const NOTICE_ID = idField('请选择通知');

interface SaveBody {
  rollingnewsId?: number;
  rollingnewsTitle: string;
  newsUrl?: string;
  shelvesDate?: string;
  enabled?: number;
  sort?: number;
}

/** api/cms/notice/*: the rolling notices of the staff pages (administrators, isPower 1). */
export const siteNoticeRoutes: FastifyPluginAsync<{ notices: SiteNotices }> = async (
  app,
  { notices },
) => {
  app.post<{ Body: Paging & { keyword?: string } }>(
    '/cms/notice/list',
    {
      schema: {
        summary: '内容管理：滚动通知列表（上架时间新的在前）',
        tags: ['cms'],
        body: {
          type: 'object',
          properties: {
            keyword: { type: 'string', maxLength: 50, errorMessage: '搜索内容不能超过50个字' },
            ...pageFields(10, 100),
          },
        },
        response: { 200: envelopeSchema(pageSchema(anyItem)) },
      },
    },
    async (request) => {
      const { keyword, pageNum, pageSize } = request.body;
      return ok(await notices.list({ keyword }, staffOf(request), { pageNum, pageSize }));
    },
  );

  app.post<{ Body: SaveBody }>(
    '/cms/notice/save',
    {
      preValidation: blankFields(['rollingnewsId', 'shelvesDate', 'enabled', 'sort']),
      schema: {
        summary:
          '内容管理：保存滚动通知（无 rollingnewsId 为新增）；上架时间为北京时间，未到时间不显示',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['rollingnewsTitle'],
          properties: {
            rollingnewsId: NOTICE_ID,
            rollingnewsTitle: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              errorMessage: '请输入通知标题，不超过200个字',
            },
            newsUrl: { type: 'string', maxLength: 500, errorMessage: '链接地址不能超过500个字' },
            shelvesDate: {
              type: 'string',
              maxLength: 40,
              errorMessage: '上架时间格式不正确，应为 YYYY-MM-DD HH:mm:ss',
            },
            enabled: ENABLED_FIELD,
            sort: SORT_FIELD,
          },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { rollingnewsId: { type: 'integer' } },
          }),
        },
      },
    },
    async (request) => {
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
    },
  );

  rowRoutes(
    app,
    '/cms/notice',
    { idName: 'rollingnewsId', id: NOTICE_ID },
    {
      enable: {
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）一条滚动通知',
        run: (id, enabled, staff, ip) => notices.setEnabled(id, enabled, staff, ip),
      },
      delete: {
        summary: '内容管理：删除一条滚动通知',
        run: (id, staff, ip) => notices.remove(id, staff, ip),
      },
    },
  );
};
