import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SETUP_LOGO_MAX_BYTES, setupCalls, type SetupInput } from '@school/common/api';
import { setFileCookie } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { SetupService } from './service.js';

const LOGO_TOO_LARGE = `学校标志不能超过 ${SETUP_LOGO_MAX_BYTES / 1024 / 1024} MB`;
const FORM_FIELDS = ['token', 'name', 'shortName', 'code', 'staffName', 'password', 'password2'];

interface Logo {
  fileName: string;
  bytes: Buffer;
}

/** The form's fields and its logo (read whole: a small picture) from a multipart body. */
async function multipartForm(request: FastifyRequest) {
  const form: Record<string, string> = {};
  let logo: Logo | undefined;
  for await (const part of request.parts({
    limits: { fileSize: SETUP_LOGO_MAX_BYTES, files: 1 },
  })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError(413, LOGO_TOO_LARGE) : err;
      });
      if (part.fieldname === 'logo' && bytes.length > 0) logo = { fileName: part.filename, bytes };
    } else if (FORM_FIELDS.includes(part.fieldname) && typeof part.value === 'string') {
      form[part.fieldname] = part.value;
    }
  }
  return { form: form as SetupInput, logo };
}

/** `api/setup/status` (GET or POST) and `api/setup`: the first run. */
export const setupRoutes: FastifyPluginAsyncTypebox<{
  setup: SetupService;
}> = async (app, { setup }) => {
  const status = async () => ok({ needed: await setup.needed() });
  route(app, setupCalls.status, status);
  route(app, setupCalls.statusGet, status);

  route(app, setupCalls.setup, async (request, reply) => {
    await setup.assertNeeded();
    const { form, logo } = request.isMultipart()
      ? await multipartForm(request)
      : { form: (request.body ?? {}) as SetupInput, logo: undefined };
    const checked = await setup.check(form);
    const stored = logo ? await setup.storeLogo(logo.bytes) : undefined;
    const user = await setup.setup(checked, stored, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    setFileCookie(request, reply, user.token);
    return ok(user, '设置完成');
  });
};
