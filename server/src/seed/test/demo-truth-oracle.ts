/**
 * What "reads true" means for a demo item, written from the school calendar and from how
 * Chinese news titles name things, not taken from the generator, so it catches a generator
 * that drifts.
 */

/** The months each kind of event may be dated in, by the school calendar. */
const CALENDAR: ReadonlyArray<readonly [RegExp, readonly number[]]> = [
  [/开学典礼/, [8, 9]],
  [/毕业典礼/, [5, 6, 7]],
  [/期中考试/, [4, 5, 10, 11]],
  [/期末考试/, [1, 6, 7]],
  [/运动会/, [3, 4, 5, 9, 10, 11]],
  [/招生/, [3, 4, 5, 6, 7]],
  [/寒假/, [12, 1, 2]],
  [/暑假/, [6, 7, 8]],
  [/科技节|艺术节|读书节|家长会/, [3, 4, 5, 6, 9, 10, 11, 12]],
  // The spring term runs from February to July, the autumn term from August to January.
  [/春季/, [2, 3, 4, 5, 6, 7]],
  [/秋季/, [8, 9, 10, 11, 12, 1]],
  [/春日/, [3, 4, 5]],
  [/夏日/, [6, 7, 8]],
  [/秋日/, [9, 10, 11]],
  [/冬日|初雪/, [12, 1, 2]],
];

/** Words naming what happened: a title that says one, its body says it too. */
const EVENT_WORDS = [
  ...['开学典礼', '毕业典礼', '运动会', '期中考试', '期末考试', '科技节', '艺术节', '读书节'],
  ...['足球', '篮球', '家长会', '研学', '讲座', '教研', '志愿服务', '竞赛', '招生', '校友'],
  ...['安全', '社团', '公开课', '校本课程', '送教', '食品安全', '资助', '寒假', '暑假'],
  ...['老照片', '院士', '班会', '党日', '党课'],
];

/** Names a title gives: people, classes, places, works, themes, years of a class. */
const NAMED = [
  /《[^》]+》/g,
  /“[^”]+”/g,
  /[初高][一二三]（\d+）班/g,
  /\d{4}届/g,
  /第[一二三四五六七八九十]+届/g,
  /[初高][一二三]年级/g,
  /(?<=(?:班|教师|校友|学生|同学))\p{Script=Han}{2,3}?(?=在|荣获|获评|回母校|：)/gu,
  /(?<=，)\p{Script=Han}{2,3}(?=获评)/gu,
  /^\p{Script=Han}{2,3}(?=老师执教)/gu,
  /(?<=在)\p{Script=Han}{2,8}?(?=举行|召开|开展|同台|举办)/gu,
  /(?<=走进)\p{Script=Han}{2,8}?(?=开展|$)/gu,
  /(?<=[赴到])\p{Script=Han}{2,8}?(?=送教)/gu,
];

const plain = (html: string) => html.replace(/<[^>]+>/g, '\n');

/** What is wrong with one item, as sentences a person can read; none when it reads true. */
export function untruths(item: { title: string; content: string; date: Date }, now: Date) {
  const problems: string[] = [];
  const body = plain(item.content);
  const flat = body.replace(/\n/g, '');
  for (const word of EVENT_WORDS) {
    if (item.title.includes(word) && !flat.includes(word)) problems.push(`body lacks ${word}`);
  }
  for (const pattern of NAMED) {
    for (const [named] of item.title.matchAll(pattern)) {
      if (!flat.includes(named)) problems.push(`body lacks ${named}`);
    }
  }
  const month = item.date.getUTCMonth() + 1;
  for (const [words, months] of CALENDAR) {
    if (words.test(item.title) && !months.includes(month)) {
      problems.push(`${words.source} dated in month ${month}`);
    }
  }
  if (item.date.getTime() > now.getTime()) problems.push('dated after now');
  const sentences = body
    .split(/\n|(?<=[。！？](?!”))|(?<=[。！？]”)/)
    .map((s) => s.trim())
    .filter((s) => [...s].length >= 6);
  const seen = new Set<string>();
  for (const sentence of sentences) {
    if (seen.has(sentence)) problems.push(`repeats: ${sentence}`);
    seen.add(sentence);
  }
  return problems;
}
