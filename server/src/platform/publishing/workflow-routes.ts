import type { BatchResult, BatchStep, ReviewStep, Static, TSchema } from '@school/common/api';
import { BATCH_MAX, batchEndpoints, reviewEndpoints } from '@school/common/api';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError, badRequest } from '../../http/errors.js';
import { idsOf } from '../../http/id-list.js';
import type { AuthStaff } from '../auth/session.js';
import type { SensitiveConsent } from '../content/sensitive-words.js';
import { consentIn, integerIn, textIn } from './body-fields.js';

/**
 * A review step that submits or publishes: `consent` is what the person says
 * about the item's sensitive words (workflow.ts).
 */
type ConsentedStep<State> = (
  id: number,
  staff: AuthStaff,
  ip: string | null,
  consent?: SensitiveConsent,
) => Promise<State>;

/** The review steps an authored item's service offers (news, videos), answering the new state. */
export interface ReviewedItems<State> {
  submit: ConsentedStep<State>;
  approve: ConsentedStep<State>;
  reject(id: number, reason: string, staff: AuthStaff, ip: string | null): Promise<State>;
  shelve: ConsentedStep<State>;
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
  const consented = (step: 'submit' | 'approve' | 'shelve', message: string) =>
    route(app, calls[step], { refusal: refusals[step] }, async (request) => {
      const { body } = request;
      return ok(
        await service[step](idOf(body), staffOf(request), request.ip, consentIn(body)),
        message,
      );
    });
  consented('submit', '已提交审核');
  consented('approve', '审核通过');
  route(app, calls.reject, { refusal: refusals.reject }, async (request) => {
    const reason = textIn(request.body, 'reason');
    return ok(
      await service.reject(idOf(request.body), reason, staffOf(request), request.ip),
      '已退回',
    );
  });
  consented('shelve', '已上架');
  route(app, calls.unshelve, { refusal: refusals.unshelve }, async (request) =>
    ok(await service.unshelve(idOf(request.body), staffOf(request), request.ip), '已下架'),
  );
  route(app, calls.pin, { refusal: refusals.pin }, async (request) => {
    const ifTop = integerIn(request.body, 'ifTop') === 1 ? 1 : 0;
    const state = await service.pin(idOf(request.body), ifTop, staffOf(request), request.ip);
    return ok(state, ifTop === 1 ? '已置顶' : '已取消置顶');
  });
}

/** The single steps a bulk call repeats (news, videos). */
export interface BatchedItems {
  approve(id: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
  unshelve(id: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
  remove(id: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
}

/**
 * Registers a list's bulk calls (`batchEndpoints`): each id goes through the
 * single call's own step of `service`, so its permission check, state rule
 * and transaction are exactly the single call's. Items are independent: one
 * refused (403, 404, a wrong state, a concurrent change) is reported with its
 * message and the others go on; an item is changed whole or not at all. Not
 * one transaction for all: a list's selection mixes items a person may and
 * may not change, and refusing the lot for one of them would make the person
 * redo it by hand. An unexpected error stops the call (500) with the items
 * before it done, each complete.
 */
export function batchRoutes(
  app: FastifyInstance,
  calls: ReturnType<typeof batchEndpoints<string>>,
  service: BatchedItems,
  refusals: Partial<Record<BatchStep, string>> = {},
) {
  const run = async (
    text: string,
    step: (id: number) => Promise<unknown>,
  ): Promise<BatchResult> => {
    const ids = idsOf(text);
    if (ids.length === 0) throw badRequest('请选择要处理的内容');
    if (ids.length > BATCH_MAX) throw badRequest(`一次最多处理${BATCH_MAX}条`);
    const result: BatchResult = { done: [], refused: [] };
    for (const id of ids) {
      try {
        await step(id);
        result.done.push(id);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        result.refused.push({ id, message: err.message });
      }
    }
    return result;
  };
  const summary = (verb: string, result: BatchResult) =>
    result.refused.length
      ? `${verb}${result.done.length}条，${result.refused.length}条未处理`
      : `${verb}${result.done.length}条`;
  for (const [key, verb] of [
    ['approve', '审核通过'],
    ['unshelve', '下架'],
    ['remove', '删除'],
  ] as const) {
    route(app, calls[key], { refusal: refusals[key] }, async (request) => {
      const staff = staffOf(request);
      const result = await run(request.body.ids, (id) => service[key](id, staff, request.ip));
      return ok(result, summary(`已${verb}`, result));
    });
  }
}
