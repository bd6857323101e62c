import type { SceneKind, TimeOfDay } from './demo-scene.js';

/**
 * What the demo school does in a year: each kind of event with when it is held, where, what a
 * picture of it shows, and the sentences a report of it is written from. `{name}` slots are the
 * event's own facts (demo-events.ts `eventFacts`), so a title and its body name the same things.
 */
export interface EventKind {
  /** The word that names the event; every title and body of it holds it. */
  word: string;
  /** Held once a year in each window (month, first day, last day): one date per window and year. */
  fixed?: ReadonlyArray<readonly [number, number, number]>;
  /** Otherwise: the months it may fall in. */
  months?: readonly number[];
  scene: SceneKind;
  time: TimeOfDay;
  places: readonly string[];
  titles: readonly string[];
  /** The first sentence: when, where, who and what, with every fact the titles name. */
  leads: readonly string[];
  facts: readonly string[];
  quotes: readonly string[];
  /** The last sentence; a report's general closings when not given. */
  closings?: readonly string[];
}

const SCHOOL_MONTHS = [3, 4, 5, 6, 9, 10, 11, 12];
const HALLS = ['青禾礼堂', '学术报告厅', '科技楼报告厅'];
const CLASSROOMS = ['文华楼', '科技楼', '求是楼'];

