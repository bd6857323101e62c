import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';

/** What an authored item's service offers for its saved versions. */
export interface VersionedItems {
  revisions(id: number, staff: AuthStaff): Promise<unknown[]>;
  revision(revisionId: number, staff: AuthStaff): Promise<unknown>;
  restore(id: number, revisionId: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
}

const item = { type: 'object', additionalProperties: true } as const;
const REVISION_ID = { type: 'integer', minimum: 1, errorMessage: '请选择版本' } as const;

/**
 * The three version calls every authored item has, under its own path and id
 * name: `<base>/revisions {id}` (newest first), `<base>/revision {revisionId}`
 * (one version in the shape of the edit form) and `<base>/restore {id,
 * revisionId}` (saved again as a new version). The service checks who may.
 */
export function versionRoutes(
  app: FastifyInstance,
  options: {
    base: string;
    /** The item's id in the payload: newId, videoId, wwfzId, ... */
    idName: string;
    /** What the id refers to, for the summaries and the message of a missing id. */
    what: string;
    service: VersionedItems;
    /** Schemas of the answers (common/src/api): one entry of the list, one version in full. */
    schemas?: { entry: object; version: object };
  },
) {
  const { base, idName, what, service } = options;
  const entry = options.schemas?.entry ?? item;
  const version = options.schemas?.version ?? item;
  const id = { type: 'integer', minimum: 1, errorMessage: `请选择${what}` } as const;
  const idOf = (body: unknown) => (body as Record<string, number>)[idName]!;

  app.post(
    `${base}/revisions`,
    {
      schema: {
        summary: `内容管理：${what}保存过的版本（新的在前）`,
        tags: ['cms'],
        body: { type: 'object', required: [idName], properties: { [idName]: id } },
        response: { 200: envelopeSchema({ type: 'array', items: entry }) },
      },
    },
    async (request) => ok(await service.revisions(idOf(request.body), staffOf(request))),
  );

  app.post<{ Body: { revisionId: number } }>(
    `${base}/revision`,
    {
      schema: {
        summary: `内容管理：${what}一个版本的全部内容（与编辑表单同形，用于比较）`,
        tags: ['cms'],
        body: { type: 'object', required: ['revisionId'], properties: { revisionId: REVISION_ID } },
        response: { 200: envelopeSchema(version) },
      },
    },
    async (request) => ok(await service.revision(request.body.revisionId, staffOf(request))),
  );

  app.post<{ Body: { revisionId: number } }>(
    `${base}/restore`,
    {
      schema: {
        summary: `内容管理：把${what}恢复到某个版本（作为新版本保存）`,
        tags: ['cms'],
        body: {
          type: 'object',
          required: [idName, 'revisionId'],
          properties: { [idName]: id, revisionId: REVISION_ID },
        },
        response: {
          200: envelopeSchema({ type: 'object', properties: { [idName]: { type: 'integer' } } }),
        },
      },
    },
    async (request) => {
      const itemId = idOf(request.body);
      await service.restore(itemId, request.body.revisionId, staffOf(request), request.ip);
      return ok({ [idName]: itemId }, '已恢复该版本');
    },
  );
}
