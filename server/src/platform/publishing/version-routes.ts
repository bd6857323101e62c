import { Type, versionCalls, type Access, type TSchema } from '@school/common/api';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';

/** What an authored item's service offers for its saved versions. */
export interface VersionedItems {
  revisions(id: number, staff: AuthStaff): Promise<unknown[]>;
  revision(revisionId: number, staff: AuthStaff): Promise<unknown>;
  restore(id: number, revisionId: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
}

/** The answers of a caller that has not given its `schemas` yet: any object, undescribed. */
const undescribed = Type.Object({}, { additionalProperties: true });

/**
 * The three version calls every authored item has, under its own path and id
 * name: `<base>/revisions {id}` (newest first), `<base>/revision {revisionId}`
 * (one version in the shape of the edit form) and `<base>/restore {id,
 * revisionId}` (saved again as a new version). The service checks who may.
 * The bodies are `versionCalls` of common/src/api/cms.ts.
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
    schemas?: { entry: TSchema; version: TSchema };
    /** Who may call the three (http/access.ts); the service still checks the item. */
    access: Access;
  },
) {
  const config = { access: options.access };
  const { base, idName, what, service } = options;
  const calls = versionCalls(
    idName,
    what,
    options.schemas?.entry ?? undescribed,
    options.schemas?.version ?? undescribed,
  );
  const idOf = (body: unknown) => (body as Record<string, number>)[idName]!;

  app.post(
    `${base}/revisions`,
    {
      config,
      schema: routeSchema(calls.revisions, {
        summary: `内容管理：${what}保存过的版本（新的在前）`,
        tags: ['cms'],
      }),
    },
    async (request) => ok(await service.revisions(idOf(request.body), staffOf(request))),
  );

  app.post(
    `${base}/revision`,
    {
      config,
      schema: routeSchema(calls.revision, {
        summary: `内容管理：${what}一个版本的全部内容（与编辑表单同形，用于比较）`,
        tags: ['cms'],
      }),
    },
    async (request) => {
      const { revisionId } = request.body as { revisionId: number };
      return ok(await service.revision(revisionId, staffOf(request)));
    },
  );

  app.post(
    `${base}/restore`,
    {
      config,
      schema: routeSchema(calls.restore, {
        summary: `内容管理：把${what}恢复到某个版本（作为新版本保存）`,
        tags: ['cms'],
      }),
    },
    async (request) => {
      const itemId = idOf(request.body);
      const { revisionId } = request.body as { revisionId: number };
      await service.restore(itemId, revisionId, staffOf(request), request.ip);
      return ok({ [idName]: itemId }, '已恢复该版本');
    },
  );
}
