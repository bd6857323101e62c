import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;

/**
 * checkNames and the name 保留两者 picks answer from the names the caller can
 * see: a colleague's private file of the same name changes nothing, so they
 * do not tell that it exists. Names are not unique in a folder: the hidden
 * file keeps its name beside the new one.
 */
describe('names a teacher cannot see do not change checkNames or 保留两者', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let colleague: TestStaff;
  const token = { admin: '', teacher: '', colleague: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    colleague = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.colleague = await login(t.app, colleague);
  });
  afterAll(() => t?.close());

  async function ok<T>(path: string, fields: Fields, who: string) {
    return expectOk<T>(await postForm(t.app, `/api/resources/${path}`, fields, { token: who }));
  }
  const folder = async (fName: string) =>
    (await ok<{ fid: number }>('addFolder', { sType: 0, fName }, token.admin)).fid;
  const register = async (
    who: TestStaff,
    fId: number,
    name: string,
    fields: Fields = {},
  ): Promise<number> => {
    const file = await t.services.files.save(
      { fileName: name, mimeType: 'application/octet-stream', createdBy: who.id },
      Buffer.from(`${who.name} ${name}`),
    );
    const whose = who === teacher ? token.teacher : token.colleague;
    return (
      await ok<{ resourcesId: number }>(
        'addResource',
        { fId, resourcesType: '1', resourcesPath: `/api/files/${file.id}`, ...fields },
        whose,
      )
    ).resourcesId;
  };
  const nameOf = async (resourcesId: number, who: string) =>
    (await ok<{ resourcesName: string }>('getResourcesDetail', { resourcesId }, who)).resourcesName;
  const clashes = (fId: number, who: string) =>
    ok<string[]>('checkNames', { fId, names: JSON.stringify(['试卷.docx']) }, who);

  /** What the teacher is told and given in a folder: checkNames, then 保留两者 and 替换. */
  async function asTeacher(fId: number) {
    const checked = await clashes(fId, token.teacher);
    const kept = await register(teacher, fId, '试卷.docx', { onConflict: 'keep' });
    const keptName = await nameOf(kept, token.teacher);
    return { checked, keptName };
  }

  it('a colleague’s private file of the same name: no clash, the name kept, as in an empty folder', async () => {
    const empty = await folder('空的');
    const shared = await folder('高一数学');
    const hidden = await register(colleague, shared, '试卷.docx', { resourcesIsOpen: '1' });

    const withHidden = await asTeacher(shared);
    expect(withHidden).toEqual(await asTeacher(empty));
    expect(withHidden).toEqual({ checked: [], keptName: '试卷.docx' });

    // 替换 over a name only a colleague's private file holds adds the teacher's own file.
    const other = await folder('高二数学');
    await register(colleague, other, '试卷.docx', { resourcesIsOpen: '1' });
    const replaced = await register(teacher, other, '试卷.docx', { onConflict: 'replace' });
    expect(replaced).not.toBe(hidden);
    expect(await nameOf(replaced, token.teacher)).toBe('试卷.docx');

    // The colleague's file is untouched; they, and the drive administrators, see both.
    expect(await nameOf(hidden, token.colleague)).toBe('试卷.docx');
    expect(await clashes(shared, token.colleague)).toEqual(['试卷.docx']);
    expect(await clashes(shared, token.admin)).toEqual(['试卷.docx']);
    const listed = await ok<{ list: Array<{ resourcesName: string }> }>(
      'getFolderFiles',
      { fId: shared },
      token.admin,
    );
    expect(listed.list.map((row) => row.resourcesName)).toEqual(['试卷.docx', '试卷.docx']);

    // A name the teacher can see still clashes: 保留两者 numbers it.
    expect(await clashes(shared, token.teacher)).toEqual(['试卷.docx']);
    const second = await register(teacher, shared, '试卷.docx', { onConflict: 'keep' });
    expect(await nameOf(second, token.teacher)).toBe('试卷(1).docx');
  });
});
