import type { FastifyPluginAsync } from 'fastify';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { pageFields, pageSchema, type Paging } from '../../http/paging.js';
import { FMSM_TYPES, WWFZ_TYPES, type IntroService } from './service.js';

const codesOf = (types: Readonly<Record<number, string>>) => Object.keys(types).map(Number);

const WWFZ_TYPE = {
  type: 'integer',
  enum: codesOf(WWFZ_TYPES),
  errorMessage: '请选择学校介绍栏目',
} as const;
const FMSM_TYPE = {
  type: 'integer',
  enum: codesOf(FMSM_TYPES),
  errorMessage: '请选择人物栏目',
} as const;
const WWFZ_ID = { type: 'integer', minimum: 1, errorMessage: '页面编号不正确' } as const;
const SUBJECT_ID = { type: 'integer', minimum: 1, errorMessage: '学科编号不正确' } as const;
const ENABLE_TYPE = {
  type: 'integer',
  enum: [1, 2],
  default: 1,
  errorMessage: 'enableType 须为 1 或 2',
} as const;

const nullableString = { type: ['string', 'null'] } as const;

const pageItem = {
  type: 'object',
  properties: {
    wwfzId: { type: 'integer' },
    wwfzType: { type: 'integer' },
    wwfzTitle: { type: 'string' },
    enWwfzTitle: nullableString,
    wwfzDesc: { type: 'string' },
    wwfzCont: { type: 'string' },
    wwfzPic: { type: 'string' },
    createDate: { type: 'string' },
  },
} as const;

const personItem = {
  type: 'object',
  properties: {
    fmsmId: { type: 'integer' },
    fmsmType: { type: 'integer' },
    fmsmTitle: { type: 'string' },
    fmsmDesc: { type: 'string' },
    fmsmCont: { type: 'string' },
    fmsmPic: { type: 'string' },
    post: nullableString,
    plateType: nullableString,
    brith: nullableString,
  },
} as const;

/** The school-introduction (Encounter) section of portal.md §7: pages (wwfz) and people (fmsm). */
export const introRoutes: FastifyPluginAsync<{ intro: IntroService }> = async (app, { intro }) => {
  app.post<{ Body: Paging & { wwfzType: number; wwfzId?: number; enableType: number } }>(
    '/wwfz/getWwfzDetails',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '学校介绍的页面（按 wwfzType；wwfzId 只取其中一页），按排序号、再按新旧',
        tags: ['intro'],
        body: {
          type: 'object',
          required: ['wwfzType'],
          properties: {
            wwfzType: WWFZ_TYPE,
            wwfzId: WWFZ_ID,
            enableType: ENABLE_TYPE,
            ...pageFields(6),
          },
        },
        response: { 200: envelopeSchema(pageSchema(pageItem)) },
      },
    },
    async (request) => {
      const { wwfzType, wwfzId, enableType, pageNum, pageSize } = request.body;
      return ok(
        await intro.pages({ wwfzType, wwfzId, enableType }, request.staff, { pageNum, pageSize }),
      );
    },
  );

  app.post<{ Body: Paging & { fmsmType: number; subjectId?: number; enableType: number } }>(
    '/fmsm/getFmsmDetails',
    {
      preHandler: app.optionalStaff,
      schema: {
        summary: '人物（历任校长、名师、校友、校园之星，按 fmsmType），按排序号、再按新旧',
        tags: ['intro'],
        body: {
          type: 'object',
          required: ['fmsmType'],
          properties: {
            fmsmType: FMSM_TYPE,
            subjectId: SUBJECT_ID,
            enableType: ENABLE_TYPE,
            ...pageFields(6),
          },
        },
        response: { 200: envelopeSchema(pageSchema(personItem)) },
      },
    },
    async (request) => {
      const { fmsmType, subjectId, enableType, pageNum, pageSize } = request.body;
      return ok(
        await intro.people({ fmsmType, subjectId, enableType }, request.staff, {
          pageNum,
          pageSize,
        }),
      );
    },
  );
};
