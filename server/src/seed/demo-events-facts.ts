import { seasonOf } from './demo-scene.js';
import { personName } from './demo-text-names.js';
import { chineseNumber } from './demo-text-slots.js';
import type { Random } from './random.js';

/** The demo school's principal and party secretary: the same people in every article. */
export const PRINCIPAL = '沈立新';
export const SECRETARY = '韩建华';

const GRADES = ['初一', '初二', '初三', '高一', '高二', '高三'];
const SUBJECT_LESSONS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['语文', ['背影', '古诗词中的月亮', '整本书阅读：边城', '故都的秋']],
  ['数学', ['函数的单调性', '一元二次方程', '勾股定理', '等差数列']],
  ['英语', ['My School Life', 'A Healthy Lifestyle', 'Festivals Around the World']],
  ['物理', ['光的折射', '电磁感应现象', '牛顿第一定律']],
  ['化学', ['化学反应速率', '燃烧与灭火', '原电池']],
  ['生物', ['细胞的基本结构', '光合作用', '生态系统的稳定性']],
  ['历史', ['丝绸之路', '百家争鸣', '工业革命']],
  ['地理', ['地球的公转', '河流地貌', '城市的区位']],
];
const TEACH_THEMES = [
  '大单元教学设计',
  '作业设计与评价',
  '跨学科主题学习',
  '情境化教学',
  '实验教学创新',
];
const OPPONENTS = ['青禾市第二中学', '文华区外国语学校', '青禾市育才中学', '城东中学', '青溪中学'];
const CONTESTS = [
  '全国中学生物理竞赛（省赛区）',
  '全国高中数学竞赛（省赛区）',
  '全国中学生化学竞赛（省赛区）',
  '省青少年信息学竞赛',
  '全国中学生生物学竞赛（省赛区）',
];
const PRIZES = ['一等奖', '二等奖', '金牌', '银牌'];
const CLUBS = [
  '青禾机器人社',
  '天文观测社',
  '青溪文学社',
  '摄影社',
  '青禾合唱团',
  '创客空间',
  '辩论社',
];
const EXPERTS = ['陈景和', '许知远', '林慕白', '王静宜', '赵启明', '苏文澜'];
const TALKS = [
  '科学精神与青年担当',
  '从一颗种子到一片森林',
  '仰望星空与脚踏实地',
  '人工智能与未来教育',
];
const FIELDS = ['材料科学', '天文学', '计算机科学', '植物学', '水利工程'];
const COURSES = [
  '青禾乡土文化',
  '趣味化学实验',
  '校园植物识别',
  '天文观测入门',
  '微电影创作',
  '陶艺制作',
];
const BOOKS = ['红楼梦', '平凡的世界', '乡土中国', '边城', '昆虫记', '活着'];
const SONGS = ['我和我的祖国', '青春舞曲', '送别', '茉莉花', '大海啊故乡'];
const MOTTOS = ['明德笃学', '求实致远', '做更好的自己', '向阳生长'];
const READ_THEMES = ['阅读点亮青春', '与经典同行', '书香润校园'];
const RULES: ReadonlyArray<readonly [string, string]> = [
  ['学生宿舍', '后勤保障处'],
  ['实验室安全', '教务处'],
  ['图书馆借阅', '图书馆'],
  ['校园网络', '信息中心'],
  ['学生食堂', '后勤保障处'],
  ['学生请假', '德育处'],
  ['大型活动安全', '校长办公室'],
  ['财务报销', '财务室'],
  ['档案', '校长办公室'],
  ['学生社团', '校团委'],
  ['教学常规', '教务处'],
  ['公物', '后勤保障处'],
  ['校车安全', '校长办公室'],
  ['实验仪器', '教务处'],
  ['心理辅导室', '心理健康中心'],
  ['教师考勤', '校长办公室'],
];
const HONOURS = [
  '青禾市文明校园',
  '全国青少年校园足球特色学校',
  '省科技教育特色学校',
  '省绿色学校',
  '省书香校园',
  '青禾市平安校园',
  '省心理健康教育示范学校',
  '青禾市五四红旗团委',
];
const AUTHORITIES = ['青禾市人民政府', '青禾市教育局', '省教育厅', '文华区人民政府'];
const WORKS = ['校园安全工作', '课程改革', '体育与美育工作', '食堂管理工作', '新校区建设'];
const PARTNERS = [
  '新西兰橡树湾中学',
  '英国霍尔顿学院',
  '德国林登文理中学',
  '日本樱丘高等学校',
  '加拿大枫溪中学',
  '芬兰湖畔学校',
];
const CLASS_THEMES = ['诚信考试', '网络文明', '感恩父母', '珍爱生命'];
const PARTY_THEMES = ['立德树人，党员先行', '学习身边榜样', '办好人民满意的教育'];
const OLD_SCENES = ['校园生活', '课外科技活动', '田径赛场', '毕业合影', '文艺演出'];
const DECADES = ['五十', '六十', '七十', '八十', '九十'];
const SEASON_DAYS = { spring: '春日', summer: '夏日', autumn: '秋日', winter: '冬日' } as const;
const SEASON_NOTES = {
  spring: '这个季节，紫藤花开满长廊，湖边的柳树刚刚抽出新芽。',
  summer: '这个季节，荷花池里的荷花开得正盛，树荫下格外凉爽。',
  autumn: '这个季节，银杏叶由绿转黄，落满了整条大道。',
  winter: '这个季节，湖面上起了薄雾，树枝上挂着白霜。',
} as const;

