import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import writeExcelFile from 'write-excel-file/node';
import pptxgenjs from 'pptxgenjs';

// pptxgenjs's types are CommonJS-shaped (`export default` in a package without "type": "module"),
// so TypeScript (NodeNext) sees the module object; Node loads the ES build, whose default is the
// class itself.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

/**
 * Office files of the demo teaching drive, made by libraries as a teacher's
 * own would be: 教案 and 试题 in Word, 成绩表 in Excel, 课件 in PowerPoint,
 * each with a title, a table and some text. Made once per seed (a few
 * hundred milliseconds together).
 */

const FONT = '宋体';

export interface LessonPlan {
  title: string;
  table: string[][];
  sections: Array<[heading: string, text: string]>;
}

const LESSON_PLANS: LessonPlan[] = [
  {
    title: '高一数学 第三章 函数的概念与性质 教案',
    table: [
      ['课题', '函数的单调性'],
      ['课时', '2 课时'],
      ['授课班级', '高一（3）班'],
      ['授课教师', '数学组'],
    ],
    sections: [
      ['一、教学目标', '理解函数单调性的定义，会用定义证明简单函数的单调性，体会数形结合的思想。'],
      ['二、教学重点与难点', '重点：单调性的概念；难点：用定义证明函数的单调性。'],
      [
        '三、教学过程',
        '1. 观察 y=x² 的图象，说出图象的升降；2. 归纳增函数、减函数的定义；3. 例题讲解与课堂练习。',
      ],
      ['四、作业', '课本第 79 页习题 3.2 第 1、3、5 题。'],
    ],
  },
  {
    title: '高二语文 《红楼梦》整本书阅读 教案',
    table: [
      ['课题', '《红楼梦》人物形象分析'],
      ['课时', '3 课时'],
      ['授课班级', '高二（1）班'],
      ['授课教师', '语文组'],
    ],
    sections: [
      ['一、教学目标', '梳理主要人物关系，学会从细节描写分析人物性格。'],
      ['二、教学重点与难点', '重点：人物关系图谱；难点：人物命运与主题的联系。'],
      ['三、教学过程', '1. 小组汇报人物关系图；2. 精读“黛玉进府”片段；3. 讨论与写作练习。'],
      ['四、作业', '选择一个人物，写 800 字的人物评析。'],
    ],
  },
  {
    title: '高一物理 期中测试卷',
    table: [
      ['题型', '题数', '分值'],
      ['选择题', '12', '48'],
      ['实验题', '2', '16'],
      ['计算题', '3', '36'],
    ],
    sections: [
      ['一、选择题', '1. 下列物理量中属于矢量的是（　　）A. 质量　B. 时间　C. 位移　D. 路程'],
      ['二、实验题', '13. 在“探究小车速度随时间变化的规律”实验中，打点计时器使用的电源是____。'],
      [
        '三、计算题',
        '16. 一辆汽车以 10 m/s 的速度匀速行驶，刹车后加速度大小为 2 m/s²，求 6 s 内的位移。',
      ],
    ],
  },
  {
    title: '高三英语 完形填空专项练习',
    table: [
      ['练习', '篇数', '建议用时'],
      ['完形填空', '3', '45 分钟'],
      ['答案讲评', '1', '15 分钟'],
    ],
    sections: [
      ['一、练习说明', '每篇 15 空，每空 1 分；先通读全文，再结合上下文逐空作答。'],
      ['二、练习一', 'It was the first day of school. Tom walked into the classroom, ____ (1) ...'],
      ['三、方法提示', '注意词语复现、上下文逻辑关系和固定搭配。'],
    ],
  },
];

/** A Word document: title, a bordered table (first row bold), headed sections. */
export async function makeDocx(i: number | LessonPlan): Promise<Buffer> {
  const plan = typeof i === 'number' ? LESSON_PLANS[i % LESSON_PLANS.length]! : i;
  const cell = (text: string, header: boolean) =>
    new TableCell({
      children: [new Paragraph({ children: [new TextRun({ text, bold: header, font: FONT })] })],
    });
  const document = new Document({
    creator: '青禾实验中学',
    title: plan.title,
    styles: { default: { document: { run: { font: FONT, size: 24 } } } },
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.TITLE,
            alignment: AlignmentType.CENTER,
            children: [new TextRun({ text: plan.title, font: FONT })],
          }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: plan.table.map(
              (row, r) =>
                new TableRow({ children: row.map((text, c) => cell(text, r === 0 || c === 0)) }),
            ),
          }),
          ...plan.sections.flatMap(([heading, text]) => [
            new Paragraph({ heading: HeadingLevel.HEADING_2, text: heading }),
            new Paragraph({ children: [new TextRun({ text, font: FONT })] }),
          ]),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

const SHEETS: Array<{ title: string; subjects: string[] }> = [
  { title: '高一（3）班 期中考试成绩统计表', subjects: ['语文', '数学', '英语', '物理', '化学'] },
  { title: '高二年级 数学月考成绩分析', subjects: ['选择题', '填空题', '解答题'] },
  { title: '高三（1）班 第一次模拟考试成绩', subjects: ['语文', '数学', '英语', '综合'] },
];

const STUDENTS = ['王子涵', '李思远', '张雨桐', '刘浩然', '陈可欣', '杨梓轩', '赵一诺', '黄嘉怡'];

