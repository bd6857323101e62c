import type { ReviewStep, Static, TSchema } from '@school/common/api';
import { reviewEndpoints } from '@school/common/api';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';
import { confirmedIn, integerIn, textIn } from './body-fields.js';

/** The review steps an authored item's service offers (news, videos), answering the new state. */
export interface ReviewedItems<State> {
  /** `confirmed`: an administrator publishes despite sensitive words (workflow.ts). */
  submit(id: number, staff: AuthStaff, ip: string | null, confirmed?: boolean): Promise<State>;
  approve(id: number, staff: AuthStaff, ip: string | null, confirmed?: boolean): Promise<State>;
  reject(id: number, reason: string, staff: AuthStaff, ip: string | null): Promise<State>;
  shelve(id: number, staff: AuthStaff, ip: string | null, confirmed?: boolean): Promise<State>;
  unshelve(id: number, staff: AuthStaff, ip: string | null): Promise<State>;
  pin(id: number, ifTop: 0 | 1, staff: AuthStaff, ip: string | null): Promise<State>;
}

/**
 * Registers the review calls of a reviewed item (`reviewEndpoints` of
 * common/src/api/cms.ts: their paths, bodies, answers and access) through
 * the contract's `route`, each running its step of `service`. `refusals`:
 * the door's refusal of a step where the item words it its own way.
 */
export function workflowRoutes<B extends string, K extends string, S extends TSchema>(
  app: FastifyInstance,
  calls: ReturnType<typeof reviewEndpoints<B, K, S>>,
  idName: K,
  service: ReviewedItems<Static<S>>,
  refusals: Partial<Record<ReviewStep, string>> = {},
) {
  const idOf = (body: unknown) => integerIn(body, idName);
  route(app, calls.submit, { refusal: refusals.submit }, async (request) =>
    ok(
      await service.submit(
        idOf(request.body),
        staffOf(request),
        request.ip,
        confirmedIn(request.body),
      ),
      '已提交审核',
    ),
  );
  route(app, calls.approve, { refusal: refusals.approve }, async (request) =>
    ok(
      await service.approve(
        idOf(request.body),
        staffOf(request),
        request.ip,
        confirmedIn(request.body),
      ),
      '审核通过',
    ),
  );
  route(app, calls.reject, { refusal: refusals.reject }, async (request) => {
    const reason = textIn(request.body, 'reason');
    return ok(
      await service.reject(idOf(request.body), reason, staffOf(request), request.ip),
      '已退回',
    );
  });
  route(app, calls.shelve, { refusal: refusals.shelve }, async (request) =>
    ok(
      await service.shelve(
        idOf(request.body),
        staffOf(request),
        request.ip,
        confirmedIn(request.body),
      ),
      '已上架',
    ),
  );
  route(app, calls.unshelve, { refusal: refusals.unshelve }, async (request) =>
    ok(await service.unshelve(idOf(request.body), staffOf(request), request.ip), '已下架'),
  );
  route(app, calls.pin, { refusal: refusals.pin }, async (request) => {
    const ifTop = integerIn(request.body, 'ifTop') === 1 ? 1 : 0;
    const state = await service.pin(idOf(request.body), ifTop, staffOf(request), request.ip);
    return ok(state, ifTop === 1 ? '已置顶' : '已取消置顶');
  });
}
