import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { createDepartment, createStaff, type TestStaff } from './factories.js';
import { expectOk, login, postForm } from './http.js';

export interface ReceiveItem {
  inmailId: number;
  receiveId: number;
  inmailTitle: string;
  sendName: string;
  inmainState: number;
  fileCount: number;
}
export interface SendItem {
  inmailId: number;
  sendId: number;
  inmailTitle: string;
  receiveName: string;
  ifRead: string;
  inmainState: number;
  recalled: boolean;
  fileCount: number;
}
export interface Detail {
  inmailId: number;
  inmailTitle: string;
  inmailContent: string;
  sendName: string;
  receiveId: number | null;
  sendId: number | null;
  recalled: boolean;
  staffInfoList: Array<{
    staffId: number;
    staffName: string;
    inmainState: number | null;
    readDate: string | null;
    recalled: boolean;
  }>;
  staffIdArr: string;
  fileList: Array<{ fileId: number; fileName: string; filePath: string; fileSize: number }>;
}
export interface Page<T> {
  total: number;
  list: T[];
}
export type Fields = Record<string, string | number | undefined>;

export interface MailWorld {
  t: TestApp;
  /** 发件老师 and 收件甲 in 数学组, 收件乙 in its 数学备课组; 旁人丙 elsewhere; 停用丁 disabled. */
  sender: TestStaff;
  alice: TestStaff;
  bob: TestStaff;
  outsider: TestStaff;
  retired: TestStaff;
  token: { sender: string; alice: string; bob: string; outsider: string };
}

/**
 * A test app with a few staff logged in, and the mail calls as the pages send
 * them (forms), for a describe block of the mail suites.
 */
export function useMailWorld() {
  const w = { token: { sender: '', alice: '', bob: '', outsider: '' } } as MailWorld;

  beforeAll(async () => {
    w.t = await createTestApp();
    const dept = await createDepartment(w.t.db, { name: '数学组' });
    const sub = await createDepartment(w.t.db, { name: '数学备课组', parentId: dept });
    w.sender = await createStaff(w.t.db, { name: '发件老师', deptIds: [dept] });
    w.alice = await createStaff(w.t.db, { name: '收件甲', deptIds: [dept] });
    w.bob = await createStaff(w.t.db, { name: '收件乙', deptIds: [sub] });
    w.outsider = await createStaff(w.t.db, { name: '旁人丙' });
    w.retired = await createStaff(w.t.db, { name: '停用丁' });
    await w.t.db.updateTable('staff').set({ status: 0 }).where('id', '=', w.retired.id).execute();
    for (const who of ['sender', 'alice', 'bob', 'outsider'] as const) {
      w.token[who] = await login(w.t.app, w[who]);
    }
  });
  afterAll(() => w.t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(w.t.app, `/api/email/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  /** 教研通知 from 发件老师 to 收件甲 and 收件乙, unless told. */
  const send = (fields: Fields, who = w.token.sender) =>
    ok<{ inmailId: number }>(
      'sendEmail',
      {
        idRoleReceiveArr: `${w.alice.id},${w.bob.id}`,
        inmainState: 1,
        inmailTitle: '教研通知',
        inmailContent: '<p>周三下午教研活动</p>',
        fileList: '',
        ...fields,
      },
      who,
    );
  const inbox = (who: string, extra: Fields = {}) =>
    ok<Page<ReceiveItem>>('getReceiveList', { pageNum: 1, pageSize: 10, ...extra }, who);
  const outbox = (who: string, extra: Fields = {}) =>
    ok<Page<SendItem>>('getSendList', { pageNum: 1, pageSize: 10, ...extra }, who);
  const unread = (who: string) => ok<number>('getUnreadNum', {}, who);
  const upload = async (owner: TestStaff, fileName = '教案.docx') =>
    (
      await w.t.services.files.save(
        { fileName, mimeType: 'application/octet-stream', createdBy: owner.id },
        Buffer.from(`bytes of ${fileName}`),
      )
    ).id;
  const files = (...items: Array<{ fileId: number; fileName?: string }>) => JSON.stringify(items);
  const entryOf = async (who: string, inmailId: number) =>
    (await inbox(who, { pageSize: 50 })).list.find((item) => item.inmailId === inmailId);
  const sentOf = async (inmailId: number) =>
    (await outbox(w.token.sender, { pageSize: 50 })).list.find(
      (item) => item.inmailId === inmailId,
    );
  return { w, call, ok, send, inbox, outbox, unread, upload, files, entryOf, sentOf };
}
