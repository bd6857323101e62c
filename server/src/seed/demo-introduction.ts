import { FIXED_INTRO_PAGES } from '../db/migrations/0009_fixed_intro_pages.js';
import { FMSM_TYPES } from '../modules/intro/service.js';
import type { IntroPageSaveInput } from '../modules/intro/pages.js';
import type { PersonSaveInput } from '../modules/intro/people.js';
import { DAY, DEMO_IP, type DemoContext } from './demo-context.js';
import {
  HISTORY_TABS,
  SCHOLARSHIP_HTML,
  SCHOOL_AIMS_HTML,
  SCHOOL_EMBLEM_HTML,
  SCHOOL_PROFILE_HTML,
  SCHOOL_SONG_HTML,
} from './demo-school-intro.js';
import { PRINCIPAL, SECRETARY } from './demo-events-facts.js';
import { distinctEvent, type EventKindId } from './demo-events.js';
import { newsDescription, personName } from './demo-text.js';

/** A page's fields in plain names, as the seed writes them; wwfzId fills a page of fixed id. */
interface DemoPage {
  wwfzId?: number;
  wwfzType: number;
  title: string;
  enTitle?: string;
  description?: string;
  content?: string;
  picFileId?: number;
  enableType?: number;
  sort?: number;
  createdAt?: Date;
}

/** A person's fields in plain names, as the seed writes them. */
type DemoPerson = Omit<PersonSaveInput, 'fmsmTitle' | 'fmsmDesc' | 'fmsmCont'> & {
  title: string;
  description?: string;
  content?: string;
};

/**
 * The school introduction: its pages (profile, history, leaders, honours,
 * emblem, song, ...) and the people of its story, principals since 1952 first.
 * Saved as the platform saves them, by the content administrator.
 */
