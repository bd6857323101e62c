import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedMagazineSeries } from '../../../modules/magazine/service.js';
import { seedVideoTypes } from '../../../modules/video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createNews,
  createStaff,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, login, postJson } from '../../../test-kit/http.js';

/**
 * Each save of the platform does its work once: one operation-log row, one
 * version kept, the file uses recorded once (and exactly the files the saved
 * fields name, so an edit that drops a picture drops its use), the search
 * entry written once. Before the one content path, a news item created on
 * the platform ran the old writer inside the path: its uses were recorded
 * and its search entry written twice (and its body cleaned twice).
 */

interface Kind {
  name: string;
  /** The platform's calls: /api/cms/<base>/save. */
  base: string;
  idName: string;
  /** The operation log's, the versions' and the file uses' name of the kind's table. */
  infoTable: string;
  /** Whether the site search finds the kind (one entry written per save). */
  indexed: boolean;
  /**
   * A save's body naming two pictures (`keep`, `drop`) and, where the kind
   * has one, a file of its own (`own`: a cover, a PDF); `dropped`: the same
   * item without `drop`.
   */
  body(files: Files, dropped: boolean): Record<string, unknown>;
  /** The files the item uses after a save (in the body and its own fields). */
  uses(files: Files, dropped: boolean): number[];
}

interface Files {
  keep: number;
  drop: number;
  own: number;
}

const pictures = (files: Files, dropped: boolean) =>
  `<p>正文<img src="/api/files/${files.keep}" alt="留下"></p>` +
  (dropped ? '' : `<p><img src="/api/files/${files.drop}" alt="删去"></p>`);

describe('one content path: each save does its work once', () => {
  let t: TestApp;
  let admin: TestStaff;
  let token = '';
  let topicId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    await seedMagazineSeries(t.db);
    admin = await createStaff(t.db, { name: '内容管理员', isPower: 1 });
    token = await login(t.app, admin);
    topicId = await createNews(t.services, { typeId: 4, title: '科技节专题' }, admin);
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const KINDS: Kind[] = [
    {
      name: 'news',
      base: 'news',
      idName: 'newId',
      infoTable: 'T_NEWS',
      indexed: true,
      body: (files, dropped) => ({
        typeId: 2,
        newsTitle: '科技节开幕',
        newsContent: pictures(files, dropped),
        coverFileId: files.own,
      }),
      uses: (files, dropped) => [files.keep, ...(dropped ? [] : [files.drop]), files.own],
    },
    {
      name: 'subject news',
      base: 'subject',
      idName: 'subjectNewId',
      infoTable: 'T_SUBJECT_NEWS',
      indexed: false,
      body: (files, dropped) => ({
        newId: topicId,
        newsTitle: '机器人展',
        newsContent: pictures(files, dropped),
      }),
      uses: (files, dropped) => [files.keep, ...(dropped ? [] : [files.drop])],
    },
    {
      name: 'video',
      base: 'video',
      idName: 'videoId',
      infoTable: 'TF_VIDEO',
      indexed: true,
      body: (files, dropped) => ({
        typeId: 6,
        videoTitle: '科技节纪录片',
        videoContent: pictures(files, dropped),
        coverFileId: files.own,
      }),
      uses: (files, dropped) => [files.keep, ...(dropped ? [] : [files.drop]), files.own],
    },
    {
      name: 'intro page',
      base: 'wwfz',
      idName: 'wwfzId',
      infoTable: 'T_WWFZ',
      indexed: false,
      body: (files, dropped) => ({
        wwfzType: 5,
        wwfzTitle: '科技创新示范校',
        wwfzCont: pictures(files, dropped),
      }),
      uses: (files, dropped) => [files.keep, ...(dropped ? [] : [files.drop])],
    },
    {
      name: 'intro person',
      base: 'fmsm',
      idName: 'fmsmId',
      infoTable: 'T_FMSM',
      indexed: false,
      body: (files, dropped) => ({
        fmsmType: 3,
        fmsmTitle: '科技辅导员',
        fmsmCont: pictures(files, dropped),
      }),
      uses: (files, dropped) => [files.keep, ...(dropped ? [] : [files.drop])],
    },
    {
      name: 'magazine',
      base: 'magazine',
      idName: 'magazineId',
      infoTable: 'T_MAGAZINE',
      indexed: false,
      // An issue names no body: its cover (`keep`, or `drop` before the edit) and its PDF.
      body: (files, dropped) => ({
        typeId: 1,
        magazineTitle: '科技特刊',
        coverFileId: dropped ? files.keep : files.drop,
        pdfFileId: files.own,
      }),
      uses: (files, dropped) => [dropped ? files.keep : files.drop, files.own],
    },
  ];

  const rowsOf = async (kind: Kind, id: number) => {
    const log = await t.db
      .selectFrom('operLog')
      .select('operType')
      .where('infoTable', '=', kind.infoTable)
      .where('objId', '=', id)
      .orderBy('id')
      .execute();
    const versions = await t.db
      .selectFrom('contentRevision')
      .select('id')
      .where('infoTable', '=', kind.infoTable)
      .where('objId', '=', id)
      .execute();
    const uses = await t.db
      .selectFrom('fileUse')
      .select('fileId')
      .where('infoTable', '=', kind.infoTable as 'T_NEWS')
      .where('objId', '=', id)
      .execute();
    const entries = await t.db
      .selectFrom('searchDoc')
      .select('id')
      .where('infoTable', '=', kind.infoTable as 'T_NEWS')
      .where('objId', '=', id)
      .execute();
    return {
      log: log.map((row) => row.operType),
      versions: versions.length,
      uses: uses.map((row) => row.fileId).sort((a, b) => a - b),
      entries: entries.length,
    };
  };
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it.each(KINDS)(
    '$name: one log row, one version, its file uses and its search entry once per save',
    async (kind) => {
      const picture = (name: string) =>
        createFile(t.services, name, 'image/png', undefined, admin.id);
      const files: Files = {
        keep: await picture('留下.png'),
        drop: await picture('删去.png'),
        own:
          kind.base === 'magazine'
            ? await createFile(t.services, '特刊.pdf', 'application/pdf', undefined, admin.id)
            : await picture('封面.png'),
      };
      const recordUses = vi.spyOn(t.services.files, 'recordUses');
      const indexWrites = vi.spyOn(t.services.search, 'upsert');
      const save = async (body: Record<string, unknown>) =>
        expectOk<Record<string, number>>(
          await postJson(t.app, `/api/cms/${kind.base}/save`, body, { token }),
        )[kind.idName]!;

      const id = await save(kind.body(files, false));
      expect(recordUses).toHaveBeenCalledTimes(1);
      expect(indexWrites).toHaveBeenCalledTimes(kind.indexed ? 1 : 0);
      expect(await rowsOf(kind, id)).toEqual({
        log: ['新增'],
        versions: 1,
        uses: sorted(kind.uses(files, false)),
        entries: kind.indexed ? 1 : 0,
      });

      // An edit that drops a picture: one more row of each, and the dropped file's use is gone.
      await save({ ...kind.body(files, true), [kind.idName]: id });
      expect(recordUses).toHaveBeenCalledTimes(2);
      expect(indexWrites).toHaveBeenCalledTimes(kind.indexed ? 2 : 0);
      expect(await rowsOf(kind, id)).toEqual({
        log: ['新增', '修改'],
        versions: 2,
        uses: sorted(kind.uses(files, true)),
        entries: kind.indexed ? 1 : 0,
      });
    },
  );
});
