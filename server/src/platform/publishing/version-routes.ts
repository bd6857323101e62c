import type { Static, TSchema } from '@school/common/api';
import { versionEndpoints } from '@school/common/api';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';
import { integerIn } from './body-fields.js';

/** What an authored item's service offers for its saved versions. */
export interface VersionedItems<Entry, Version, Restored> {
  revisions(id: number, staff: AuthStaff): Promise<Entry[]>;
  revision(revisionId: number, staff: AuthStaff): Promise<Version>;
  /** Saves the version again as a new one; answers the item's id under its name. */
  restore(id: number, revisionId: number, staff: AuthStaff, ip: string | null): Promise<Restored>;
}

/**
 * Registers the three version calls of an authored item (`versionEndpoints`
 * of common/src/api/cms.ts: paths, bodies, answers, access) through the
 * contract's `route`; the service checks who may.
 */
export function versionRoutes<
  B extends string,
  K extends string,
  E extends TSchema,
  V extends TSchema,
>(
  app: FastifyInstance,
  calls: ReturnType<typeof versionEndpoints<B, K, E, V>>,
  idName: K,
  service: VersionedItems<
    Static<E>,
    Static<V>,
    Static<ReturnType<typeof versionEndpoints<B, K, E, V>>['restore']['data']>
  >,
) {
  const idOf = (body: unknown) => integerIn(body, idName);
  route(app, calls.revisions, async (request) =>
    ok(await service.revisions(idOf(request.body), staffOf(request))),
  );
  route(app, calls.revision, async (request) =>
    ok(await service.revision(integerIn(request.body, 'revisionId'), staffOf(request))),
  );
  route(app, calls.restore, async (request) => {
    const revisionId = integerIn(request.body, 'revisionId');
    const restored = service.restore(idOf(request.body), revisionId, staffOf(request), request.ip);
    return ok(await restored, '已恢复该版本');
  });
}