export async function seedIntroduction(ctx: DemoContext): Promise<void> {
  const { services, random, now } = ctx;
  const { pools } = ctx.files;
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const page = ({ title, enTitle, description, content, createdAt, ...rest }: DemoPage) => {
    const input: IntroPageSaveInput = {
      ...rest,
      wwfzTitle: title,
      enWwfzTitle: enTitle,
      wwfzDesc: description,
      wwfzCont: content,
    };
    return services.cmsIntro.pages.save(input, ctx.admin, DEMO_IP, {
      onBehalf: true,
      at: createdAt,
    });
  };
  const person = ({ title, description, content, ...rest }: DemoPerson) =>
    services.cmsIntro.people.save(
      { ...rest, fmsmTitle: title, fmsmDesc: description, fmsmCont: content },
      ctx.admin,
      DEMO_IP,
      { onBehalf: true },
    );
  await page({
    wwfzType: 1,
    title: '学校简介',
    enTitle: 'About Us',
    content: SCHOOL_PROFILE_HTML,
    picFileId: pools.photo[0],
  });
  // The history tabs, emblem and song are the pages of fixed id the original pages ask for.
  const historyIds = FIXED_INTRO_PAGES.filter((page) => page.wwfzType === 2);
  for (const [i, tab] of HISTORY_TABS.entries()) {
    await page({
      wwfzId: historyIds[i]!.wwfzId,
      wwfzType: 2,
      title: tab.title,
      enTitle: tab.enTitle,
      content: tab.html,
      sort: i,
    });
  }
  const posts = ['校长', '党委书记', '副校长', '副校长', '副校长', '工会主席'];
  for (const [i, post] of posts.entries()) {
    // The principal and the secretary are the ones the reports name.
    const name = [PRINCIPAL, SECRETARY][i] ?? personName(random);
    await page({
      wwfzType: 3,
      title: name,
      description: post,
      content: `<p>${name}，${post}，${random.pick(['中学高级教师', '正高级教师', '特级教师'])}。长期从事学校管理与教学工作，分管${random.pick(['教学与科研', '德育与学生发展', '后勤与安全', '对外交流', '党建与工会'])}工作。</p><p>${random.pick(['主张“以生为本、以德立校”', '致力于课堂教学改革', '重视教师专业成长', '推动学校特色发展'])}，曾获青禾市优秀教育工作者称号。</p>`,
      picFileId: pools.portrait[i % pools.portrait.length],
      sort: i,
    });
  }
  const lists: Array<[number, EventKindId, number]> = [
    [5, 'honour', 20],
    [8, 'visit', 14],
    [9, 'academician', 14],
    [10, 'exchange', 14],
  ];
  for (const [wwfzType, kind, count] of lists) {
    const titles = new Set<string>();
    const bodies = new Set<string>();
    for (let i = 0; i < count; i++) {
      const event = distinctEvent(random, [kind], at(i * 30), titles, bodies);
      await page({
        wwfzType,
        title: event.title,
        description: event.description,
        content: event.html,
        picFileId: await ctx.files.picture('photo', event.scene, i % 2),
        createdAt: event.date,
        enableType: wwfzType === 8 && i === 3 ? 2 : 1,
      });
    }
  }
  await page({
    wwfzId: 8,
    wwfzType: 6,
    title: '校徽',
    enTitle: 'School Emblem',
    content: SCHOOL_EMBLEM_HTML,
    picFileId: pools.logo[0],
    sort: 0,
  });
  await page({
    wwfzId: 9,
    wwfzType: 6,
    title: '校歌',
    enTitle: 'School Song',
    content: SCHOOL_SONG_HTML,
    sort: 1,
  });
  await page({
    wwfzType: 7,
    title: '办学宗旨',
    enTitle: 'Our Mission',
    content: SCHOOL_AIMS_HTML,
  });
  await page({
    wwfzType: 11,
    title: '奖学金',
    enTitle: 'Scholarships',
    content: SCHOLARSHIP_HTML,
  });

  // Principals since 1952, under the school's name of the time (see 校名沿革).
  const schoolNames = Array.from({ length: 10 });
  const nameAt = (year: number) =>
    year < 1960
      ? '青禾市第一中学'
      : year < 1978
        ? '青禾师范专科学校附属中学'
        : year < 1998
          ? '青禾市第一中学'
          : '青禾实验中学';
  // Consecutive terms from 1952 to now; each principal took office in their forties, with the
  // schooling of their generation.
  const span = now.getUTCFullYear() - 1952;
  const starts = schoolNames.map((_, i) =>
    i === 0 ? 1952 : 1952 + Math.round((i * span) / schoolNames.length) + random.int(-1, 1),
  );
  for (let i = 0; i < schoolNames.length; i++) {
    const start = starts[i]!;
    const born = start - random.int(40, 48);
    const degree =
      born < 1935
        ? random.pick(['大学本科', '大学专科'])
        : born < 1960
          ? random.pick(['大学本科', '大学本科', '大学专科'])
          : random.pick(['硕士研究生', '大学本科', '博士研究生']);
    await person({
      fmsmType: 1,
      title: i === schoolNames.length - 1 ? PRINCIPAL : personName(random),
      post: '校长',
      plateType: nameAt(start),
      description: `${degree}，${born}年生`,
      brith: `${start}年—${i === schoolNames.length - 1 ? '今' : `${starts[i + 1]}年`}`,
      sort: i,
    });
  }
  const people: Array<[number, number]> = [
    [3, 8],
    [14, 8],
    [15, 10],
    [5, 7],
    [6, 7],
    [7, 7],
    [8, 7],
    [9, 7],
    [16, 7],
    [11, 7],
    [12, 7],
    [13, 7],
  ];
  for (const [fmsmType, count] of people) {
    for (let i = 0; i < count; i++) {
      const name = personName(random);
      const kind = FMSM_TYPES[fmsmType] ?? '';
      await person({
        fmsmType,
        title: name,
        post: fmsmType >= 11 ? `${random.int(2018, 2026)}届 ${kind}` : kind,
        description: newsDescription(
          random,
          fmsmType >= 11
            ? 'student'
            : fmsmType >= 5 && fmsmType !== 14 && fmsmType !== 15
              ? 'alumni'
              : 'teacher',
        ).slice(0, 80),
        content: `<p>${name}：${newsDescription(random, 'teacher')}</p>`,
        picFileId: random.pick(pools.portrait),
        sort: i,
      });
    }
  }
}
