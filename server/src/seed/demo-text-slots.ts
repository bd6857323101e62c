import { OFFICES, SOCIETIES, SOURCES, personName } from './demo-text-names.js';
import type { Random } from './random.js';

/** A slot is filled from a list, or computed when a list would be silly (dates, counts). */
export type Slot = readonly string[] | ((random: Random) => string);

const allSocieties = Object.values(SOCIETIES).flat();

const between = (random: Random, low: number, high: number) => String(random.int(low, high));

/** Lessons belong to a subject, so a maths class never teaches refraction. */
const LESSONS: ReadonlyArray<[string, readonly string[]]> = [
  ['语文', ['背影', '春天的诗意', '古诗词中的月亮', '整本书阅读：边城']],
  ['数学', ['函数的单调性', '一元二次方程', '勾股定理', '等差数列']],
  ['英语', ['My School Life', 'Festivals Around the World', 'A Healthy Lifestyle']],
  ['物理', ['光的折射', '电磁感应现象', '牛顿第一定律']],
  ['化学', ['化学反应速率', '燃烧与灭火', '原电池']],
  ['生物', ['细胞的基本结构', '生态系统的稳定性', '光合作用']],
  ['历史', ['丝绸之路', '百家争鸣', '工业革命']],
  ['地理', ['地球的公转', '河流地貌', '城市的区位']],
  ['信息技术', ['走进人工智能', '用程序控制小车', '数据的可视化']],
];

function lessonSlot(format: (subject: string, lesson: string) => string) {
  return (random: Random) => {
    const [subject, lessons] = random.pick(LESSONS);
    return format(subject, random.pick(lessons));
  };
}

const NUMERALS = '零一二三四五六七八九';

/** 1-99 in Chinese numerals, as 第七十五届 writes it. */
export function chineseNumber(value: number): string {
  const tens = Math.floor(value / 10);
  const ones = value % 10;
  const head = tens === 0 ? '' : tens === 1 ? '十' : `${NUMERALS[tens]}十`;
  return head + (ones === 0 && tens > 0 ? '' : NUMERALS[ones]);
}

/** The year each festival was first held: its count in a year follows from it. */
const FESTIVALS_SINCE: Record<string, number> = {
  科技节: 2004,
  艺术节: 1998,
  读书节: 2012,
  体育节: 2008,
  校园文化节: 2002,
  英语文化节: 2015,
  数学文化节: 2017,
  社团文化节: 2011,
  心理健康节: 2019,
};
/** The sports meet is held once a year since the school opened in 1952. */
const FIRST_MEET = 1952;

const nth = (year: number, since: number) => `第${chineseNumber(year - since + 1)}届`;

/** The '第N届' slots for `year`: the same festival has the same count all year. */
function countedSlots(year: number): Record<string, Slot> {
  return {
    nthFestival: (random) => {
      const festival = random.pick(Object.keys(FESTIVALS_SINCE));
      return `${nth(year, FESTIVALS_SINCE[festival]!)}${festival}`;
    },
    nthReading: [nth(year, FESTIVALS_SINCE['读书节']!)],
    nthScience: [nth(year, FESTIVALS_SINCE['科技节']!)],
    nthMeet: [nth(year, FIRST_MEET)],
  };
}

