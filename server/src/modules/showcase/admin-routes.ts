import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssociationId,
  BannerDirection,
  BannerEnabled,
  BannerId,
  BannerMoved,
  ShowcaseEnabled,
  SocietyEnabled,
  cmsShowcaseCalls,
  type BodyOf,
  type Call,
  type DataOf,
  type TSchema,
} from '@school/common/api';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { ok, type Envelope } from '../../http/envelope.js';
import { cmsPoster } from '../../platform/catalogue/admin-schema.js';
import { rowRoutes } from '../../platform/catalogue/route-kit.js';
import type { CmsShowcaseService } from './admin-service.js';

/**
 * The platform's calls for the home carousel and cover banners
 * (api/cms/banner/*) and the student societies (api/cms/society/*).
 * Administrators only; the service decides.
 */
export const cmsShowcaseRoutes: FastifyPluginAsyncTypebox<{
  cmsShowcase: CmsShowcaseService;
}> = async (app, { cmsShowcase }) => {
  const { banners, societies } = cmsShowcase;
  const poster = cmsPoster(app);
  /**
   * A call of the contract through cmsPoster: the body typed by its schema, the answer checked;
   * every call here is for content administrators.
   */
  const post = <C extends Call<TSchema, TSchema>>(
    path: string,
    summary: string,
    contract: C,
    handler: (body: BodyOf<C>, request: FastifyRequest) => Promise<Envelope<DataOf<C>>>,
  ) => poster(path, 'contentAdmin', summary, contract.body, contract.data, handler as never);

  // ---- banners ----

  post(
    '/cms/banner/list',
    '内容管理：首页横幅（place home）或栏目封面（place cover，可按 typeId）',
    cmsShowcaseCalls.bannerList,
    async ({ place, typeId, pageNum, pageSize }, request) =>
      ok(await banners.list({ place, typeId }, staffOf(request), { pageNum, pageSize })),
  );

  post(
    '/cms/banner/save',
    '内容管理：保存横幅或封面（无 bannerId 为新增）；图片必填，链接以 http(s):// 或 / 开头',
    cmsShowcaseCalls.bannerSave,
    async (body, request) =>
      ok({ bannerId: await banners.save(body, staffOf(request), request.ip) }, '保存成功'),
  );

  rowRoutes(
    app,
    '/cms/banner',
    {
      idName: 'bannerId',
      id: BannerId,
      enabled: ShowcaseEnabled,
      direction: BannerDirection,
      enableAnswer: BannerEnabled,
      moveAnswer: BannerMoved,
    },
    {
      enable: {
        access: 'contentAdmin',
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）横幅或封面',
        run: (id, enabled, staff, ip) => banners.enable(id, enabled, staff, ip),
      },
      move: {
        access: 'contentAdmin',
        summary: '内容管理：在同一位置（首页横幅，或同一栏目的封面）中上移或下移一位',
        run: (id, direction, staff, ip) => banners.move(id, direction, staff, ip),
      },
      delete: {
        access: 'contentAdmin',
        summary: '内容管理：删除横幅或封面',
        run: (id, staff, ip) => banners.remove(id, staff, ip),
      },
    },
  );

  // ---- societies ----

  post(
    '/cms/society/list',
    '内容管理：学生社团（可按类别 associationType 1-6、名称关键字）',
    cmsShowcaseCalls.societyList,
    async ({ associationType, keyword, pageNum, pageSize }, request) =>
      ok(
        await societies.list({ category: associationType, keyword }, staffOf(request), {
          pageNum,
          pageSize,
        }),
      ),
  );

  post(
    '/cms/society/save',
    '内容管理：保存社团（无 associationId 为新增）；标志与图片必填',
    cmsShowcaseCalls.societySave,
    async (body, request) =>
      ok({ associationId: await societies.save(body, staffOf(request), request.ip) }, '保存成功'),
  );

  rowRoutes(
    app,
    '/cms/society',
    {
      idName: 'associationId',
      id: AssociationId,
      enabled: ShowcaseEnabled,
      enableAnswer: SocietyEnabled,
    },
    {
      enable: {
        access: 'contentAdmin',
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）社团',
        run: (id, enabled, staff, ip) => societies.enable(id, enabled, staff, ip),
      },
      delete: {
        access: 'contentAdmin',
        summary: '内容管理：删除社团',
        run: (id, staff, ip) => societies.remove(id, staff, ip),
      },
    },
  );
};
