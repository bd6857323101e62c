import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { AuthStaff } from '../platform/auth/session.js';
import { placeInReview, type ReviewPlace } from '../platform/publishing/review-place.js';
import type { Database } from '../db/schema.js';
import type { CmsSaveInput } from '../modules/news/admin-service.js';
import type { NewsFileInput } from '../modules/news/service.js';
import type { SubjectSaveInput } from '../modules/news/subject-admin-service.js';
import type { CmsVideoSaveInput } from '../modules/video/admin-service.js';
import type { CmsMagazineInput } from '../modules/magazine/admin-service.js';
import type { IntroPageSaveInput } from '../modules/intro/pages.js';
import type { PersonSaveInput } from '../modules/intro/people.js';
import { StaffService, type NewStaffInput } from '../platform/org/accounts.js';

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/** 12 characters with upper case, lower case, digits and a symbol: passes the strength rule. */
export const strongPassword = () => `Aa1!${randomBytes(6).toString('base64url')}`;

/** A staff code no other test uses. */
export const randomCode = () => `s${randomHex(6)}`;

/** What a test knows about a staff member it created, including the plain password. */
export interface TestStaff {
  id: number;
  code: string;
  name: string;
  password: string;
  staffType: 2 | 5;
  isPower: number;
  isAdmin: '0' | '1';
  email: string | null;
}

export interface StaffOptions extends Partial<NewStaffInput> {
  /** 0: the account is disabled. */
  status?: number;
}

