import Fastify, {
  type HTTPMethods,
  type InjectOptions,
  type LightMyRequestResponse,
} from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type Access } from '@school/common/api';
import { AccessRefusal, accessPlugin } from '../access.js';
import { authPlugin } from '../auth.js';
import type { SessionStore } from '../../platform/auth/session.js';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../test-kit/http.js';
import { walkCallerFields } from './caller-walk.js';
import { walkVersionsOfGuardedFiles } from './protected-version-walk.js';

/**
 * Issue 16: every route declares who may call it, and one walk checks every
 * route under /api against its rule for six identities. The rule is read from
 * the OpenAPI document (x-access) and from the app's own list of routes (which
 * also holds the routes the document hides: tus, the document itself).
 */

type Identity =
  'anonymous' | 'teacher' | 'otherTeacher' | 'contentAdmin' | 'systemAdmin' | 'driveAdmin';
const IDENTITIES: Identity[] = [
  'anonymous',
  'teacher',
  'otherTeacher',
  'contentAdmin',
  'systemAdmin',
  'driveAdmin',
];

/** Who passes each rule at the door, written out here rather than taken from the server. */
const PASSES: Record<Access, (who: Identity) => boolean> = {
  public: () => true,
  linkedSystem: () => false,
  staff: (who) => who !== 'anonymous',
  owner: (who) => who !== 'anonymous',
  contentAdmin: (who) => who === 'contentAdmin',
  systemAdmin: (who) => who === 'systemAdmin',
  driveAdmin: (who) => who === 'driveAdmin',
};

/** The refusal a role rule answers at the door (routes may word their own: `refusal`). */
const ROLE_MESSAGES: Partial<Record<Access, string[]>> = {
  contentAdmin: [
    '只有管理员可以进行此操作',
    '只有管理员可以查看操作日志',
    '只有管理员可以审核',
    '只有管理员可以置顶',
  ],
  systemAdmin: ['只有系统管理员可以进行此操作'],
  driveAdmin: ['只有网盘管理员可以进行此操作'],
};

/** A response header this test's app sets on the door's refusals (never in production). */
const DOOR = 'x-test-access-refusal';

/** The largest id a column holds: an id no fixture has, so no call touches real rows. */
const NO_SUCH_ID = 2_147_483_647;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  minItems?: number;
  items?: JsonSchema;
  required?: string[];
  properties?: Record<string, JsonSchema>;
};

/**
 * The smallest value a schema accepts, as far as it can be made without
 * knowing the call: required fields only, ids at the largest value (no row
 * has it), strings of one character (or one a pattern takes).
 */
function minimal(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    return minimal(branches.find((b) => b.type !== 'null' && !b.nullable) ?? branches[0]);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.includes('object')
    ? 'object'
    : (types.find((kind) => kind && kind !== 'null') ?? 'object');
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(Math.min(schema.maximum ?? NO_SUCH_ID, NO_SUCH_ID), schema.minimum ?? 0);
    case 'string': {
      const tries = ['x'.repeat(Math.max(1, schema.minLength ?? 1)), '1', '2026-03-02', 'a1'];
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      return (pattern && tries.find((text) => pattern.test(text))) ?? tries[0];
    }
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems ? [minimal(schema.items)] : [];
    default: {
      const body: Record<string, unknown> = {};
      for (const key of schema.required ?? []) body[key] = minimal(schema.properties?.[key]);
      return body;
    }
  }
}

