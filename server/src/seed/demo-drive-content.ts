import type { Deck, LessonPlan } from './demo-office.js';
import type { DocumentInput } from './demo-pdf.js';

/**
 * What the demo library's files are about: per subject a lesson of each
 * grade, and the titles and PDF contents built from them, so a 历史 file
 * teaches history under a title that says so.
 */

export const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '政治'];
export const GRADES = ['高一', '高二', '高三'];

/** The library's folder kinds (教案, 课件, 试题) with their resourcesType. */
export const FOLDER_KINDS: Array<[folder: string, resourcesType: string]> = [
  ['教案', '1'],
  ['课件', '2'],
  ['试题', '3'],
];

export type FileKind = 'pdf' | 'jpg' | 'txt' | 'wav' | 'mp4' | 'docx' | 'xlsx' | 'pptx';

/** The topics a folder kind's files are about; none repeats a word of a label below. */
export const TOPICS: Record<string, readonly string[]> = {
  '1': ['第一单元', '第二单元', '公开课'],
  '2': ['第一单元', '专题复习', '公开课'],
  '3': ['单元练习', '期中复习', '期末复习'],
};

/** What a file of each kind is called in a folder of each kind (a workbook is a score sheet). */
export const LABELS: Record<string, Partial<Record<FileKind, string>>> = {
  '1': { docx: '教案', pdf: '教案', txt: '教学设计' },
  '2': { pptx: '课件', pdf: '课件', jpg: '板书照片', wav: '课堂录音', mp4: '微课视频' },
  '3': { docx: '试题', pdf: '试题', xlsx: '成绩统计表' },
};

/**
 * A lesson of each grade (in the order of GRADES) for each subject (in the order of SUBJECTS):
 * [课题, 重点, a question].
 */
const LESSONS: Array<[lesson: string, focus: string, question: string]> = [
  // 语文
  ['《沁园春·长沙》', '诗词意象与情感', '“万类霜天竞自由”一句表达了怎样的情怀？'],
  ['《红楼梦》整本书阅读', '人物形象分析', '试从细节描写分析王熙凤的性格特点。'],
  ['议论文写作', '论点与论据的关系', '围绕“坚持”写一段有论点、有论据的文字。'],
  // 数学
  ['函数的单调性', '用定义证明单调性', '证明 f(x)=2x+1 在 R 上是增函数。'],
  ['等差数列', '通项公式与前 n 项和', '已知等差数列首项为 3、公差为 2，求前 10 项和。'],
  ['导数的应用', '利用导数求极值', '求 f(x)=x³−3x 的极值。'],
  // 英语
  [
    'Unit 1 Teenage Life',
    '一般现在时与现在进行时',
    '用所给词的适当形式填空：She usually ____ (walk) to school.',
  ],
  [
    'Unit 3 Diverse Cultures',
    '定语从句',
    '用关系代词完成句子：This is the city ____ I was born in.',
  ],
  ['读后续写专项', '情节衔接与细节描写', '根据所给开头，续写一段约 150 词的短文。'],
  // 物理
  ['牛顿第一定律', '惯性的理解', '为什么汽车急刹车时乘客会向前倾？'],
  ['电场强度', '电场强度的定义与计算', '求距点电荷 Q 为 r 处的电场强度大小。'],
  ['电磁感应现象', '楞次定律', '用楞次定律判断感应电流的方向。'],
  // 化学
  ['物质的量', '摩尔质量的计算', '计算 11 g 二氧化碳的物质的量。'],
  ['化学反应速率', '影响反应速率的因素', '举例说明温度对化学反应速率的影响。'],
  ['有机合成', '官能团的转化', '设计由乙烯制取乙酸乙酯的合成路线。'],
  // 生物
  ['细胞的基本结构', '细胞膜的功能', '细胞膜为什么具有选择透过性？'],
  ['光合作用', '光反应与暗反应', '比较光反应与暗反应的场所和产物。'],
  ['生态系统的稳定性', '抵抗力稳定性与恢复力稳定性', '为什么森林生态系统的抵抗力稳定性较高？'],
  // 历史
  ['丝绸之路', '中外交流的意义', '简述丝绸之路对东西方交流的作用。'],
  ['辛亥革命', '辛亥革命的历史意义', '为什么说辛亥革命是中国近代史上的一次伟大变革？'],
  ['工业革命', '工业革命对世界的影响', '工业革命怎样改变了人们的生产和生活方式？'],
  // 地理
  ['地球的公转', '昼夜长短与正午太阳高度', '夏至日青禾市的昼夜长短有什么特点？'],
  ['河流地貌', '冲积平原的形成', '说明河流下游冲积平原的形成过程。'],
  ['城市的区位', '影响城市区位的因素', '分析青溪古镇形成与发展的区位条件。'],
  // 政治
  ['中国特色社会主义', '道路、理论、制度与文化', '结合实例说明坚持中国特色社会主义的意义。'],
  ['市场经济', '市场配置资源的作用', '举例说明价格变动对生产经营的影响。'],
  ['法律与生活', '依法维护合法权益', '消费者权益受到侵害时可以通过哪些途径维护？'],
];

/**
 * The library's teaching facets of a lesson's files (the dictionary's names, migration 0053):
 * the demo's grades are 高中's, 政治 is 思想政治 there, and each subject's usual textbook.
 */
