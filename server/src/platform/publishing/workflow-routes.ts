import { Type, reviewCalls, type Access, type Call, type TSchema } from '@school/common/api';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { routeSchema } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { AuthStaff } from '../auth/session.js';

/** The review steps an authored item's service offers (news, videos). */
export interface ReviewedItems {
  submit(id: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
  approve(id: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
  reject(id: number, reason: string, staff: AuthStaff, ip: string | null): Promise<unknown>;
  shelve(id: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
  unshelve(id: number, staff: AuthStaff, ip: string | null): Promise<unknown>;
  pin(id: number, ifTop: 0 | 1, staff: AuthStaff, ip: string | null): Promise<unknown>;
}

/** The steps of the review workflow, each its own call. */
export type WorkflowStep = keyof ReturnType<typeof reviewCalls>;

/** The answer of a caller that has not given its `state` schema yet: any object, undescribed. */
const undescribed = Type.Object({}, { additionalProperties: true });

/**
 * The workflow calls of a reviewed item under its own path and id name:
 * `<base>/submit`, `approve`, `reject {reason}`, `shelve`, `unshelve` and
 * `pin {ifTop}`, each answering the item's new state. Who may take a step is
 * the service's to decide; `who` only words the summaries. The bodies are
 * `reviewCalls` of common/src/api/cms.ts.
 */
export function workflowRoutes(
  app: FastifyInstance,
  options: {
    base: string;
    idName: string;
    what: string;
    /** Who may shelve and take off, as the summaries say it. */
    shelvers: string;
    service: ReviewedItems;
    /** The schema of a step's answer: the item's id and new state (common/src/api). */
    state?: TSchema;
    /** Who may call each step (http/access.ts); the service still checks the item. */
    access: Record<WorkflowStep, Access>;
    /** The door's refusal of a step where the item words it its own way. */
    refusals?: Partial<Record<WorkflowStep, string>>;
  },
) {
  const { base, idName, what, shelvers, service, access, refusals = {} } = options;
  const calls = reviewCalls(idName, what, options.state ?? undescribed);
  const route = <Extra>(
    step: keyof typeof calls,
    summary: string,
    run: (id: number, payload: Extra, staff: AuthStaff, ip: string | null) => Promise<unknown>,
    done: (payload: Extra) => string,
  ) =>
    app.post(
      `${base}/${step}`,
      {
        config: { access: access[step], refusal: refusals[step] },
        schema: routeSchema(calls[step] as Call<TSchema, TSchema>, {
          summary: `内容管理：${summary}`,
          tags: ['cms'],
        }),
      },
      async (request) => {
        const payload = request.body as Extra & Record<string, number>;
        const state = await run(payload[idName]!, payload, staffOf(request), request.ip);
        return ok(state, done(payload));
      },
    );

  route(
    'submit',
    `${what}提交审核（草稿或被退回的，本人）`,
    (i, _, s, ip) => service.submit(i, s, ip),
    () => '已提交审核',
  );
  route(
    'approve',
    `${what}审核通过（仅管理员）`,
    (i, _, s, ip) => service.approve(i, s, ip),
    () => '审核通过',
  );
  route<{ reason: string }>(
    'reject',
    `退回${what}并写明原因（仅管理员）`,
    (i, p, s, ip) => service.reject(i, p.reason, s, ip),
    () => '已退回',
  );
  route(
    'shelve',
    `${what}上架（审核通过后；${shelvers}）`,
    (i, _, s, ip) => service.shelve(i, s, ip),
    () => '已上架',
  );
  route(
    'unshelve',
    `${what}下架（${shelvers}）`,
    (i, _, s, ip) => service.unshelve(i, s, ip),
    () => '已下架',
  );
  route<{ ifTop: 0 | 1 }>(
    'pin',
    `${what}置顶（ifTop 1）或取消置顶（ifTop 0），仅管理员`,
    (i, p, s, ip) => service.pin(i, p.ifTop, s, ip),
    (p) => (p.ifTop === 1 ? '已置顶' : '已取消置顶'),
  );
}
