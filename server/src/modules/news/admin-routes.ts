import { parseShelvesDate } from '../../http/dates.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { NewsFileRole, ReviewState } from '../../db/schema.js';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { versionRoutes } from '../../platform/publishing/version-routes.js';
import { workflowRoutes } from '../../platform/publishing/workflow-routes.js';
import type { CmsFileInput, CmsNewsService } from './admin-service.js';
import { REVIEW_STATES } from '../../platform/publishing/workflow.js';

const ID = (message: string) => ({ type: 'integer', minimum: 1, errorMessage: message }) as const;
const NEW_ID = ID('请选择新闻');
const FILE_ROLES: NewsFileRole[] = ['attachment', 'image', 'video'];

const item = { type: 'object', additionalProperties: true } as const;
const idBody = { type: 'object', required: ['newId'], properties: { newId: NEW_ID } } as const;

/** The files of an item as a save sends them, in their order (a JSON array, or its text in a form). */
export const FILES_FIELD = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['role'],
    additionalProperties: false,
    properties: {
      role: { type: 'string', enum: FILE_ROLES },
      fileId: { type: ['integer', 'null'], minimum: 1 },
      legacyPath: { type: ['string', 'null'], maxLength: 500 },
      fileName: { type: 'string', maxLength: 255 },
      caption: { type: ['string', 'null'], maxLength: 200 },
    },
  },
  errorMessage: '附件列表格式不正确',
} as const;

const SAVE_BODY = {
  type: 'object',
  required: ['typeId', 'newsTitle'],
  properties: {
    newId: NEW_ID,
    typeId: { type: 'integer', minimum: 1, errorMessage: '请选择栏目' },
    newsTitle: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      errorMessage: '请输入标题，不超过200个字',
    },
    newsDesc: { type: 'string', maxLength: 1000, errorMessage: '摘要不能超过1000个字' },
    newsContent: { type: 'string', errorMessage: '正文格式不正确' },
    newsType: { type: 'integer', enum: [1, 2, 3], errorMessage: 'newsType 须为 1、2 或 3' },
    newcontenttype: {
      type: 'integer',
      enum: [1, 2, 3],
      errorMessage: 'newcontenttype 须为 1、2 或 3',
    },
    schChange: {
      type: 'integer',
      enum: [0, 1, 2],
      errorMessage: 'schChange 须为 0（全校）、1（高中部）或 2（初中部）',
    },
    enableType: { type: 'integer', enum: [1, 2], errorMessage: 'enableType 须为 1 或 2' },
    source: { type: 'string', maxLength: 100, errorMessage: '来源不能超过100个字' },
    releaseUser: { type: 'string', maxLength: 64, errorMessage: '发布人不能超过64个字' },
    coverFileId: { type: 'integer', minimum: 0, errorMessage: '封面图片不正确' },
    newsUrl: { type: 'string', maxLength: 500, errorMessage: '链接地址不能超过500个字' },
    shelvesDate: {
      type: 'string',
      maxLength: 40,
      errorMessage: '上架时间格式不正确，应为 YYYY-MM-DD HH:mm:ss',
    },
    files: FILES_FIELD,
  },
} as const;

interface SaveBody {
  newId?: number;
  typeId: number;
  newsTitle: string;
  newsDesc?: string;
  newsContent?: string;
  newsType?: number;
  newcontenttype?: number;
  schChange?: number;
  enableType?: number;
  source?: string;
  releaseUser?: string;
  coverFileId?: number;
  newsUrl?: string;
  shelvesDate?: string;
  files?: CmsFileInput[];
}

/** Optional numbers a form sends as '' when left empty: the same as not sent. */
const BLANK_MEANS_ABSENT = [
  'newId',
  'newsType',
  'newcontenttype',
  'schChange',
  'enableType',
  'coverFileId',
  'shelvesDate',
];

/**
 * Forms send `files` as JSON text in one field; JSON bodies send the array
 * itself. Either way the schema then checks the array.
 */
export async function normaliseSaveBody(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  for (const key of BLANK_MEANS_ABSENT) if (body[key] === '') delete body[key];
  if (typeof body.files === 'string') {
    if (!body.files.trim()) {
      body.files = [];
      return;
    }
    try {
      body.files = JSON.parse(body.files);
    } catch {
      throw badRequest('附件列表格式不正确');
    }
  }
}

