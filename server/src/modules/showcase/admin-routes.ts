import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { COVER_TYPES, COVER_TYPE_MESSAGE, type BannerPlace } from './service.js';
import type { BannerSaveInput } from './banners.js';
import {
  ENABLED_FIELD,
  KEYWORD_FIELD,
  SORT_FIELD,
  anyItem,
  cmsPoster,
  fileField,
  idField,
  savedSchema,
} from '../../platform/catalogue/admin-schema.js';
import type { CmsShowcaseService } from './admin-service.js';
import { rowRoutes } from '../../platform/catalogue/route-kit.js';
import { SOCIETY_CATEGORY_MESSAGE, type SocietySaveInput } from './societies.js';

const BANNER_ID = idField('请选择图片');
const ASSOCIATION_ID = idField('请选择社团');
const PLACE = {
  type: 'string',
  enum: ['home', 'cover'],
  errorMessage: '请选择图片位置（home 首页横幅或 cover 栏目封面）',
} as const;
const COVER_TYPE = {
  type: 'integer',
  enum: Object.keys(COVER_TYPES).map(Number),
  errorMessage: COVER_TYPE_MESSAGE,
} as const;
const CATEGORY = {
  type: 'integer',
  enum: [1, 2, 3, 4, 5, 6],
  errorMessage: SOCIETY_CATEGORY_MESSAGE,
} as const;

const DIRECTION = {
  type: 'string',
  enum: ['up', 'down'],
  errorMessage: '请选择上移或下移',
} as const;
/** The showcase's own wording of enabled, and what its enable and move calls answer. */
const ROW_SCHEMAS = { enabled: ENABLED_FIELD, enableAnswer: anyItem, moveAnswer: anyItem };

/**
 * The platform's calls for the home carousel and cover banners
 * (api/cms/banner/*) and the student societies (api/cms/society/*).
 * Administrators only; the service decides.
 */
export const cmsShowcaseRoutes: FastifyPluginAsync<{ cmsShowcase: CmsShowcaseService }> = async (
  app,
  { cmsShowcase },
) => {
  const { banners, societies } = cmsShowcase;
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);

  const post = cmsPoster(app);

  // ---- banners ----

  post<Paging & { place: BannerPlace; typeId?: number }>(
    '/cms/banner/list',
    '内容管理：首页横幅（place home）或栏目封面（place cover，可按 typeId）',
    {
      type: 'object',
      required: ['place'],
      properties: { place: PLACE, typeId: COVER_TYPE, ...pageFields(20, 100) },
    },
    pageSchema(anyItem),
    async ({ place, typeId, pageNum, pageSize }, request) =>
      ok(await banners.list({ place, typeId }, staffOf(request), { pageNum, pageSize })),
    ['typeId'],
  );

  post<BannerSaveInput>(
    '/cms/banner/save',
    '内容管理：保存横幅或封面（无 bannerId 为新增）；图片必填，链接以 http(s):// 或 / 开头',
    {
      type: 'object',
      required: ['place', 'coverTitle'],
      properties: {
        bannerId: BANNER_ID,
        place: PLACE,
        typeId: COVER_TYPE,
        coverFileId: fileField('请上传图片'),
        coverTitle: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          errorMessage: '请输入图片标题，不超过200个字',
        },
        newsUrl: { type: 'string', maxLength: 500, errorMessage: '链接地址不能超过500个字符' },
        sort: SORT_FIELD,
        enabled: ENABLED_FIELD,
      },
    },
    savedSchema('bannerId'),
    async (body, request) =>
      ok({ bannerId: await banners.save(body, staffOf(request), request.ip) }, '保存成功'),
    ['bannerId', 'typeId', 'coverFileId', 'sort', 'enabled'],
  );

  rowRoutes(
    app,
    '/cms/banner',
    { idName: 'bannerId', id: BANNER_ID, ...ROW_SCHEMAS, direction: DIRECTION },
    {
      enable: {
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）横幅或封面',
        run: (id, enabled, staff, ip) => banners.enable(id, enabled, staff, ip),
      },
      move: {
        summary: '内容管理：在同一位置（首页横幅，或同一栏目的封面）中上移或下移一位',
        run: (id, direction, staff, ip) => banners.move(id, direction, staff, ip),
      },
      delete: {
        summary: '内容管理：删除横幅或封面',
        run: (id, staff, ip) => banners.remove(id, staff, ip),
      },
    },
  );

  // ---- societies ----

  post<Paging & { associationType?: number; keyword?: string }>(
    '/cms/society/list',
    '内容管理：学生社团（可按类别 associationType 1-6、名称关键字）',
    {
      type: 'object',
      properties: { associationType: CATEGORY, keyword: KEYWORD_FIELD, ...pageFields(10, 100) },
    },
    pageSchema(anyItem),
    async ({ associationType, keyword, pageNum, pageSize }, request) =>
      ok(
        await societies.list({ category: associationType, keyword }, staffOf(request), {
          pageNum,
          pageSize,
        }),
      ),
    ['associationType'],
  );

  post<SocietySaveInput>(
    '/cms/society/save',
    '内容管理：保存社团（无 associationId 为新增）；标志与图片必填',
    {
      type: 'object',
      required: ['associationName', 'associationType'],
      properties: {
        associationId: ASSOCIATION_ID,
        associationName: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          errorMessage: '请输入社团名称，不超过100个字',
        },
        associationType: CATEGORY,
        logoFileId: fileField('请上传社团标志'),
        picFileId: fileField('请上传社团图片'),
        sort: SORT_FIELD,
        enabled: ENABLED_FIELD,
      },
    },
    savedSchema('associationId'),
    async (body, request) =>
      ok({ associationId: await societies.save(body, staffOf(request), request.ip) }, '保存成功'),
    ['associationId', 'logoFileId', 'picFileId', 'sort', 'enabled'],
  );

  rowRoutes(
    app,
    '/cms/society',
    { idName: 'associationId', id: ASSOCIATION_ID, ...ROW_SCHEMAS },
    {
      enable: {
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）社团',
        run: (id, enabled, staff, ip) => societies.enable(id, enabled, staff, ip),
      },
      delete: {
        summary: '内容管理：删除社团',
        run: (id, staff, ip) => societies.remove(id, staff, ip),
      },
    },
  );
};
