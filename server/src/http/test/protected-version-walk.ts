import { createHash } from 'node:crypto';
import type { HTTPMethods, InjectOptions } from 'fastify';
import type { TestApp } from '../../test-kit/app.js';
import { createStaff } from '../../test-kit/factories.js';
import { expectOk, login, postFile, postForm } from '../../test-kit/http.js';

/** A route as route-access.test.ts reads it from the app and the OpenAPI document. */
export interface WalkRoute {
  method: HTTPMethods;
  url: string;
  operation?: {
    parameters?: Array<{ in: string; name: string; required?: boolean; schema?: unknown }>;
    requestBody?: { content?: Record<string, { schema?: unknown }> };
  };
}
type Schema = { properties?: Record<string, unknown> };

/** Names under which a call takes a stored file or a version: each must refuse them. */
const FILE_FIELDS = [
  'id',
  'FILE_ID',
  'fileId',
  'versionId',
  'resourcesPath',
  'fileAddList',
  'fileList',
];

/**
 * Walks every route that takes a drive file's earlier version (its stored
 * file's id, its address, its version id, its bytes' hash) or the file's id,
 * for a version of a 防泄密 file and one of a private file: another teacher
 * is refused (403/404 with a Chinese message) wherever the version's file or
 * version id is given, and no answer carries the version's bytes or address;
 * the uploader reads the version at every GET address. Answers the problems.
 */
export async function walkVersionsOfGuardedFiles(
  t: TestApp,
  routes: WalkRoute[],
  minimal: (schema: never) => unknown,
): Promise<{ tried: number; problems: string[] }> {
  const owner = await createStaff(t.db, { name: '教师己' });
  const colleague = await createStaff(t.db, { name: '教师庚' });
  const admin = await createStaff(t.db, { name: '网盘管理员乙', isAdmin: '1' });
  const as = {
    owner: await login(t.app, owner),
    colleague: await login(t.app, colleague),
    admin: await login(t.app, admin),
  };
  const ok = async <T>(path: string, fields: Record<string, string | number>, who: string) =>
    expectOk<T>(await postForm(t.app, `/api/resources/${path}`, fields, { token: who }));
  const fId = (await ok<{ fid: number }>('addFolder', { sType: 0, fName: '试卷库' }, as.admin)).fid;
  const upload = async (text: string) =>
    expectOk<{ fileId: number; url: string }>(
      await postFile(
        t.app,
        '/api/resources/upload.do',
        { name: '试卷.txt', data: Buffer.from(text) },
        { token: as.owner },
      ),
    );

  const problems: string[] = [];
  let tried = 0;
  const guards: Array<Record<string, string>> = [
    { resourcesIsProtected: '1' },
    { resourcesIsOpen: '1' },
  ];
  for (const guard of guards) {
    const secret = `ANSWERS A B C D ${JSON.stringify(guard)}`;
    const old = await upload(secret);
    const register = (path: string, onConflict = '') =>
      ok<{ resourcesId: number }>(
        'addResource',
        { fId, resourcesType: '1', resourcesPath: path, onConflict },
        as.owner,
      );
    const { resourcesId } = await register(old.url);
    await register((await upload(`PAPER ${resourcesId}`)).url, 'replace');
    await ok(
      'editResource',
      {
        resourcesId,
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '2',
        resourcesIsComment: '1',
        resourcesDesc: '期末考试',
        ...guard,
      },
      as.owner,
    );
    const [{ versionId }] = await ok<Array<{ versionId: number }>>(
      'getVersions',
      { resId: resourcesId },
      as.owner,
    );
    const ids: Record<string, string | number> = {
      id: old.fileId,
      FILE_ID: old.fileId,
      fileId: old.fileId,
      versionId: versionId!,
      resourcesPath: old.url,
      fileAddList: JSON.stringify([{ resourcesPath: old.url }]),
      fileList: JSON.stringify([{ fileId: old.fileId, fileName: '试卷.txt' }]),
      resId: resourcesId,
      resourcesId,
      sha256: createHash('sha256').update(secret).digest('hex'),
    };
    /** Fields a call needs to reach the file: the library folder the colleague may upload to. */
    const context: Record<string, string | number> = {
      fId,
      fileName: '试卷.txt',
      fileSize: Buffer.byteLength(secret),
    };
    const leaks = (body: string) =>
      body.includes(secret) || new RegExp(`/api/files/${old.fileId}(?!\\d)`).test(body);

    for (const route of routes) {
      const schema = route.operation?.requestBody?.content?.['application/json']?.schema as
        Schema | undefined;
      const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
      const query = (route.operation?.parameters ?? []).filter((p) => p.in === 'query');
      const named = [
        ...Object.keys(schema?.properties ?? {}),
        ...params,
        ...query.map((p) => p.name),
      ].filter((key) => key in ids && (key !== 'id' || route.url.startsWith('/api/files/')));
      if (named.length === 0) continue;
      const body = { ...(minimal(schema as never) as object) } as Record<string, unknown>;
      for (const key of Object.keys(schema?.properties ?? {})) {
        const value = ids[key] ?? context[key];
        if (value !== undefined) body[key] = value;
      }
      const search: Record<string, string> = {};
      for (const p of query) {
        if (p.name in ids) search[p.name] = String(ids[p.name]);
        else if (p.required) search[p.name] = String(minimal(p.schema as never));
      }
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
        String(ids[name] ?? 2_147_483_647),
      );
      const send = (who: string) =>
        t.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          query: search,
          ...(schema ? { payload: body } : {}),
          headers: { authorization: `Bearer ${who}` },
        });
      const answer = await send(as.colleague);
      tried++;
      const where = `${JSON.stringify(guard)} ${route.method} ${url} ${JSON.stringify(search)}: ${answer.statusCode} ${answer.body.slice(0, 100)}`;
      if (answer.statusCode >= 500 || leaks(answer.body)) problems.push(`leaks: ${where}`);
      if (named.some((key) => FILE_FIELDS.includes(key))) {
        const msg = answer.headers['content-type']?.toString().includes('json')
          ? answer.json<{ msg?: string }>().msg
          : undefined;
        if (![403, 404].includes(answer.statusCode) || !/[\u4e00-\u9fff]/.test(msg ?? '')) {
          problems.push(`not refused: ${where}`);
        }
        // Its uploader reads the version at every address that reads a file.
        if (route.method === 'GET') {
          const own = await send(as.owner);
          if (own.statusCode !== 200 || own.body !== secret) {
            problems.push(`not read by its uploader: ${where} -> ${own.statusCode}`);
          }
        }
      }
    }
  }
  return { tried, problems };
}