/** A staff member (teacher by default) with a fresh code and a strong random password. */
export async function createStaff(
  db: Kysely<Database>,
  options: StaffOptions = {},
): Promise<TestStaff> {
  const { status, ...overrides } = options;
  const input: NewStaffInput = {
    code: randomCode(),
    name: `测试教师${randomHex(2)}`,
    staffType: 2,
    password: strongPassword(),
    email: null,
    ...overrides,
  };
  const id = await new StaffService(db).createStaff(input);
  if (status !== undefined) {
    await db.updateTable('staff').set({ status }).where('id', '=', id).execute();
  }
  const row = await db
    .selectFrom('staff')
    .select(['isPower', 'isAdmin'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id,
    code: input.code,
    name: input.name,
    password: input.password,
    staffType: input.staffType,
    isPower: row.isPower,
    isAdmin: row.isAdmin === '1' ? '1' : '0',
    email: input.email ?? null,
  };
}

/** A department with a random name under `parentId` (null: top level). */
export function createDepartment(
  db: Kysely<Database>,
  options: { parentId?: number | null; name?: string; sort?: number } = {},
): Promise<number> {
  return new StaffService(db).createDepartment(
    options.name ?? `测试部门${randomHex(3)}`,
    options.parentId ?? null,
    options.sort ?? 0,
  );
}

/**
 * A stored file with the given bytes, uploaded by `createdBy` (none: only the
 * items that use it let anyone read it).
 */
export async function createFile(
  services: Services,
  fileName = 'photo.jpg',
  mimeType = 'image/jpeg',
  data: Buffer = Buffer.from(`file ${randomHex(8)}`),
  createdBy: number | null = null,
): Promise<number> {
  return (await services.files.save({ fileName, mimeType, createdBy }, data)).id;
}

/** A test account as the services see a logged-in person (for calls made without HTTP). */
export function readerOf(staff: TestStaff): AuthStaff {
  const { password: _password, ...person } = staff;
  return { ...person, schoolId: 1, whetherpass: 1, sessionId: 0 };
}

/**
 * The content factories: every item a test makes goes through its kind's one
 * save (the platform's, as the system saving in the author's name) and, to
 * stand where the test wants it, through the review workflow's own steps, so
 * it has the version, versions kept, file uses, search entry and log rows the
 * platform would give it.
 */

const IP = '127.0.0.1';

/**
 * Who writes and reviews when a test names nobody: a content administrator
 * (an administrator's new item starts approved) and, for an item that is to
 * wait for review, a teacher (only a teacher's item starts as a draft). Made
 * once per app, on first use.
 */
const schoolPeople = new WeakMap<
  Services,
  Partial<Record<'admin' | 'teacher', Promise<AuthStaff>>>
>();

function schoolPerson(services: Services, role: 'admin' | 'teacher'): Promise<AuthStaff> {
  const people = schoolPeople.get(services) ?? {};
  schoolPeople.set(services, people);
  const made =
    people[role] ??
    createStaff(
      services.db,
      role === 'admin'
        ? { name: `内容管理员${randomHex(2)}`, isPower: 1 }
        : { name: `教师${randomHex(2)}` },
    ).then(readerOf);
  people[role] = made;
  return made;
}

/** The author a factory writes as, and the reviewer who brings the item to its place. */
async function peopleFor(services: Services, creator: TestStaff | null, place: ReviewPlace) {
  const waits = place.reviewState !== undefined && place.reviewState !== 'approved';
  const author = creator
    ? readerOf(creator)
    : await schoolPerson(services, waits ? 'teacher' : 'admin');
  const reviewer = author.isPower === 1 ? author : await schoolPerson(services, 'admin');
  return { author, reviewer, ip: IP };
}

/** A news item's fields as the one save takes them, its files stored, and where it stands. */
export type NewsFactoryInput = Partial<Omit<CmsSaveInput, 'newId' | 'version' | 'files'>> &
  ReviewPlace & { typeId: number; files?: NewsFileInput[] };

/**
 * A news item made the way the content platform makes it; approved, on the
 * shelf and public unless told. Written by `creator` (none: the app's content
 * administrator, or a teacher for an item that waits for review).
 */
export async function createNews(
  services: Services,
  input: NewsFactoryInput,
  creator: TestStaff | null = null,
): Promise<number> {
  const { reviewState, ifShelves, ifTop, ...fields } = input;
  const place = { reviewState, ifShelves, ifTop };
  const people = await peopleFor(services, creator, place);
  const newId = await services.cmsNews.save(
    {
      title: `测试新闻${randomHex(3)}`,
      description: '测试摘要',
      content: '<p>测试正文</p>',
      ...fields,
    },
    people.author,
    IP,
    { onBehalf: true },
  );
  await placeInReview(services.news.review, newId, place, people);
  return newId;
}

/** A sub-news of special topic `newId`, added by its author (none: the app's administrator). */
export async function createSubjectNews(
  services: Services,
  input: Partial<Omit<SubjectSaveInput, 'subjectNewId' | 'version'>> & { newId: number },
  creator: TestStaff | null = null,
  options: { at?: Date } = {},
): Promise<number> {
  const author = creator ? readerOf(creator) : await schoolPerson(services, 'admin');
  const { subjectNewId } = await services.cmsSubject.save(
    { title: `子新闻${randomHex(3)}`, ...input },
    author,
    IP,
    { onBehalf: true, at: options.at },
  );
  return subjectNewId;
}

/** A video's fields as the one save takes them, where it stands, and when it was made. */
export type VideoFactoryInput = Partial<Omit<CmsVideoSaveInput, 'videoId' | 'version'>> &
  ReviewPlace & { createdAt?: Date };

/** A video made the way the content platform makes it; approved, on the shelf unless told. */
export async function createVideo(
  services: Services,
  input: VideoFactoryInput = {},
  creator: TestStaff | null = null,
): Promise<number> {
  const { reviewState, ifShelves, ifTop, createdAt, ...fields } = input;
  const place = { reviewState, ifShelves, ifTop };
  const people = await peopleFor(services, creator, place);
  const videoId = await services.cmsVideo.save(
    { typeId: 1, title: `测试视频${randomHex(3)}`, content: '<p>视频简介</p>', ...fields },
    people.author,
    IP,
    { onBehalf: true, at: createdAt },
  );
  await placeInReview(services.video.review, videoId, place, people);
  return videoId;
}

/** A magazine issue, saved by the app's content administrator; shown unless told. */
export async function createMagazine(
  services: Services,
  input: Partial<Omit<CmsMagazineInput, 'magazineId' | 'version'>> & { seriesId: number },
  options: { at?: Date } = {},
): Promise<number> {
  return services.cmsMagazine.save(
    { title: `第${randomHex(2)}期`, coverFileId: null, pdfFileId: null, ...input },
    await schoolPerson(services, 'admin'),
    IP,
    { onBehalf: true, at: options.at },
  );
}

/**
 * A school-introduction page (wwfzId: one of the pages the original pages ask
 * for by fixed id, filled), saved by the app's content administrator.
 */
export async function createIntroPage(
  services: Services,
  input: Partial<Omit<IntroPageSaveInput, 'version'>> & { wwfzType: number; createdAt?: Date },
): Promise<number> {
  const { createdAt, ...fields } = input;
  return services.cmsIntro.pages.save(
    { wwfzTitle: `页面${randomHex(3)}`, ...fields },
    await schoolPerson(services, 'admin'),
    IP,
    { onBehalf: true, at: createdAt },
  );
}

/** A person of the school's story, saved by the app's content administrator. */
export async function createPerson(
  services: Services,
  input: Partial<Omit<PersonSaveInput, 'fmsmId' | 'version'>> & {
    fmsmType: number;
    createdAt?: Date;
  },
): Promise<number> {
  const { createdAt, ...fields } = input;
  return services.cmsIntro.people.save(
    { fmsmTitle: `人物${randomHex(3)}`, ...fields },
    await schoolPerson(services, 'admin'),
    IP,
    { onBehalf: true, at: createdAt },
  );
}
