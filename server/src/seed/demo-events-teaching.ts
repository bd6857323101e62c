import { CLASSROOMS, HALLS, SCHOOL_MONTHS, type EventKind } from './demo-events-kinds.js';

/** Teaching, exams, teachers and students' prizes: the kinds of 教育教学, 教师 and 学生 columns. */
export const TEACHING_KINDS = {
  research: {
    word: '教研活动',
    months: SCHOOL_MONTHS,
    scene: 'classroom',
    time: 'day',
    places: CLASSROOMS,
    titles: [
      '{subject}教研组开展“{teachTheme}”专题教研活动',
      '以研促教：{subject}组“{teachTheme}”教研活动侧记',
    ],
    leads: [
      '{md}，{school}{subject}教研组在{place}开展“{teachTheme}”专题教研活动，全组{n}位教师参加。',
    ],
    facts: [
      '{teacher}老师执教了研讨课《{lesson}》，课后大家围绕“{teachTheme}”逐个环节评议。',
      '青禾市{subject}教研员{expert}到场指导，肯定了课堂上的小组合作。',
      '{teacher2}老师分享了本学期作业设计的做法，每份作业控制在二十分钟以内。',
      '教研组决定把这节课的设计整理成案例，供全组下学期使用。',
      '本学期{subject}组已开展专题教研{n2}次，每次都有一节研讨课。',
    ],
    quotes: [
      '“评课时被问住的那几个问题，比上课本身收获还大。”{teacher}老师说。',
      '{expert}说：“{teachTheme}不是新名词，关键是落到每一节课里。”',
    ],
  },
  openLesson: {
    word: '公开课',
    months: SCHOOL_MONTHS,
    scene: 'classroom',
    time: 'day',
    places: CLASSROOMS,
    titles: [
      '{teacher}老师执教{subject}公开课《{lesson}》',
      '{gradeShort}{subject}公开课《{lesson}》教学展示',
    ],
    leads: [
      '{md}，{teacher}老师在{place}为{klass}执教{subject}公开课《{lesson}》，{n}位教师到场听课。',
    ],
    facts: [
      '课堂从一个生活中的问题引入，{teacher}老师层层设问，学生分组探究。',
      '{student}代表小组上台展示，讲清了自己的思路和卡住的地方。',
      '课后评课中，{teacher2}老师认为这节课把“{teachTheme}”落到了实处。',
      '听课教师从目标、活动和评价三个方面填写了观课记录。',
      '这节课的课件和学案已上传到学校的教学网盘，供同组老师参考。',
    ],
    quotes: [
      '“公开课最怕热闹而没有思考，今天的学生是真在想。”{teacher2}老师说。',
      '{student}说：“原来{subject}课也可以这样上。”',
    ],
  },
  midterm: {
    word: '期中考试',
    fixed: [
      [4, 20, 24],
      [11, 9, 13],
    ],
    scene: 'classroom',
    time: 'day',
    places: HALLS,
    titles: [
      '{grade}召开{term}期中考试质量分析会',
      '{school}{grade}期中考试质量分析会在{place}举行',
    ],
    leads: ['{md}，{school}{grade}{term}期中考试质量分析会在{place}举行，年级全体任课教师参加。'],
    facts: [
      '教务处{teacher}主任从平均分、优秀率和学科均衡三个方面分析了本次期中考试的成绩。',
      '与上次考试相比，{grade}的数学优秀率提高了{percent}个百分点。',
      '{klass}班主任{teacher2}老师介绍了班级“一生一案”的跟踪做法。',
      '会上确定了{n}名需要重点关注的学生，由任课教师分工辅导。',
      '各备课组将在两周内完成试卷讲评和错题整理。',
    ],
    quotes: [
      '“分数是镜子，要看清的是教和学里的问题。”{teacher}主任说。',
      '{teacher2}老师说：“下半学期，我们先把基础薄弱的同学扶起来。”',
    ],
  },
  final: {
    word: '期末考试',
    fixed: [
      [1, 12, 16],
      [7, 1, 4],
    ],
    scene: 'classroom',
    time: 'day',
    places: HALLS,
    titles: ['{school}召开{term}期末考试工作会议', '{term}期末考试顺利结束，{grade}成绩稳步提升'],
    leads: [
      '{md}，{school}在{place}召开{term}期末考试工作会议，部署期末考试的命题、监考和阅卷工作。',
      '{md}，{school}{term}期末考试顺利结束，全校{people}名学生参加考试，{grade}成绩稳步提升。',
    ],
    facts: [
      '本次期末考试共设考场{rooms}个，{invigilators}名教师参加监考。',
      '阅卷采用网上阅卷，每道主观题由两位教师分别评分。',
      '{grade}的语文和英语平均分比上学期分别提高了{score1}分和{score2}分。',
      '考试期间，各考场秩序良好，没有发现违纪现象。',
      '成绩将在三个工作日内通过班主任告知家长。',
    ],
    quotes: [
      '教务处{teacher}主任说：“考试结束不是学期结束，讲评才是最重要的一课。”',
      '“这次期末考试，我终于把错题本用起来了。”{klass}的{student}说。',
    ],
  },
  parents: {
    word: '家长会',
    fixed: [
      [4, 26, 30],
      [11, 21, 26],
    ],
    scene: 'meeting',
    time: 'evening',
    places: CLASSROOMS,
    titles: ['{school}召开{grade}家长会', '家校同心：{grade}期中家长会在{place}召开'],
    leads: ['{md}下午，{school}{grade}家长会在{place}召开，{parents}位家长到校参加。'],
    facts: [
      '年级主任{teacher}老师通报了期中考试情况和下半学期的安排。',
      '心理健康中心{teacher2}老师为家长讲解了青春期孩子的情绪变化。',
      '各班班主任与家长逐一交流，{klass}的家长会一直开到了晚上七点。',
      '家长们填写了{n}条意见和建议，学校将在一周内逐条回复。',
      '会后，家长们参观了学生的作业展和实验室。',
    ],
    quotes: [
      '家长{parent}说：“听完才知道孩子在学校有这么多我们不了解的一面。”',
      '“家长会不是告状会，是一起想办法的会。”{teacher}老师说。',
    ],
  },
  lecture: {
    word: '讲座',
    months: SCHOOL_MONTHS,
    scene: 'meeting',
    time: 'day',
    places: HALLS,
    titles: ['{expert}教授来校作《{talk}》专题讲座', '名家进校园：《{talk}》讲座在{place}举行'],
    leads: [
      '{md}，{expert}教授应邀来到{school}，在{place}为{people}名师生作了题为《{talk}》的专题讲座。',
    ],
    facts: [
      '讲座中，{expert}教授用几个小故事讲起了自己中学时代的疑问。',
      '互动环节，{klass}的{student}提问：“怎样才能找到自己真正喜欢的方向？”',
      '讲座持续了{minutes}分钟，结束后还有不少同学围着{expert}教授请教。',
      '这是本学期“青禾讲坛”的第{n}讲，由{teacher}老师主持。',
    ],
    quotes: [
      '“原来最前沿的研究，也是从一个普通的问题开始的。”{student2}说。',
      '{expert}教授说：“好奇心是最好的老师，保护它比什么都重要。”',
    ],
  },
  contest: {
    word: '竞赛',
    months: SCHOOL_MONTHS,
    scene: 'ceremony',
    time: 'day',
    places: ['省会', '青禾市'],
    titles: ['{klass}{student}在{contest}中荣获{prize}', '青禾学子在{contest}中获得{prize}'],
    leads: ['{md}，{contest}结果揭晓，{school}{klass}的{student}获得{prize}。'],
    facts: [
      '本次竞赛共有来自全省的{entrants}名选手参加，{student}的成绩位列第{rank}名。',
      '指导教师{teacher}老师从高一起就带着{student}做专题训练。',
      '同校的{student2}也获得了三等奖。',
      '学校将在下周的升旗仪式上为获奖同学颁奖。',
      '近三年，学校学生在各级学科竞赛中获奖{awards}人次。',
    ],
    quotes: [
      '“比赛前一晚我把错题又看了一遍。”{student}说。',
      '{teacher}老师说：“奖是一时的，钻研的习惯会跟他一辈子。”',
    ],
  },
  teacherPrize: {
    word: '优秀教师',
    months: [9, 10, 11, 12],
    scene: 'ceremony',
    time: 'day',
    places: HALLS,
    titles: [
      '{subject}教师{teacher}荣获青禾市优秀教师称号',
      '扎根讲台{years}年，{teacher}获评青禾市优秀教师',
    ],
    leads: [
      '{md}，青禾市庆祝教师节表彰名单公布，{school}{subject}教师{teacher}获评青禾市优秀教师，他已扎根讲台{years}年。',
    ],
    facts: [
      '{teacher}老师现任{klass}班主任，所带班级连续{n}年被评为优秀班集体。',
      '他主持的{subject}校本课程已开设{n2}个学期，选课学生累计{students}人。',
      '同事{teacher2}老师说，他的办公桌上总放着一摞学生的周记。',
      '学校将在教职工大会上对获奖教师进行表彰。',
    ],
    quotes: [
      '“当老师最好的时刻，是看见学生自己想明白了。”{teacher}老师说。',
      '{klass}的{student}说：“{teacher}老师会记得我们每个人说过的话。”',
    ],
  },
  classMeeting: {
    word: '主题班会',
    months: SCHOOL_MONTHS,
    scene: 'classroom',
    time: 'day',
    places: CLASSROOMS,
    titles: ['{klass}“{classTheme}”主题班会', '主题班会展示：{klass}同学谈“{classTheme}”'],
    leads: [
      '{md}，{klass}在{place}召开“{classTheme}”主题班会，班主任{teacher}老师和{n}位家长代表到场。',
    ],
    facts: [
      '班会由{student}和{student2}主持，全班分成{n}个小组轮流发言。',
      '同学们先用一段情景剧引出“{classTheme}”这个话题，再分组讨论。',
      '{teacher}老师请每位同学写下一件这学期想做到的小事，贴在教室后墙上。',
      '这节班会课入选了学校本学期的主题班会展示课。',
    ],
    quotes: [
      '“说出来以后，才发现大家其实想的都差不多。”{student}说。',
      '{teacher}老师说：“班会课上说的话，要在平时的日子里做出来。”',
    ],
  },
} satisfies Record<string, EventKind>;
