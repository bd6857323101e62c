import { HALLS, type EventKind } from './demo-events-kinds.js';

const ANY_MONTH = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const SCHOOL_TERM = [3, 4, 5, 6, 9, 10, 11, 12];

/** The lists of the school-introduction pages: honours, visits, academicians, exchanges. */
export const INTRO_KINDS = {
  honour: {
    word: '称号',
    months: ANY_MONTH,
    scene: 'ceremony',
    time: 'day',
    places: HALLS,
    titles: ['{year}年荣获“{honour}”称号', '青禾实验中学获评“{honour}”称号'],
    leads: ['{md}，{authority}公布{year}年度评选结果，青禾实验中学获评“{honour}”称号。'],
    facts: [
      '这一称号每{n}年评选一次，全市共有{n2}所学校入选。',
      '评审组实地查看了学校的课堂、社团和校园环境，并与师生座谈。',
      '校长{principal}代表学校在{place}领取了奖牌。',
    ],
    quotes: ['{principal}校长说：“荣誉属于每一位默默付出的青禾人。”'],
    closings: ['学校将以此为新的起点，把这项工作做得更扎实。'],
  },
  visit: {
    word: '调研',
    months: SCHOOL_TERM,
    scene: 'meeting',
    time: 'day',
    places: HALLS,
    titles: ['{authority}领导来校调研{work}', '{authority}调研组走进青禾实验中学，专题调研{work}'],
    leads: ['{md}，{authority}调研组一行来到青禾实验中学，专题调研{work}，校长{principal}陪同。'],
    facts: [
      '调研组走进课堂和食堂，与{n}位教师和学生代表交谈。',
      '在{place}召开的座谈会上，{principal}校长汇报了学校{work}的做法和困难。',
      '调研组对学校的工作给予肯定，并就下一步提出了{n}条建议。',
    ],
    quotes: ['一位调研组成员说：“青禾的做法很实在，值得推广。”'],
    closings: ['学校将逐条落实调研组的建议，并在学期末报送落实情况。'],
  },
  academician: {
    word: '院士',
    months: SCHOOL_TERM,
    scene: 'meeting',
    time: 'day',
    places: HALLS,
    titles: [
      '{field}专家{expert}院士回母校作《{talk}》主题报告',
      '院士进校园：{expert}院士与青禾学子面对面',
    ],
    leads: [
      '{md}，{field}专家、{classYear}届校友{expert}院士回到母校，在{place}作了题为《{talk}》的主题报告，与青禾学子面对面交流。',
    ],
    facts: [
      '{expert}院士回忆了自己在青禾读书时的老师和同学。',
      '报告后，{klass}的{student}问：“科研遇到失败怎么办？”',
      '{expert}院士为学校科技教育写下了“敢问、善思、肯做”六个字。',
    ],
    quotes: ['“好奇心是一颗种子，要有人替它浇水。”{expert}院士说。'],
    closings: ['报告会由{teacher}老师主持，{people}名师生到场聆听。'],
  },
  exchange: {
    word: '交流',
    months: SCHOOL_TERM,
    scene: 'people',
    time: 'day',
    places: HALLS,
    titles: [
      '{year}年{partner}师生代表团来访交流',
      '青禾实验中学与{partner}开展{year}年度师生交流',
    ],
    leads: [
      '{year}年{md}，{partner}师生代表团一行{n2}人来到青禾实验中学，开展{year}年度师生交流访问，为期一周。',
    ],
    facts: [
      '来访学生走进{klass}，与青禾学生同上语文课和书法课。',
      '双方教师在{place}举行了教学研讨会，交流了各自的课堂做法。',
      '访问期间，来访学生住在青禾学生家中，体验了中国家庭的日常生活。',
    ],
    quotes: ['{klass}的{student}说：“一周下来，我们成了真正的朋友。”'],
    closings: ['两校约定明年由青禾师生回访。'],
  },
} satisfies Record<string, EventKind>;