/**
 * An Excel workbook: a title row, one row per student, totals and averages as
 * formulas (OOXML keeps a formula without its leading '=').
 */
export async function makeXlsx(i: number): Promise<Buffer> {
  const sheet = SHEETS[i % SHEETS.length]!;
  const columns = ['学号', '姓名', ...sheet.subjects, '总分'];
  const letter = (column: number) => String.fromCharCode(64 + column);
  const last = sheet.subjects.length + 2;
  // Rows 1 and 2 are the title and the heads; the students start on row 3.
  const first = 3;
  const end = first + STUDENTS.length - 1;
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const data = [
    [
      {
        value: sheet.title,
        fontWeight: 'bold' as const,
        columnSpan: columns.length,
        align: 'center' as const,
      },
      ...columns.slice(1).map(() => null),
    ],
    columns.map(bold),
    ...STUDENTS.map((name, s) => [
      { value: `2026${String(s + 1).padStart(2, '0')}` },
      { value: name },
      ...sheet.subjects.map((_, k) => ({ value: 60 + ((s * 7 + k * 13 + i * 5) % 40) })),
      { type: 'Formula' as const, value: `SUM(C${first + s}:${letter(last)}${first + s})` },
    ]),
    [
      null,
      bold('平均分'),
      ...Array.from({ length: sheet.subjects.length + 1 }, (_, k) => ({
        type: 'Formula' as const,
        value: `ROUND(AVERAGE(${letter(k + 3)}${first}:${letter(k + 3)}${end}),1)`,
        fontWeight: 'bold' as const,
      })),
    ],
  ];
  return writeExcelFile(data, {
    sheet: '成绩',
    columns: columns.map(() => ({ width: 12 })),
  }).toBuffer();
}

export interface Deck {
  title: string;
  points: string[];
  table: string[][];
}

const DECKS: Deck[] = [
  {
    title: '高一数学 函数的单调性',
    points: ['观察函数图象的升降', '增函数与减函数的定义', '用定义证明单调性的步骤'],
    table: [
      ['函数', '增区间', '减区间'],
      ['y = x²', '[0, +∞)', '(-∞, 0]'],
      ['y = 1/x', '无', '(-∞, 0)，(0, +∞)'],
    ],
  },
  {
    title: '高二化学 氧化还原反应',
    points: ['从化合价变化认识氧化还原', '电子转移的表示方法', '氧化剂与还原剂的判断'],
    table: [
      ['反应', '氧化剂', '还原剂'],
      ['Fe + CuSO₄', 'CuSO₄', 'Fe'],
      ['2H₂ + O₂', 'O₂', 'H₂'],
    ],
  },
  {
    title: '高一历史 辛亥革命',
    points: ['革命的背景', '武昌起义与中华民国成立', '辛亥革命的历史意义'],
    table: [
      ['时间', '事件'],
      ['1905 年', '中国同盟会成立'],
      ['1911 年', '武昌起义'],
      ['1912 年', '中华民国成立'],
    ],
  },
];

/** A PowerPoint deck: a title slide, a slide of points, a slide with a table, a summary. */
export async function makePptx(i: number | Deck): Promise<Buffer> {
  const deck = typeof i === 'number' ? DECKS[i % DECKS.length]! : i;
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  pptx.author = '青禾实验中学';
  pptx.title = deck.title;
  const text = { fontFace: 'Microsoft YaHei', color: '1F4E79' };

  const cover = pptx.addSlide();
  cover.background = { color: 'EAF2F8' };
  cover.addText(deck.title, {
    ...text,
    x: 0.5,
    y: 1.8,
    w: 9,
    h: 1.2,
    fontSize: 36,
    bold: true,
    align: 'center',
  });
  cover.addText('青禾实验中学 · 课件', {
    ...text,
    x: 0.5,
    y: 3.2,
    w: 9,
    h: 0.6,
    fontSize: 18,
    align: 'center',
  });

  const points = pptx.addSlide();
  points.addText('本节要点', { ...text, x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
  points.addText(
    deck.points.map((point) => ({ text: point, options: { bullet: true, breakLine: true } })),
    { ...text, x: 0.8, y: 1.3, w: 8.4, h: 3.5, fontSize: 22, color: '333333' },
  );

  const table = pptx.addSlide();
  table.addText('归纳整理', { ...text, x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
  table.addTable(
    deck.table.map((row, r) =>
      row.map((cell) => ({
        text: cell,
        options: { bold: r === 0, fill: { color: r === 0 ? 'D6E4F0' : 'FFFFFF' } },
      })),
    ),
    {
      x: 0.8,
      y: 1.3,
      w: 8.4,
      fontSize: 18,
      fontFace: text.fontFace,
      border: { type: 'solid', pt: 1, color: '999999' },
    },
  );

  const summary = pptx.addSlide();
  summary.addText('课堂小结与作业', {
    ...text,
    x: 0.5,
    y: 0.3,
    w: 9,
    h: 0.8,
    fontSize: 28,
    bold: true,
  });
  summary.addText('完成课本练习，下节课前预习下一节内容。', {
    ...text,
    x: 0.8,
    y: 1.5,
    w: 8.4,
    h: 1,
    fontSize: 20,
    color: '333333',
  });
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}