export const KINDS = {
  opening: {
    word: '开学典礼',
    fixed: [[9, 1, 2]],
    scene: 'ceremony',
    time: 'morning',
    places: ['田径场', '青禾礼堂'],
    titles: ['{school}隆重举行{term}开学典礼', '新学期，新起点：{year}年秋季开学典礼在{place}举行'],
    leads: [
      '{md}上午，{school}{term}开学典礼在{place}隆重举行，全校{people}名师生参加。',
      '{md}清晨，{place}上红旗招展，{school}{year}年秋季开学典礼在这里举行，{newcomers}名新生第一次以青禾人的身份站在队列中。',
    ],
    facts: [
      '典礼在庄严的国歌声中开始，{flag}担任升旗手。',
      '校长{principal}以“{motto}”为题致辞，勉励同学们把好习惯带进新学期。',
      '高一新生代表{student}发言，讲述了军训{days}天里的收获。',
      '教师代表{teacher}老师带领全体新教师庄严宣誓。',
      '典礼上，学校为上学年获评“优秀班集体”的{n}个班级颁发了奖牌。',
      '今年秋季学校共迎来高一、初一新生{newcomers}人，编为{classes}个教学班。',
    ],
    quotes: [
      '“站在{place}上，我第一次觉得自己真正属于这里。”高一新生{student2}说。',
      '{teacher}老师说：“新学期的第一课，是让每个孩子知道自己被期待。”',
    ],
  },
  graduation: {
    word: '毕业典礼',
    fixed: [[6, 1, 5]],
    scene: 'ceremony',
    time: 'day',
    places: ['青禾礼堂', '田径场'],
    titles: [
      '{school}{year}届高三毕业典礼在{place}举行',
      '青春不散场：{school}{year}届毕业典礼侧记',
    ],
    leads: [
      '{md}，{school}{year}届高三毕业典礼在{place}举行，{graduates}名毕业生与老师、家长一同见证这一时刻。',
      '{md}下午，{place}座无虚席，{school}{year}届毕业典礼在这里举行，{graduates}名毕业生身着学位服依次走上舞台。',
    ],
    facts: [
      '校长{principal}为每一位毕业生拨穗，并寄语他们“{motto}”。',
      '毕业生代表{student}回顾了三年的高中生活，向老师们深深鞠躬。',
      '班主任代表{teacher}老师把一封手写的信读给了全班同学。',
      '{klass}的同学们把三年里写满留言的班旗赠给了母校。',
      '家长代表{parent}感谢学校三年来的培养，台下掌声经久不息。',
      '典礼最后，全体毕业生合唱校歌《青禾之歌》，不少同学红了眼眶。',
    ],
    quotes: [
      '“三年很短，短到来不及说再见。”毕业生{student2}说。',
      '{teacher}老师说：“你们走得再远，青禾都是你们的家。”',
    ],
  },
  sportsMeet: {
    word: '运动会',
    fixed: [
      [4, 16, 24],
      [10, 20, 28],
    ],
    scene: 'sports',
    time: 'day',
    places: ['田径场'],
    titles: [
      '青禾实验中学{nth}{season}田径运动会圆满落幕',
      '{season}运动会：{klass}夺得团体总分第一',
      '{school}{nth}{season}田径运动会开幕',
    ],
    leads: [
      '{md}至{md2}，青禾实验中学{nth}{season}田径运动会在{place}举行，{athletes}名运动员参加了{events}个项目的角逐。',
      '{md}，{school}{nth}{season}田径运动会在{place}开幕，为期两天的比赛中，{klass}以{points}分夺得团体总分第一。',
    ],
    facts: [
      '{klass}以{points}分夺得团体总分第一，{klass2}和{klass3}分列二、三名。',
      '男子1500米决赛中，{student}以{minutes}分{seconds}秒的成绩打破了保持{years}年的校纪录。',
      '女子跳远比赛里，{student2}跳出了{jump}米，获得高中女子组冠军。',
      '4×100米接力是最后一项，{klass2}在最后一棒反超，赢得全场欢呼。',
      '开幕式上，各班方阵依次入场，{klass3}的方阵以一段武术操赢得掌声。',
      '{volunteers}名学生志愿者在检录处、终点和医务点服务了整整两天。',
    ],
    quotes: [
      '“冲过终点的那一刻，我只听见全班在喊我的名字。”{student}说。',
      '体育组组长{teacher}老师说：“名次之外，我们更想看到每个孩子都跑起来。”',
    ],
  },
  scienceFest: {
    word: '科技节',
    fixed: [[11, 10, 20]],
    scene: 'laboratory',
    time: 'day',
    places: ['科技楼', '科技楼报告厅'],
    titles: ['科技点亮校园——{school}{nth}科技节开幕', '{nth}科技节：{club}的机器人赢得全场喝彩'],
    leads: [
      '{md}，青禾实验中学{nth}科技节在{place}开幕，{projects}件学生作品参加展评。',
      '{md}，{school}{nth}科技节在{place}拉开帷幕，{club}的机器人表演赢得全场喝彩。',
    ],
    facts: [
      '{club}的同学们现场演示了自己编程的机器人，它能按颜色分拣积木。',
      '{klass}的{student}设计的雨水回收装置获得本届科技节一等奖。',
      '纸桥承重比赛中，{klass2}的纸桥承重达到{kilos}公斤，刷新了纪录。',
      '{expert}研究员来校作了题为《{talk}》的科普报告。',
      '本届科技节共评出一等奖{n}项、二等奖{n2}项。',
      '科技节期间，{visitors}名初中部同学走进实验室，亲手完成了{n2}个趣味实验。',
    ],
    quotes: [
      '“第一次让机器人按我的程序动起来，比考满分还开心。”{student2}说。',
      '指导教师{teacher}老师说：“失败了{n}次的作品，往往最有意思。”',
    ],
  },
  artFest: {
    word: '艺术节',
    fixed: [[12, 24, 30]],
    scene: 'art',
    time: 'evening',
    places: ['艺术中心', '青禾礼堂'],
    titles: [
      '{nth}艺术节暨迎新年文艺汇演在{place}举行',
      '{school}{nth}艺术节落幕，{klass}合唱获一等奖',
    ],
    leads: [
      '{md}晚，青禾实验中学{nth}艺术节暨迎新年文艺汇演在{place}举行，{acts}个节目依次登台。',
      '{md}，{school}{nth}艺术节在{place}落幕，{klass}的合唱《{song}》获得一等奖。',
    ],
    facts: [
      '{klass}的合唱《{song}》获得一等奖，指挥是班长{student}。',
      '民乐团演奏的《春江花月夜》把汇演推向高潮。',
      '{student2}的国画作品《青溪晨雾》在书画展中获得一等奖。',
      '艺术节历时两周，共举办书画展、戏剧专场和器乐比赛{n}场活动。',
      '{teacher}老师和学生同台演唱，台下的掌声持续了很久。',
      '汇演的舞美和灯光全部由{club}的同学们负责。',
    ],
    quotes: [
      '“排练了一个多月，上台前手心全是汗。”{student}说。',
      '音乐组{teacher}老师说：“艺术节的舞台，是留给每一个愿意站上去的孩子的。”',
    ],
  },
  readingFest: {
    word: '读书节',
    fixed: [[4, 18, 25]],
    scene: 'library',
    time: 'day',
    places: ['图书馆', '学术报告厅'],
    titles: ['书香满校园：青禾实验中学{nth}读书节启动', '{nth}读书节：{student}获评“阅读之星”'],
    leads: [
      '{md}，青禾实验中学{nth}读书节在{place}启动，本届主题为“{readTheme}”。',
      '{md}，{school}{nth}读书节在{place}闭幕，{student}等{n}名同学获评“阅读之星”。',
    ],
    facts: [
      '启动仪式上，{student}等{n}名同学获评上学年“阅读之星”。',
      '图书馆新上架图书{books}册，读书节期间借阅量比平时增加了一倍多。',
      '{klass}的同学们把《{book}》改编成课本剧，在闭幕式上演出。',
      '作家{expert}应邀来校，和同学们聊起了写作与阅读。',
      '图书漂流活动中，全校师生共交换图书{swap}册。',
      '语文组{teacher}老师开设了“整本书阅读”系列讲座，每周一讲。',
    ],
    quotes: [
      '“读完《{book}》，我第一次想给作者写信。”{student2}说。',
      '图书馆{teacher}老师说：“一本好书，常常是一个孩子改变的开始。”',
    ],
  },
  football: {
    word: '足球',
    months: [3, 4, 5, 10, 11],
    scene: 'sports',
    time: 'day',
    places: ['青禾市体育中心', '田径场'],
    titles: [
      '{school}足球队在青禾市中学生足球联赛中夺冠',
      '青禾市中学生足球联赛：我校足球队{score}胜{opponent}',
    ],
    leads: [
      '{md}，青禾市中学生足球联赛高中组决赛在{place}举行，{school}足球队以{score}战胜{opponent}，夺得冠军。',
      '{md}，在青禾市中学生足球联赛的比赛中，青禾实验中学足球队在{place}以{score}战胜{opponent}。',
    ],
    facts: [
      '{student}在下半场第{minute}分钟打进制胜一球。',
      '门将{student2}扑出了对方的{saves}次射门。',
      '本届联赛共有{teams}支中学球队参加，比赛历时{weeks}周。',
      '主教练{teacher}老师说，球队每天早读前训练一小时，坚持了整整一个学期。',
      '赛后，{student}当选本场比赛最佳球员。',
      '近年来，学校组建了{n}支班级足球队，每周都有校内联赛。',
    ],
    quotes: [
      '“我们不是个人最强的队，但我们是最像一个整体的队。”队长{student}说。',
      '{teacher}老师说：“这个冠军属于每一个早上六点半来训练的孩子。”',
    ],
  },
  study: {
    word: '研学',
    months: [3, 4, 5, 10, 11],
    scene: 'people',
    time: 'day',
    places: ['青禾市博物馆', '青禾湿地公园', '禾田农业科技园', '青溪古镇', '青禾市科技馆'],
    titles: [
      '{grade}学生走进{place}开展研学实践活动',
      '研学在路上：{grade}{people}名学生走进{place}',
    ],
    leads: ['{md}，{school}{grade}{people}名学生走进{place}，开展了为期一天的研学实践活动。'],
    facts: [
      '在{place}，同学们按小组完成了{n}项研学任务。',
      '讲解员带领同学们了解了{place}的历史和今天。',
      '{klass}的{student}小组记录了{species}种动植物，回校后做成了图鉴。',
      '带队的{teacher}老师事先设计了研学手册，每个问题都要在现场找到答案。',
      '回校后，各班在班会课上交流了研学报告，{n2}份优秀报告在文华楼一楼展出。',
    ],
    quotes: [
      '“课本上的知识，第一次在{place}里变成了看得见的东西。”{student}说。',
      '{teacher}老师说：“研学不是春游，每个小组都要带着问题回来。”',
    ],
  },
  volunteer: {
    word: '志愿服务',
    months: [3, 4, 5, 7, 8, 10, 11, 12],
    scene: 'people',
    time: 'morning',
    places: ['城东社区', '青禾市图书馆', '青溪古镇', '青禾市敬老院'],
    titles: [
      '{people}名青禾学子走进{place}开展志愿服务',
      '志愿服务在{place}：{klass}同学的一个上午',
    ],
    leads: [
      '{md}，{school}{people}名学生志愿者走进{place}，开展志愿服务活动。',
      '{md}上午，{school}{klass}的同学们来到{place}，开展了一次志愿服务。',
    ],
    facts: [
      '志愿者们分成{n}个小组，整理图书、清扫街巷、陪老人聊天。',
      '{student}和同学们为社区居民讲解了垃圾分类的方法。',
      '{klass}的同学们为{place}的孩子们辅导了作业。',
      '活动由校团委组织，{teacher}老师带队。',
      '本学期学校志愿者累计服务时长已超过{hours}小时。',
    ],
    quotes: [
      '“帮别人做一点小事，自己也很快乐。”{student2}说。',
      '{place}的工作人员说：“青禾的孩子们每次来都特别认真。”',
    ],
  },
} satisfies Record<string, EventKind>;

export { CLASSROOMS, HALLS, SCHOOL_MONTHS };
