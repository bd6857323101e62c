import type { InjectOptions } from 'fastify';
import { CALLER_KEYWORD } from '@school/common/api';
import type { TestApp } from '../../test-kit/app.js';
import { createStaff } from '../../test-kit/factories.js';
import { login } from '../../test-kit/http.js';
import type { WalkRoute } from './protected-version-walk.js';

type Schema = {
  properties?: Record<string, Record<string, unknown>>;
  anyOf?: Schema[];
};

/** The names under which the original pages send an id of a person. */
const PERSON_FIELDS = ['userId', 'staffId', 'idRoleSend'];

/**
 * Bodies where such a name is not the caller: an administrator's target
 * (staff accounts, a leaver's handover and mail archive), a signed hand-off's
 * subject, a reader's id that only marks what they liked (news detail, public).
 */
const NOT_THE_CALLER = [
  'POST /api/cms/handoff staffId',
  'POST /api/cms/staff/delete staffId',
  'POST /api/cms/staff/get staffId',
  'POST /api/cms/staff/handover staffId',
  'POST /api/cms/staff/handoverReport staffId',
  'POST /api/email/archive/getEmailDetail staffId',
  'POST /api/email/archive/getReceiveList staffId',
  'POST /api/email/archive/getSendList staffId',
  'POST /api/cms/staff/resetPassword staffId',
  'POST /api/cms/staff/save staffId',
  'POST /api/cms/staff/setStatus staffId',
  'POST /api/linked/verifyHandoff staffId',
  'POST /api/news/getNewsDetails staffId',
];

export interface CallerWalk {
  /** Route and field of every body that carries the caller's id. */
  marked: string[];
  problems: string[];
}

/**
 * Walks every route whose body names a person (userId, staffId, idRoleSend):
 * where the contract marks the field as the caller's own id, another
 * teacher's id is refused 403 at the door with the field's refusal, and the
 * caller's own passes the door; every other such field is one of the known
 * targets above. `door` tells the door's refusals from the services'.
 */
export async function walkCallerFields(
  t: TestApp,
  routes: WalkRoute[],
  minimal: (schema: never) => unknown,
  door: string,
): Promise<CallerWalk> {
  // Every role, so that no route's role rule answers before the caller's id is read.
  const me = await createStaff(t.db, { name: '管理员己', staffType: 5, isPower: 1, isAdmin: '1' });
  const other = await createStaff(t.db, { name: '教师庚' });
  const token = await login(t.app, me);
  const marked: string[] = [];
  const unmarked: string[] = [];
  const problems: string[] = [];
  for (const route of routes) {
    const schema = route.operation?.requestBody?.content?.['application/json']?.schema as
      Schema | undefined;
    if (!schema) continue;
    const fields: Record<string, Record<string, unknown>> = {};
    for (const branch of [schema, ...(schema.anyOf ?? [])])
      Object.assign(fields, branch.properties);
    for (const name of PERSON_FIELDS) {
      const field = fields[name];
      if (!field) continue;
      const key = `${route.method} ${route.url} ${name}`;
      const refusal = field[CALLER_KEYWORD];
      if (typeof refusal !== 'string') {
        unmarked.push(key);
        continue;
      }
      marked.push(key);
      const send = async (id: number) => {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: route.url,
          payload: { ...(minimal(schema as never) as object), [name]: id },
          headers: { authorization: `Bearer ${token}` },
        });
        const msg = response.json<{ msg: string }>().msg;
        return { status: response.statusCode, atDoor: response.headers[door] === '1', msg };
      };
      const theirs = await send(other.id);
      if (theirs.status !== 403 || !theirs.atDoor || theirs.msg !== refusal) {
        problems.push(`another's id not refused at the door: ${key}: ${JSON.stringify(theirs)}`);
      }
      const mine = await send(me.id);
      if (mine.atDoor || mine.status >= 500) {
        problems.push(`the caller's own id refused: ${key}: ${JSON.stringify(mine)}`);
      }
    }
  }
  const unexpected = unmarked.filter((key) => !NOT_THE_CALLER.includes(key));
  if (unexpected.length) problems.push(`person fields neither marked nor known: ${unexpected}`);
  const gone = NOT_THE_CALLER.filter((key) => !unmarked.includes(key));
  if (gone.length) problems.push(`known targets no longer in the contract: ${gone}`);
  return { marked, problems };
}