export function facetNamesOf(subject: string, grade: string) {
  const editions: Record<string, string> = {
    语文: '统编版',
    数学: '人教版',
    英语: '外研版',
    物理: '人教版',
    化学: '鲁科版',
    生物: '人教版',
    历史: '统编版',
    地理: '湘教版',
    政治: '统编版',
  };
  return {
    stage: '高中',
    grade,
    subject: subject === '政治' ? '思想政治' : subject,
    edition: editions[subject] ?? '人教版',
    chapter: lessonOf(subject, grade).lesson,
  };
}

export function lessonOf(subject: string, grade: string) {
  const row = SUBJECTS.indexOf(subject) * GRADES.length + GRADES.indexOf(grade);
  const [lesson, focus, question] = LESSONS[row]!;
  return { lesson, focus, question };
}

/** A resource's title: 历史高一第一单元教案. Parts never repeat a word (see TOPICS, LABELS). */
export function resourceTitle(
  subject: string,
  grade: string,
  topic: string,
  resourcesType: string,
  kind: FileKind,
): string {
  return `${subject}${grade}${topic}${LABELS[resourcesType]![kind] ?? ''}`;
}

/** The PDF of a library file: a lesson plan, the points of a lesson, or a test, on its lesson. */
export function lessonDocument(
  subject: string,
  grade: string,
  topic: string,
  resourcesType: string,
): DocumentInput {
  const title = resourceTitle(subject, grade, topic, resourcesType, 'pdf');
  const { lesson, focus, question } = lessonOf(subject, grade);
  const byline = `青禾实验中学${subject}组\u3000${grade}\u3000课题：${lesson}`;
  if (resourcesType === '1') {
    return {
      title,
      byline,
      sections: [
        {
          heading: '一、教学目标',
          lines: [`理解${lesson}的主要内容，掌握${focus}，能运用所学分析具体问题。`],
        },
        {
          heading: '二、教学重点与难点',
          lines: [`重点：${focus}。`, '难点：把所学知识迁移到新的情境中。'],
        },
        {
          heading: '三、教学过程',
          lines: [
            `1. 情境导入：从生活中的例子引出${lesson}。`,
            `2. 新课讲授：围绕${focus}逐步展开，师生共同归纳。`,
            `3. 课堂练习：${question}`,
            '4. 课堂小结：学生梳理本节要点，教师补充。',
          ],
        },
        { heading: '四、作业布置', lines: ['完成课本本节练习，预习下一节内容。'] },
      ],
    };
  }
  if (resourcesType === '2') {
    return {
      title,
      byline,
      sections: [
        { heading: '本节要点', lines: [`1. ${lesson}`, `2. ${focus}`, '3. 典型例题与方法归纳'] },
        { heading: '例题讲解', lines: [question] },
        { heading: '课堂小结', lines: [`本节课我们学习了${lesson}，重点是${focus}。`] },
      ],
    };
  }
  return {
    title,
    byline: `青禾实验中学${subject}组\u3000${grade}\u3000满分 100 分\u3000考试时间 90 分钟`,
    sections: [
      {
        heading: '一、选择题（每题 4 分，共 40 分）',
        lines: [
          `1. 下列关于${lesson}的说法，正确的是（\u3000\u3000）`,
          'A. ……\u3000B. ……\u3000C. ……\u3000D. ……',
        ],
      },
      { heading: '二、填空题（每题 5 分，共 20 分）', lines: [`11. ${focus}的要点是________。`] },
      { heading: '三、解答题（共 40 分）', lines: [`16. ${question}`] },
    ],
  };
}

/** The text file of a 教案 folder: a short 教学设计 of the same lesson. */
export function lessonText(subject: string, grade: string, topic: string): string {
  const { lesson, focus, question } = lessonOf(subject, grade);
  return [
    resourceTitle(subject, grade, topic, '1', 'txt'),
    `课题：${lesson}`,
    `一、教学目标：掌握${focus}。`,
    `二、教学重点：${focus}。`,
    `三、教学过程：导入—新授—练习（${question}）—小结。`,
    '',
  ].join('\n');
}

/** The Word file of a 教案 or 试题 folder: the same lesson plan or test as its PDF. */
export function lessonPlan(
  subject: string,
  grade: string,
  topic: string,
  resourcesType: string,
): LessonPlan {
  const document = lessonDocument(subject, grade, topic, resourcesType);
  const { lesson } = lessonOf(subject, grade);
  return {
    title: resourceTitle(subject, grade, topic, resourcesType, 'docx'),
    table:
      resourcesType === '1'
        ? [
            ['课题', lesson],
            ['课时', '2 课时'],
            ['授课年级', grade],
            ['授课教师', `${subject}组`],
          ]
        : [
            ['题型', '题数', '分值'],
            ['选择题', '10', '40'],
            ['填空题', '5', '20'],
            ['解答题', '4', '40'],
          ],
    sections: document.sections.map((section) => [section.heading, section.lines.join('')]),
  };
}

/** The PowerPoint file of a 课件 folder: the lesson's points and a summary table. */
export function lessonDeck(subject: string, grade: string, topic: string): Deck {
  const { lesson, focus, question } = lessonOf(subject, grade);
  return {
    title: resourceTitle(subject, grade, topic, '2', 'pptx'),
    points: [lesson, focus, question],
    table: [
      ['要点', '内容'],
      ['课题', lesson],
      ['重点', focus],
    ],
  };
}
