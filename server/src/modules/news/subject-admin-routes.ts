import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { pageFields, type Paging } from '../../http/paging.js';
import type { CmsFileInput } from '../../platform/files/item-files.js';
import { FILES_FIELD, normaliseSaveBody } from './admin-routes.js';
import type { CmsSubjectService } from './subject-admin-service.js';
import { versionRoutes } from '../../platform/publishing/version-routes.js';

const ID = (message: string) => ({ type: 'integer', minimum: 1, errorMessage: message }) as const;
const TOPIC_ID = ID('请选择专题');
const SUBJECT_ID = ID('请选择子新闻');
const item = { type: 'object', additionalProperties: true } as const;
const subjectBody = {
  type: 'object',
  required: ['subjectNewId'],
  properties: { subjectNewId: SUBJECT_ID },
} as const;

interface SaveBody {
  subjectNewId?: number;
  newId: number;
  newsTitle: string;
  newsContent?: string;
  newcontenttype?: number;
  source?: string;
  releaseUser?: string;
  sort?: number;
  files?: CmsFileInput[];
}

async function normaliseSubjectBody(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object') {
    for (const key of ['subjectNewId', 'sort']) if (body[key] === '') delete body[key];
  }
  await normaliseSaveBody(request);
}

/**
 * `api/cms/subject/*`: sub-news of special topics (where the hand-off's
 * visitType 29 lands): the topic's list, the edit form, saving (a version
 * each time), deleting, versions and restoring.
 */
export const cmsSubjectRoutes: FastifyPluginAsync<{ cmsSubject: CmsSubjectService }> = async (
  app,
  { cmsSubject },
) => {
  app.addHook('onRequest', app.requireStaff);

  app.post<{ Body: Paging & { newId: number } }>(
    '/cms/subject/list',
    {
      schema: {
        summary: '内容管理：专题的子新闻列表（管理员或专题发布者）',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['newId'],
          properties: { newId: TOPIC_ID, ...pageFields(10, 100) },
        },
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => {
      const { newId, pageNum, pageSize } = request.body;
      return ok(await cmsSubject.list(newId, staffOf(request), { pageNum, pageSize }));
    },
  );

  app.post<{ Body: { subjectNewId: number } }>(
    '/cms/subject/get',
    {
      schema: {
        summary: '内容管理：编辑表单中的一条子新闻',
        tags: ['cms'],
        body: subjectBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) => ok(await cmsSubject.get(request.body.subjectNewId, staffOf(request))),
  );

  app.post<{ Body: SaveBody }>(
    '/cms/subject/save',
    {
      preValidation: normaliseSubjectBody,
      schema: {
        summary: '内容管理：保存子新闻（无 subjectNewId 为新增）；files 为 JSON 数组或其文本',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['newId', 'newsTitle'],
          properties: {
            subjectNewId: SUBJECT_ID,
            newId: TOPIC_ID,
            newsTitle: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              errorMessage: '请输入标题，不超过200个字',
            },
            newsContent: { type: 'string', errorMessage: '正文格式不正确' },
            newcontenttype: {
              type: 'integer',
              enum: [1, 2, 3],
              errorMessage: 'newcontenttype 须为 1、2 或 3',
            },
            source: { type: 'string', maxLength: 100, errorMessage: '来源不能超过100个字' },
            releaseUser: { type: 'string', maxLength: 64, errorMessage: '发布人不能超过64个字' },
            sort: {
              type: 'integer',
              minimum: 0,
              maximum: 100000,
              errorMessage: '排序须为0到100000的整数',
            },
            files: FILES_FIELD,
          },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { subjectNewId: { type: 'integer' } },
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      return ok(
        await cmsSubject.save(
          {
            subjectNewId: body.subjectNewId,
            newId: body.newId,
            title: body.newsTitle,
            content: body.newsContent,
            contentKind: body.newcontenttype,
            source: body.source,
            releaseUser: body.releaseUser,
            sort: body.sort,
            files: body.files,
          },
          staffOf(request),
          request.ip,
        ),
        '已保存',
      );
    },
  );

  app.post<{ Body: { subjectNewId: number } }>(
    '/cms/subject/delete',
    {
      schema: {
        summary: '内容管理：删除子新闻（管理员、专题发布者或子新闻发布者）',
        tags: ['cms'],
        body: subjectBody,
        response: { 200: envelopeSchema(item) },
      },
    },
    async (request) =>
      ok(
        await cmsSubject.remove(request.body.subjectNewId, staffOf(request), request.ip),
        '已删除',
      ),
  );

  versionRoutes(app, {
    base: '/cms/subject',
    idName: 'subjectNewId',
    what: '子新闻',
    service: cmsSubject,
  });
};
