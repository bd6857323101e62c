import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { todoCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { TodoCounts } from './counts.js';

/** api/todo/getTodoNum: the staff home's to-do counts, staff only. */
export const todoRoutes: FastifyPluginAsyncTypebox<{ todo: TodoCounts }> = async (
  app,
  { todo },
) => {
  route(app, todoCalls.getTodoNum, async (request) => {
    const staff = staffOf(request);
    return ok(await todo.counts(staff));
  });
};
