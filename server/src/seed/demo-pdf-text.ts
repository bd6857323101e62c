import type { Random } from './random.js';

/** Chinese word banks of the magazine PDFs: reports of school life, as a school magazine prints. */

const AUTHORS = [
  '高一（3）班 林晓雨',
  '初二（5）班 周浩然',
  '高二（1）班 陈雨桐',
  '初三（2）班 王梓萱',
  '物理组 赵明老师',
  '图书馆 许佳怡老师',
  '高二（6）班 刘晨阳',
  '学生会 孙若溪',
  '语文组 何建华老师',
  '2012届校友 沈清扬',
];
const SUBJECTS = [
  '初二机器人社团的同学们',
  '校合唱团的同学们',
  '高二生物兴趣小组',
  '学生会的志愿者们',
  '数学组的老师们',
  '校足球队的队员们',
  '青溪文学社的社员们',
  '高一新生',
  '天文社的同学们',
  '校园广播站的小记者们',
];
const ACTIONS = [
  '用一周时间在科技楼楼顶搭起了一座小型气象站',
  '走进青禾湿地公园，记录冬季在湖边栖息的候鸟',
  '为新年音乐会准备了一台民歌专场',
  '在东侧林荫道上种下了四十棵银杏树苗',
  '在图书馆庭院里办起了图书漂流集市',
  '用纸板搭桥，比一比谁的桥能承重两公斤',
  '采访退休老教师，听他们讲八十年代的校园生活',
  '每天早读前坚持训练，备战青禾市中学生联赛',
  '为低年级同学开设了急救知识讲座',
  '设计节水宣传海报，张贴到周边社区',
  '用自己的画笔绘制了青溪古镇的老街地图',
  '在屋顶菜园种菜，义卖所得全部捐给了山区学校',
];
const ENDINGS = [
  '，结果出乎所有人的意料。',
  '，得到了家长和校友的热心帮助。',
  '，连续一周的阴雨也没能挡住大家的热情。',
  '，这是本学期项目式学习的一部分。',
  '，并将在下一次升旗仪式后分享他们的发现。',
  '，大家约定明年春天再做一次。',
];
const QUOTES = [
  '我们从错误中学到的，比从课本上学到的还多',
  '这是我第一次看到全班像一个人一样合作',
  '提出一个好问题，比快速给出答案更重要',
  '每一个小实验都在教我们学会耐心',
  '原来我们的校园里藏着这么多故事',
  '最开心的是看到学弟学妹们也加入进来',
];
const REFLECTIONS = [
  '这样的活动让课堂上学到的知识和日常生活联系在了一起。',
  '每一次精彩的演出背后，都是几周里少有人看见的默默练习。',
  '学校希望每一位同学都能找到一项自己真正热爱的活动。',
  '许多好点子，最初只是课间走廊里的一次闲聊。',
  '老师们说，最大的变化是同学们表达自己时更加自信了。',
  '展览将在文华楼一楼大厅持续到本月底，欢迎师生参观。',
  '家长们应邀参加了最后的成果展示，还提出了不少好问题。',
  '下学期，社团将面向初中部和高中部招收新成员。',
];
const HEADLINES = [
  '科技周：校园里的一周科学之旅',
  '音乐教室里的歌声',
  '湿地考察手记',
  '纸桥承重挑战赛',
  '校友重回青溪湖畔',
  '图书馆变成了工作室',
  '跑道上的坚持：田径队训练记',
  '银杏大道七十年',
  '屋顶菜园长大了',
  '值得一问的好问题',
  '文华楼的老故事',
  '校园广播站的一天',
];

export const chineseAuthor = (random: Random) => random.pick(AUTHORS);

/** Distinct headlines while they last, so an issue's contents never list one twice. */
export function chineseHeadlines(random: Random, count: number): string[] {
  const left = [...HEADLINES];
  return Array.from({ length: count }, () => {
    if (left.length === 0) left.push(...HEADLINES);
    return left.splice(random.int(0, left.length - 1), 1)[0]!;
  });
}

/** The last sentences each generator gave, so a paragraph never says one twice. */
const recent = new WeakMap<Random, string[]>();

/** One sentence of a school-life report, in one of three shapes; not one of the last eight. */
export function chineseSentence(random: Random): string {
  const said = recent.get(random) ?? [];
  recent.set(random, said);
  let sentence = anySentence(random);
  for (let tries = 0; tries < 20 && said.includes(sentence); tries++)
    sentence = anySentence(random);
  said.push(sentence);
  if (said.length > 8) said.shift();
  return sentence;
}

function anySentence(random: Random): string {
  const shape = random.next();
  if (shape < 0.45) return `${random.pick(SUBJECTS)}${random.pick(ACTIONS)}${random.pick(ENDINGS)}`;
  if (shape < 0.7) {
    const [klass, name] = random.pick(AUTHORS).split(' ');
    return `“${random.pick(QUOTES)}。”${klass}的${name}说。`;
  }
  return random.pick(REFLECTIONS);
}
