import { versionRoutes } from '../../platform/publishing/version-routes.js';
import { workflowRoutes } from '../../platform/publishing/workflow-routes.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ReviewState } from '../../db/schema.js';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, nullSchema, ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { REVIEW_STATES } from '../../platform/publishing/workflow.js';
import type { CmsVideoService } from './admin-service.js';
import { cmsVideoTypeRoutes } from './type-routes.js';

const ID = (message: string) => ({ type: 'integer', minimum: 1, errorMessage: message }) as const;
const VIDEO_ID = ID('请选择视频');
export const FILES_MESSAGE = '视频文件列表格式不正确';

const item = { type: 'object', additionalProperties: true } as const;
const idBody = {
  type: 'object',
  required: ['videoId'],
  properties: { videoId: VIDEO_ID },
} as const;
const videoIdAnswer = envelopeSchema({
  type: 'object',
  properties: { videoId: { type: 'integer' } },
});

const SAVE_BODY = {
  type: 'object',
  required: ['typeId', 'videoTitle'],
  properties: {
    videoId: VIDEO_ID,
    typeId: { type: 'integer', minimum: 1, errorMessage: '请选择视频分类' },
    videoTitle: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      errorMessage: '请输入视频标题，不超过200个字',
    },
    videoContent: { type: 'string', maxLength: 200_000, errorMessage: '简介格式不正确或过长' },
    coverFileId: { type: 'integer', minimum: 0, errorMessage: '封面图片不正确' },
    source: { type: 'string', maxLength: 100, errorMessage: '来源不能超过100个字' },
    releaseUser: { type: 'string', maxLength: 64, errorMessage: '发布人不能超过64个字' },
    enableType: {
      type: 'integer',
      enum: [1, 2],
      errorMessage: '可见范围须为 1（公开）或 2（仅校内）',
    },
    files: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['fileId'],
        additionalProperties: false,
        properties: {
          fileId: { type: 'integer', minimum: 1 },
          fileName: { type: 'string', maxLength: 255 },
        },
      },
      errorMessage: FILES_MESSAGE,
    },
  },
} as const;

interface SaveBody {
  videoId?: number;
  typeId: number;
  videoTitle: string;
  videoContent?: string;
  coverFileId?: number;
  source?: string;
  releaseUser?: string;
  enableType?: number;
  files?: Array<{ fileId: number; fileName?: string }>;
}

/** Optional numbers a form sends as '' when left empty: the same as not sent. */
const BLANK_MEANS_ABSENT = ['videoId', 'coverFileId', 'enableType'];

/**
 * Forms send `files` as JSON text in one field; JSON bodies send the array
 * itself. Either way the schema then checks the array.
 */
async function normaliseSaveBody(request: FastifyRequest) {
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
      throw badRequest(FILES_MESSAGE);
    }
  }
}

/**
 * The video calls of the content-management platform, for logged-in staff:
 * the list of what the caller may manage, the edit form, saving (a new
 * revision each time), the review workflow, shelving, pinning, deletion,
 * revisions, and the categories. Who may do what is the service's to decide.
 */
export const cmsVideoRoutes: FastifyPluginAsync<{ cmsVideo: CmsVideoService }> = async (
  app,
  { cmsVideo },
) => {
  // Before the body is read: an anonymous call is refused whatever it sends.
  app.addHook('onRequest', app.requireStaff);
  await app.register(cmsVideoTypeRoutes, { types: cmsVideo.types });

  app.post<{
    Body: Paging & { typeId?: number; reviewState?: ReviewState; mine?: number; keyword?: string };
  }>(
    '/cms/video/list',
    {
      schema: {
        summary: '内容管理：视频列表（教师只看自己的，管理员看全部；按修改时间倒序）',
        tags: ['cms'],
        body: {
          type: 'object',
          properties: {
            typeId: { type: 'integer', minimum: 0, errorMessage: '视频分类编号不正确' },
            reviewState: {
              type: 'string',
              enum: REVIEW_STATES,
              errorMessage: 'reviewState 须为 draft、submitted、approved 或 rejected',
            },
            mine: { type: 'integer', enum: [0, 1], errorMessage: 'mine 须为 0 或 1' },
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
        await cmsVideo.list(
          { typeId: typeId || undefined, reviewState, mine: mine === 1, keyword },
          staffOf(request),
          { pageNum, pageSize },
        ),
      );
    },
  );

  app.post<{ Body: { videoId: number } }>(
    '/cms/video/get',
    {
      schema: {
        summary: '内容管理：编辑表单中的一个视频（可编辑字段、视频文件与审核状态）',
        tags: ['cms'],
        body: idBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => ok(await cmsVideo.get(request.body.videoId, staffOf(request))),
  );

  app.post<{ Body: SaveBody }>(
    '/cms/video/save',
    {
      preValidation: normaliseSaveBody,
      schema: {
        summary:
          '内容管理：保存视频（无 videoId 为新增）；files 为有序的 {fileId, fileName} 数组或其 JSON 文本；教师保存后回到草稿并下架',
        tags: ['cms'],
        body: SAVE_BODY,
        response: { 200: videoIdAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      const videoId = await cmsVideo.save(
        {
          videoId: body.videoId,
          typeId: body.typeId,
          title: body.videoTitle,
          content: body.videoContent,
          coverFileId: body.coverFileId === undefined ? undefined : body.coverFileId || null,
          source: body.source,
          releaseUser: body.releaseUser,
          enableType: body.enableType,
          files: body.files,
        },
        staffOf(request),
        request.ip,
      );
      return ok({ videoId }, '保存成功');
    },
  );

  app.post<{ Body: { videoId: number } }>(
    '/cms/video/delete',
    {
      schema: {
        summary: '内容管理：删除视频（管理员或发布者；从列表与搜索中立即消失）',
        tags: ['cms'],
        body: idBody,
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      await cmsVideo.remove(request.body.videoId, staffOf(request), request.ip);
      return ok(null, '删除成功');
    },
  );

  workflowRoutes(app, {
    base: '/cms/video',
    idName: 'videoId',
    what: '视频',
    shelvers: '仅管理员',
    service: cmsVideo,
  });
  versionRoutes(app, { base: '/cms/video', idName: 'videoId', what: '视频', service: cmsVideo });
};