/** When festivals were first held: the count of a year follows from it. */
const FIRST_HELD: Record<string, number> = {
  科技节: 2004,
  艺术节: 1998,
  读书节: 2012,
  运动会: 1952,
};

const DAY = 86_400_000;
const monthDay = (date: Date) => `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;

/** The school term of a date: the first runs from August to January. */
export function termOf(date: Date): string {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const first = month >= 8 ? year : year - 1;
  const half = month >= 8 || month === 1 ? '第一学期' : '第二学期';
  return `${first}—${first + 1}学年${half}`;
}

/**
 * The facts of one event, by name, for its title and body to share: the people, the classes,
 * the numbers. Drawn from `random`; the date fixes the year, term, season and counts.
 */
export function eventFacts(
  random: Random,
  word: string,
  place: string,
  date: Date,
): Record<string, string> {
  const int = (low: number, high: number) => String(random.int(low, high));
  const year = date.getUTCFullYear();
  const grade = random.pick(GRADES);
  const klass = (g = grade) => `${g}（${random.int(1, 12)}）班`;
  const [subject, lessons] = random.pick(SUBJECT_LESSONS);
  const season = seasonOf(date);
  const since = FIRST_HELD[word];
  const classYear = random.int(1975, 2015);
  const students = [personName(random), personName(random)];
  while (students[1] === students[0]) students[1] = personName(random);
  const teachers = [personName(random), personName(random)];
  const clubs = random.int(0, CLUBS.length - 1);
  const [rule, ruleOffice] = random.pick(RULES);
  return {
    school: random.pick(['青禾实验中学', '青禾实验中学', '我校']),
    place,
    year: String(year),
    holidayYear: String(year),
    md: monthDay(date),
    md2: monthDay(new Date(date.getTime() + DAY)),
    upcoming: monthDay(new Date(date.getTime() + random.int(3, 8) * DAY)),
    deadline: monthDay(new Date(date.getTime() + random.int(1, 2) * DAY)),
    month: String(date.getUTCMonth() + 1),
    term: termOf(date),
    season: date.getUTCMonth() + 1 <= 7 ? '春季' : '秋季',
    seasonDay: SEASON_DAYS[season],
    seasonNote: SEASON_NOTES[season],
    nth: since ? `第${chineseNumber(year - since + 1)}届` : '',
    grade: `${grade}年级`,
    gradeShort: grade,
    klass: klass(),
    klass2: klass(),
    klass3: klass(),
    student: students[0]!,
    student2: students[1]!,
    teacher: teachers[0]!,
    teacher2: teachers[1] === teachers[0] ? personName(random) : teachers[1]!,
    parent: personName(random),
    alumnus: personName(random),
    principal: PRINCIPAL,
    secretary: SECRETARY,
    flag: `${klass('高二')}的${personName(random)}`,
    expert: random.pick(EXPERTS),
    subject,
    lesson: random.pick(lessons),
    teachTheme: random.pick(TEACH_THEMES),
    opponent: random.pick(OPPONENTS),
    score: `${random.int(2, 4)}比${random.int(0, 1)}`,
    contest: random.pick(CONTESTS),
    prize: random.pick(PRIZES),
    club: CLUBS[clubs]!,
    club2: CLUBS[(clubs + 1) % CLUBS.length]!,
    course: random.pick(COURSES),
    book: random.pick(BOOKS),
    song: random.pick(SONGS),
    motto: random.pick(MOTTOS),
    readTheme: random.pick(READ_THEMES),
    partyTheme: random.pick(PARTY_THEMES),
    classTheme: random.pick(CLASS_THEMES),
    rule,
    ruleOffice,
    honour: random.pick(HONOURS),
    authority: random.pick(AUTHORITIES),
    work: random.pick(WORKS),
    partner: random.pick(PARTNERS),
    talk: random.pick(TALKS),
    field: random.pick(FIELDS),
    decade: random.pick(DECADES),
    oldScene: random.pick(OLD_SCENES),
    classYear: String(classYear),
    since: String(Math.max(5, year - classYear)),
    people: String(random.int(12, 90) * 10),
    newcomers: String(random.int(90, 130) * 10),
    graduates: int(560, 720),
    parents: int(180, 420),
    athletes: int(600, 900),
    volunteers: int(40, 120),
    visitors: int(200, 500),
    entrants: int(300, 900),
    students: int(20, 160),
    members: int(20, 60),
    alumni: int(30, 120),
    clubs: int(38, 52),
    events: int(20, 28),
    points: int(180, 260),
    minutes: int(4, 5),
    seconds: int(10, 59),
    jump: `${random.int(4, 5)}.${random.int(10, 90)}`,
    years: int(6, 30),
    days: int(5, 7),
    n: int(3, 9),
    n2: int(10, 24),
    classes: int(20, 26),
    projects: int(120, 300),
    kilos: int(3, 9),
    acts: int(18, 30),
    books: int(1200, 4000),
    swap: int(800, 2000),
    minute: int(50, 88),
    saves: int(4, 9),
    teams: int(16, 32),
    weeks: int(6, 10),
    species: int(20, 60),
    hours: int(2000, 6000),
    percent: int(2, 9),
    rooms: int(20, 36),
    invigilators: int(60, 110),
    score1: int(1, 6),
    score2: int(2, 7),
    items: int(12, 20),
    items2: int(10, 12),
    money: random.pick(['1000', '1250', '1500']),
    lessons: int(16, 20),
    awards: int(300, 700),
    rank: int(3, 40),
  };
}
