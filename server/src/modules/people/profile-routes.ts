import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { profileCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { ProfileService } from './profile.js';

/** The logged-in person's own profile (/editPwd). */
export const profileRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService }> = async (
  app,
  { profile },
) => {
  route(app, profileCalls.get, async (request) => {
    const staff = staffOf(request);
    return ok(await profile.get(staff));
  });

  route(app, profileCalls.save, async (request) => {
    const staff = staffOf(request);
    const { ...input } = request.body;
    return ok(await profile.save(staff, input), '保存成功');
  });
};