/**
 * The news calls of the content-management platform, for logged-in staff:
 * the list of what the caller may manage, the edit form, saving (a new
 * revision each time), the review workflow, shelving, pinning and revisions.
 * Who may do what is the service's to decide.
 */
export const cmsNewsRoutes: FastifyPluginAsync<{ cmsNews: CmsNewsService }> = async (
  app,
  { cmsNews },
) => {
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);

  app.post<{
    Body: Paging & { typeId?: number; reviewState?: ReviewState; mine?: boolean; keyword?: string };
  }>(
    '/cms/news/list',
    {
      schema: {
        summary: '内容管理：新闻列表（教师只看自己的，管理员看全部；按修改时间倒序）',
        tags: ['cms'],
        body: {
          type: 'object',
          properties: {
            typeId: { type: 'integer', minimum: 0, errorMessage: '栏目编号不正确' },
            reviewState: {
              type: 'string',
              enum: REVIEW_STATES,
              errorMessage: 'reviewState 须为 draft、submitted、approved 或 rejected',
            },
            mine: { type: 'boolean', errorMessage: 'mine 须为 true 或 false' },
            keyword: { type: 'string', maxLength: 50, errorMessage: '搜索内容不能超过50个字' },
            ...pageFields(10, 100),
          },
        },
        response: { 200: envelopeSchema(pageSchema(item)) },
      },
    },
    async (request) => {
      const { typeId, reviewState, mine, keyword, pageNum, pageSize } = request.body;
      return ok(
        await cmsNews.list(
          { typeId: typeId || undefined, reviewState, mine, keyword },
          staffOf(request),
          { pageNum, pageSize },
        ),
      );
    },
  );

  app.post(
    '/cms/news/columns',
    {
      schema: {
        summary: '内容管理：栏目树，含当前用户可否在该栏目发布（mayPost）',
        tags: ['cms'],
        response: { 200: envelopeSchema({ type: 'array', items: item }) },
      },
    },
    async (request) => ok(await cmsNews.columns(staffOf(request))),
  );

  app.post<{ Body: { newId: number } }>(
    '/cms/news/delete',
    {
      schema: {
        summary: '内容管理：删除新闻（管理员或发布者；从列表、详情和搜索中立即消失）',
        tags: ['cms'],
        body: idBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) =>
      ok(await cmsNews.remove(request.body.newId, staffOf(request), request.ip), '已删除'),
  );

  app.post<{ Body: { newId: number } }>(
    '/cms/news/get',
    {
      schema: {
        summary: '内容管理：编辑表单中的一条新闻（可编辑字段、附件与审核状态）',
        tags: ['cms'],
        body: idBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => ok(await cmsNews.get(request.body.newId, staffOf(request))),
  );

  app.post<{ Body: SaveBody }>(
    '/cms/news/save',
    {
      preValidation: normaliseSaveBody,
      schema: {
        summary:
          '内容管理：保存新闻（无 newId 为新增）；files 为 JSON 数组或其文本；教师保存后回到草稿',
        tags: ['cms'],
        body: SAVE_BODY,
        response: {
          200: envelopeSchema({ type: 'object', properties: { newId: { type: 'integer' } } }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const newId = await cmsNews.save(
        {
          newId: body.newId,
          typeId: body.typeId,
          title: body.newsTitle,
          description: body.newsDesc,
          content: body.newsContent,
          newsType: body.newsType,
          contentKind: body.newcontenttype,
          schChange: body.schChange === undefined ? undefined : body.schChange || null,
          enableType: body.enableType,
          source: body.source,
          releaseUser: body.releaseUser,
          coverFileId: body.coverFileId === undefined ? undefined : body.coverFileId || null,
          linkUrl: body.newsUrl,
          shelvesDate:
            body.shelvesDate === undefined ? undefined : parseShelvesDate(body.shelvesDate),
          files: body.files,
        },
        staffOf(request),
        request.ip,
      );
      return ok({ newId }, '保存成功');
    },
  );

  workflowRoutes(app, {
    base: '/cms/news',
    idName: 'newId',
    what: '新闻',
    shelvers: '管理员或发布者',
    service: cmsNews,
  });
  versionRoutes(app, { base: '/cms/news', idName: 'newId', what: '新闻', service: cmsNews });
};