export const SLOTS: Record<string, Slot> = {
  school: ['我校', '青禾实验中学', '青禾实验中学', '学校'],
  grade: ['初一年级', '初二年级', '初三年级', '高一年级', '高二年级', '高三年级'],
  gradeShort: ['初一', '初二', '初三', '高一', '高二', '高三'],
  subject: [
    '语文',
    '数学',
    '英语',
    '物理',
    '化学',
    '生物',
    '历史',
    '地理',
    '道德与法治',
    '信息技术',
    '美术',
    '音乐',
    '体育',
  ],
  season: ['春季', '秋季'],
  term: ['新学期', '本学期', '2026学年第一学期', '2025学年第二学期'],
  festival: [
    '科技节',
    '艺术节',
    '读书节',
    '体育节',
    '校园文化节',
    '英语文化节',
    '数学文化节',
    '社团文化节',
    '心理健康节',
  ],
  place: [
    '青禾礼堂',
    '体育馆',
    '田径场',
    '科技楼报告厅',
    '艺术中心',
    '文华楼',
    '图书馆',
    '学术报告厅',
  ],
  outPlace: [
    '青禾市博物馆',
    '青禾湿地公园',
    '禾田农业科技园',
    '青溪古镇',
    '青禾市科技馆',
    '城东社区',
    '青禾市规划展览馆',
  ],
  activity: ['研学实践', '志愿服务', '社会实践', '劳动教育', '生态考察', '文化寻访'],
  theme: [
    '安全教育',
    '心理健康',
    '文明礼仪',
    '节约粮食',
    '垃圾分类',
    '法治教育',
    '诚信考试',
    '感恩教育',
    '防溺水安全',
    '网络文明',
  ],
  comp: [
    '青禾市中学生田径运动会',
    '省青少年科技创新大赛',
    '全国青少年机器人竞赛',
    '青禾市中小学生合唱比赛',
    '省中学生英语演讲比赛',
    '青禾市青少年书法大赛',
    '全国中学生数学竞赛',
    '青禾市中学生辩论赛',
    '省青少年信息学竞赛',
    '青禾市中学生篮球联赛',
  ],
  prize: ['一等奖', '二等奖', '金奖', '团体冠军', '特等奖', '优异成绩', '多项大奖'],
  sport: ['篮球', '足球', '排球', '田径', '乒乓球', '羽毛球', '游泳', '跳绳', '啦啦操', '武术'],
  club: allSocieties,
  clubEvent: ['专场展演', '年度汇报演出', '主题沙龙', '开放体验日', '成果展示会', '交流分享会'],
  teachTheme: [
    '大单元教学设计',
    '作业设计与评价',
    '跨学科主题学习',
    '情境化教学',
    '课堂提问的有效性',
    '实验教学创新',
    '整本书阅读',
    '信息技术与课堂融合',
  ],
  year: ['2021', '2022', '2023', '2024', '2025', '2026'],
  holidayYear: ['2025', '2026'],
  examYear: ['2025', '2026'],
  classYear: ['1965', '1978', '1985', '1992', '2001', '2010', '2016'],
  course: [
    '青禾乡土文化',
    '创客与机器人',
    '趣味化学实验',
    '古诗词吟诵',
    '校园植物识别',
    '影视欣赏与评论',
    '天文观测入门',
    '陶艺制作',
    '围棋入门',
    '微电影创作',
    '无人机编程',
  ],
  holiday: ['寒假', '暑假', '国庆节假期', '清明节假期', '劳动节假期', '端午节假期', '元旦假期'],
  exam: ['期中考试', '期末考试', '月考'],
  rule: [
    '学生宿舍',
    '实验室安全',
    '教师考勤',
    '图书馆借阅',
    '校园网络',
    '学生食堂',
    '学生请假',
    '班主任',
    '大型活动安全',
    '财务报销',
    '校车安全',
    '公物',
    '档案',
    '学生社团',
    '心理辅导室',
    '实验仪器',
    '教学常规',
  ],
  partner: [
    '新西兰橡树湾中学',
    '英国霍尔顿学院',
    '德国林登文理中学',
    '日本樱丘高等学校',
    '加拿大枫溪中学',
    '芬兰湖畔学校',
    '澳大利亚蓝岭中学',
  ],
  decade: ['五十', '六十', '七十', '八十', '九十'],
  sceneTime: ['春日', '雨后', '初雪', '秋日', '夏夜', '清晨', '黄昏', '晨雾中的'],
  scenePlace: [
    '青溪湖畔',
    '文华楼前',
    '银杏大道',
    '紫藤长廊',
    '田径场',
    '图书馆',
    '校史馆',
    '荷花池',
  ],
  event: [
    '开学典礼',
    '毕业典礼',
    '成人礼',
    '读书分享会',
    '校园开放日',
    '新年音乐会',
    '秋季运动会',
    '科技节闭幕式',
  ],
  area: ['科技教育', '体育与美育', '劳动教育', '课程建设', '教师培养', '心理健康教育'],
  honour: [
    '青禾市文明校园',
    '全国青少年校园足球特色学校',
    '省科技教育特色学校',
    '省绿色学校',
    '省书香校园',
    '青禾市平安校园',
    '省心理健康教育示范学校',
    '青禾市五四红旗团委',
    '省中小学艺术教育先进单位',
    '青禾市劳动教育实践基地',
    '青禾市教育教学质量优秀奖',
  ],
  authority: ['青禾市人民政府', '青禾市教育局', '省教育厅', '文华区委区政府', '青禾市人大常委会'],
  work: [
    '教育教学工作',
    '校园安全工作',
    '新校区建设',
    '课程改革',
    '体育与美育工作',
    '食堂管理工作',
  ],
  talk: [
    '科学精神与青年担当',
    '从一颗种子到一片森林',
    '仰望星空与脚踏实地',
    '材料科学的未来',
    '人工智能与未来教育',
    '我的求学之路',
  ],
  field: ['材料科学', '地球物理', '植物学', '计算机科学', '水利工程', '天文学'],
  person: personName,
  openLesson: lessonSlot((subject, lesson) => `${subject}公开课《${lesson}》`),
  groupLesson: lessonSlot((subject, lesson) => `${subject}组《${lesson}》`),
  source: SOURCES,
  office: OFFICES.filter((office) => office !== '校学生会' && office !== '校友会'),
  month: (random) => between(random, 1, 12),
  day: (random) => between(random, 1, 28),
  deadline: (random) => `${random.int(1, 12)}月${random.int(1, 28)}日`,
  upcoming: (random) => `${random.int(1, 12)}月${random.int(1, 28)}日`,
  count: (random) => String(random.int(3, 80) * 10),
  small: (random) => between(random, 3, 30),
  ...countedSlots(2026),
};