interface Operation {
  'x-access'?: Access;
  summary?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** The OpenAPI spelling of a Fastify path: `/files/:id` → `/files/{id}`, `/*` → `/{*}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');

interface RouteCase {
  method: HTTPMethods;
  url: string;
  access: Access;
  operation?: Operation;
}

describe('every route declares who may call it (issue 16)', () => {
  let t: TestApp;
  const staff = {} as Record<Exclude<Identity, 'anonymous'>, TestStaff>;
  const token: Record<Identity, string | null> = {
    anonymous: null,
    teacher: null,
    otherTeacher: null,
    contentAdmin: null,
    systemAdmin: null,
    driveAdmin: null,
  };
  let doc: OpenApi;
  let routes: RouteCase[];

  beforeAll(async () => {
    t = await createTestApp({
      // The walk sends some 1,400 calls from one address within a minute; /publicPage's
      // password entry is switched on so it answers as a login does.
      env: { API_RATE_LIMIT: '1000000', PUBLIC_ENTRY_PASSWORD: 'true' },
    });
    // Marks the door's own refusals, so the walk tells them from the services' finer checks.
    t.app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof AccessRefusal) void reply.header(DOOR, '1');
    });
    staff.teacher = await createStaff(t.db, { name: '教师甲' });
    staff.otherTeacher = await createStaff(t.db, { name: '教师乙' });
    staff.contentAdmin = await createStaff(t.db, { name: '内容管理员', isPower: 1 });
    staff.systemAdmin = await createStaff(t.db, { name: '系统管理员', staffType: 5, isPower: 0 });
    staff.driveAdmin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    for (const who of IDENTITIES) {
      if (who !== 'anonymous') token[who] = await login(t.app, staff[who]);
    }
    doc = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApi>();

    const seen = new Set<string>();
    routes = [];
    for (const entry of t.app.routeAccess) {
      const methods = Array.isArray(entry.method) ? entry.method : [entry.method];
      for (const method of methods) {
        const key = `${method} ${entry.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const operation = doc.paths[openapiPath(entry.url)]?.[method.toLowerCase()];
        routes.push({ method, url: entry.url, access: entry.access, operation });
      }
    }
    // A GET's HEAD is the same route; logging out ends the identity's session: last.
    routes = routes.filter((route) => route.method !== 'HEAD' || !seen.has(`GET ${route.url}`));
    routes.sort(
      (a, b) => Number(a.url.endsWith('/loginOut.do')) - Number(b.url.endsWith('/loginOut.do')),
    );
  });
  afterAll(() => t?.close());

  it('starts no app with a route under /api that declares no rule', async () => {
    const app = Fastify();
    const start = async () => {
      const sessions = { resolve: async () => null } as unknown as SessionStore;
      await app.register(authPlugin, { sessions });
      await app.register(accessPlugin);
      await app.register(
        async (api) => {
          api.post('/declared', { config: { access: 'staff' } }, async () => ({}));
          api.post('/forgotten', async () => ({}));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow('POST /api/forgotten: no access rule');
    await app.close();
  });

  it('every route has a rule, and the API page shows it', () => {
    expect(routes.length).toBeGreaterThan(200);
    const undocumented: string[] = [];
    for (const route of routes) {
      expect(ACCESS_RULES).toContain(route.access);
      if (!route.operation) {
        undocumented.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(route.operation['x-access'], `${route.method} ${route.url}`).toBe(route.access);
    }
    // Hidden from the API page on purpose: the tus protocol's calls and the page's own document.
    expect(undocumented.sort()).toEqual([
      'DELETE /api/resources/tus',
      'DELETE /api/resources/tus/*',
      'GET /api/docs/json',
      'HEAD /api/resources/tus',
      'HEAD /api/resources/tus/*',
      'PATCH /api/resources/tus',
      'PATCH /api/resources/tus/*',
      'POST /api/resources/tus',
      'POST /api/resources/tus/*',
    ]);
    // Every operation of the document is a route of the list (nothing documented is unchecked).
    const listed = new Set(routes.map((route) => `${route.method} ${openapiPath(route.url)}`));
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        if (method === 'head') continue;
        expect(listed, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
      }
    }
  });

  /** One call of a route by one identity, with the smallest body its schema takes. */
  async function call(route: RouteCase, who: Identity): Promise<LightMyRequestResponse> {
    const url = route.url.replace(/:[A-Za-z_]+/g, String(NO_SUCH_ID)).replace(/\*$/, 'x');
    const query: Record<string, string> = {};
    for (const parameter of route.operation?.parameters ?? []) {
      if (parameter.in === 'query' && parameter.required) {
        query[parameter.name] = String(minimal(parameter.schema));
      }
    }
    const bodySchema = route.operation?.requestBody?.content?.['application/json']?.schema;
    const response = await t.app.inject({
      method: route.method as InjectOptions['method'],
      url,
      query,
      ...(bodySchema ? { payload: minimal(bodySchema) as object } : {}),
      headers: token[who] ? { authorization: `Bearer ${token[who]}` } : {},
      // The live counter (text/event-stream) never ends: read its head only.
      payloadAsStream: route.method === 'GET',
    });
    return response;
  }

  /** The answer's message (read from the stream for a GET, which was asked as one). */
  async function messageOf(route: RouteCase, response: LightMyRequestResponse): Promise<string> {
    let text = String(response.headers['content-type']).includes('json') ? '' : '(not json)';
    if (route.method !== 'GET') {
      text = response.body;
    } else if (!text) {
      for await (const chunk of response.stream()) text += String(chunk);
    } else {
      response.stream().destroy();
    }
    try {
      return (JSON.parse(text) as { msg: string }).msg;
    } catch {
      return text.slice(0, 80);
    }
  }

  it('walks every route × {anonymous, teacher, another teacher, content, system and drive administrators}', async () => {
    const problems: string[] = [];
    let calls = 0;
    const byRule: Partial<Record<Access, number>> = {};
    for (const route of routes) {
      byRule[route.access] = (byRule[route.access] ?? 0) + 1;
      for (const who of IDENTITIES) {
        const response = await call(route, who);
        calls++;
        const status = response.statusCode;
        const door = response.headers[DOOR] === '1';
        const msg = await messageOf(route, response);
        const where = `${route.method} ${route.url} [${route.access}] as ${who}: ${status} ${msg}`;
        if (status >= 500) {
          problems.push(`server error: ${where}`);
          continue;
        }
        if (!PASSES[route.access](who)) {
          if (route.access === 'linkedSystem') {
            // No staff session opens it; the route checks the calling system's key.
            if (status !== 401 && status !== 403) problems.push(`not refused: ${where}`);
          } else if (who === 'anonymous') {
            if (status !== 401 || !door)
              problems.push(`anonymous not refused at the door: ${where}`);
          } else if (status !== 403 || !door || !ROLE_MESSAGES[route.access]?.includes(msg)) {
            problems.push(`below the rule, not refused at the door: ${where}`);
          }
          continue;
        }
        if (door || status === 401) {
          problems.push(`refused though the rule lets in: ${where}`);
        } else if (status === 403 && route.access !== 'owner') {
          // Only owner rules leave a refusal to the service (the caller's part in the item).
          problems.push(`refused by role though the rule lets in: ${where}`);
        }
      }
    }
    console.log(
      `route access: ${routes.length} routes × ${IDENTITIES.length} identities = ${calls} calls ` +
        `(${Object.entries(byRule)
          .map(([rule, n]) => `${rule} ${n}`)
          .join(', ')}); ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
    expect(calls).toBe(routes.length * IDENTITIES.length);
  }, 120_000);

  it('owner rules: another teacher cannot read or act on a teacher’s mail, drive and leave items', async () => {
    const owner = await createStaff(t.db, { name: '教师丙' });
    const recipient = await createStaff(t.db, { name: '教师丁' });
    const stranger = await createStaff(t.db, { name: '教师戊' });
    const as = {
      owner: await login(t.app, owner),
      recipient: await login(t.app, recipient),
      stranger: await login(t.app, stranger),
    };
    const post = (path: string, fields: Record<string, string | number>, who: string) =>
      postForm(t.app, `/api${path}`, fields, { token: who });
    const ok = async <T>(path: string, fields: Record<string, string | number>, who: string) =>
      expectOk<T>(await post(path, fields, who));
    type Paged<T> = { list: T[] };

    // The owner's items: a mail to one colleague, a draft, a folder and a file on their own
    // disk, a leave request.
    const mailTitle = '期中成绩单';
    const { inmailId } = await ok<{ inmailId: number }>(
      '/email/sendEmail',
      {
        idRoleReceiveArr: String(recipient.id),
        inmailTitle: mailTitle,
        inmailContent: '<p>见附件</p>',
      },
      as.owner,
    );
    const sendId = (
      await ok<Paged<{ sendId: number; inmailId: number }>>('/email/getSendList', {}, as.owner)
    ).list.find((item) => item.inmailId === inmailId)!.sendId;
    const receiveId = (
      await ok<Paged<{ receiveId: number; inmailId: number }>>(
        '/email/getReceiveList',
        {},
        as.recipient,
      )
    ).list.find((item) => item.inmailId === inmailId)!.receiveId;
    const { draftId } = await ok<{ draftId: number }>(
      '/email/saveDraft',
      { inmailTitle: '没写完的信' },
      as.owner,
    );
    const { fid } = await ok<{ fid: number }>(
      '/resources/addFolder',
      { fName: '我的成绩册', sType: 1 },
      as.owner,
    );
    const file = await t.services.files.save(
      { fileName: '成绩.pdf', mimeType: 'application/pdf', createdBy: owner.id },
      Buffer.from('%PDF-1.4 marks'),
    );
    const { resourcesId } = await ok<{ resourcesId: number }>(
      '/resources/addResource',
      { sType: 1, fId: fid, resourcesType: '1', resourcesPath: `/api/files/${file.id}` },
      as.owner,
    );
    const { leaveId } = await ok<{ leaveId: number }>(
      '/leave/apply',
      {
        leaveType: '2',
        startDate: '2026-03-09',
        startHalf: '1',
        endDate: '2026-03-10',
        endHalf: '2',
        reason: '家中有事',
      },
      as.owner,
    );

    // The stranger's own upload, to try to register into the owner's folder.
    const theirs = await t.services.files.save(
      { fileName: '教案.pdf', mimeType: 'application/pdf', createdBy: stranger.id },
      Buffer.from('%PDF-1.4 plan'),
    );

    /** The owner's items under the names the calls give their ids. */
    const ids: Record<string, number | string> = {
      fileAddList: JSON.stringify([{ resourcesPath: `/api/files/${theirs.id}` }]),
      inmailId,
      sendId,
      receiveId,
      sendIdArr: String(sendId),
      receiveIdArr: String(receiveId),
      draftId,
      fId: fid,
      resourcesId,
      leaveId,
    };
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    let tried = 0;
    for (const route of routes) {
      if (route.access !== 'owner') continue;
      const schema = route.operation?.requestBody?.content?.['application/json']?.schema;
      const named = Object.keys(schema?.properties ?? {}).filter((key) => key in ids);
      const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
      if (!named.length && !params.some((name) => name in ids)) continue;
      const body = { ...(minimal(schema) as object) } as Record<string, unknown>;
      for (const key of named) body[key] = ids[key];
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
        String(ids[name] ?? NO_SUCH_ID),
      );
      const response = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        ...(schema ? { payload: body } : {}),
        headers: { authorization: `Bearer ${as.stranger}` },
      });
      tried++;
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      const where = `${route.method} ${url} ${JSON.stringify(body)}: ${response.statusCode} ${response.body.slice(0, 80)}`;
      if (response.statusCode !== 403 && response.statusCode !== 404) problems.push(where);
      if (response.headers[DOOR]) problems.push(`refused at the door: ${where}`);
    }
    console.log(
      `owner rules: ${tried} calls on another teacher’s mail, drive and leave items ` +
        `(answers: ${JSON.stringify(statuses)})`,
    );
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(30);

    // Nothing of the owner's was changed by the attempts.
    const mail = await ok<{ inmailTitle: string }>('/email/getEmailDetail', { inmailId }, as.owner);
    expect(mail.inmailTitle).toBe(mailTitle);
    expect(
      (
        await ok<{ inmailTitle: string }>(
          '/email/getEmailDetail',
          { inmailId, receiveId },
          as.recipient,
        )
      ).inmailTitle,
    ).toBe(mailTitle);
    await ok('/email/getDraft', { draftId }, as.owner);
    await ok('/resources/getFolderInfo', { fId: fid }, as.owner);
    const resource = await ok<{ resourcesName: string }>(
      '/resources/getResourcesDetail',
      { resourcesId },
      as.owner,
    );
    expect(resource.resourcesName).toBe('成绩.pdf');
    const leave = await ok<{ state: string }>('/leave/detail', { leaveId }, as.owner);
    expect(leave.state).not.toBe('withdrawn');
  });

  it('the caller’s own id: another’s is refused at the door on every route whose body carries it', async () => {
    const { marked, problems } = await walkCallerFields(t, routes, minimal, DOOR);
    const refusals = [...new Set(marked.map((key) => key.split(' ').pop()))];
    console.log(
      `caller ids: ${marked.length} route fields (${refusals.join(', ')}) checked by the door`,
    );
    expect(problems).toEqual([]);
    // userId / staffId / idRoleSend on mail, drive, news, video, the address book, the home,
    // the to-do count, the operation log, the password and the logout.
    expect(marked.length).toBeGreaterThanOrEqual(72);
  });

  it('another teacher gets no version of a 防泄密 or private drive file, by any route', async () => {
    const { tried, problems } = await walkVersionsOfGuardedFiles(t, routes, minimal);
    console.log(`versions of guarded files: ${tried} calls by another teacher`);
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(40);
  });
});
