import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_PICTURE_MAX_BYTES, siteSettingsCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { UploadService } from '../../platform/files/upload.js';
import { drawFavicon, drawLogo, tagOf, type Identity } from './emblem.js';
import { pictureKind, storeSitePicture } from '../../platform/files/site-pictures.js';
import type { SiteSettingsService } from './service.js';

const LARGEST = Math.max(...Object.values(SITE_PICTURE_MAX_BYTES));
const tooLarge = (bytes: number) => new AppError(413, `图片过大，最大 ${bytes / 1024 / 1024} MB`);

/** The kind (a query or a form field) and the file's bytes of the upload's multipart body. */
async function readUpload(request: FastifyRequest, queryKind: string | undefined) {
  if (!request.isMultipart()) throw badRequest('请选择要上传的图片');
  let kind = queryKind;
  let file: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: LARGEST, files: 1, fields: 5 } })) {
    if (part.type === 'file') {
      file = await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(LARGEST) : err;
      });
    } else if (part.fieldname === 'kind' && typeof part.value === 'string') {
      kind = part.value;
    }
  }
  const checked = pictureKind(kind);
  if (!file?.length) throw badRequest('请选择要上传的图片');
  if (file.length > SITE_PICTURE_MAX_BYTES[checked]) {
    throw tooLarge(SITE_PICTURE_MAX_BYTES[checked]);
  }
  return { kind: checked, file };
}

/** A drawn picture: cached for long when addressed by its version, briefly otherwise. */
function sendDrawing(
  request: FastifyRequest,
  reply: FastifyReply,
  svg: string,
  versioned: boolean,
) {
  const tag = tagOf(svg);
  reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header(
      'cache-control',
      versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    )
    .header('etag', tag)
    // Shown as a picture; opened on its own it may still run nothing.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (request.headers['if-none-match'] === tag) return reply.code(304).send();
  return reply.send(svg);
}

/** 站点设置 (api/cms/siteSettings*) and the drawn logo and icon (api/site/*.svg). */
export const siteRoutes: FastifyPluginAsyncTypebox<{
  siteSettings: SiteSettingsService;
  uploads: UploadService;
}> = async (app, { siteSettings, uploads }) => {
  route(app, siteSettingsCalls.get, async (request) =>
    ok(await siteSettings.get(staffOf(request))),
  );
  route(app, siteSettingsCalls.read, async (request) =>
    ok(await siteSettings.get(staffOf(request))),
  );
  route(app, siteSettingsCalls.save, async (request) =>
    ok(await siteSettings.save(request.body, staffOf(request), request.ip), '保存成功'),
  );

  route(app, siteSettingsCalls.upload, async (request) => {
    const staff = staffOf(request);
    const { kind, file } = await readUpload(request, request.query.kind);
    const stored = await storeSitePicture(uploads, kind, file, staff.id);
    return ok({ url: stored.url }, '上传成功');
  });

  const identity = (): Promise<Identity> => siteSettings.identity();
  route(app, siteSettingsCalls.logo, async (request, reply) =>
    sendDrawing(request, reply, drawLogo(await identity()), Boolean(request.query.v)),
  );
  route(app, siteSettingsCalls.favicon, async (request, reply) =>
    sendDrawing(request, reply, drawFavicon(await identity()), Boolean(request.query.v)),
  );
};