const DAY = 86_400_000;
const monthDay = (date: Date) => `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;

/**
 * The holiday a safety notice dated `date` prepares for, and that holiday's
 * year (a notice of December is about the next 元旦).
 */
export function holidayAfter(date: Date): { holiday: string; year: number } {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  if (month === 1) return { holiday: '寒假', year };
  if (month <= 3) return { holiday: '清明节假期', year };
  if (month === 4) return { holiday: '劳动节假期', year };
  if (month === 5) return { holiday: '端午节假期', year };
  if (month <= 7) return { holiday: '暑假', year };
  if (month <= 9) return { holiday: '国庆节假期', year };
  return { holiday: '元旦假期', year: year + 1 };
}

/**
 * SLOTS bound to the date of an item: its year, school term, season and
 * holiday are those of the date, the days it names fall on or before it, and
 * deadlines and coming events a few days after it.
 */
export function datedSlots(date: Date): Record<string, Slot> {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const first = month >= 8 ? year : year - 1;
  const term =
    month >= 8 || month === 1
      ? `${first}—${first + 1}学年第一学期`
      : `${first}—${first + 1}学年第二学期`;
  const holiday = holidayAfter(date);
  const later = (random: Random, low: number, high: number) =>
    monthDay(new Date(date.getTime() + random.int(low, high) * DAY));
  // Mid-terms in spring and autumn, finals before the holidays, monthly tests between.
  const exam = [4, 5, 10, 11].includes(month)
    ? '期中考试'
    : [1, 6, 7, 12].includes(month)
      ? '期末考试'
      : '月考';
  return {
    ...SLOTS,
    ...countedSlots(year),
    exam: [exam],
    year: [String(year)],
    examYear: [String(month >= 7 ? year + 1 : year)],
    term: [term, '本学期'],
    season: [month >= 2 && month <= 7 ? '春季' : '秋季'],
    holiday: [holiday.holiday],
    holidayYear: [String(holiday.year)],
    month: [String(month)],
    day: (random) => String(random.int(Math.max(1, date.getUTCDate() - 6), date.getUTCDate())),
    deadline: (random) => later(random, 5, 14),
    upcoming: (random) => later(random, 3, 10),
  };
}
