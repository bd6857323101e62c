export type DemoTopic =
  | 'campus'
  | 'education'
  | 'special'
  | 'alumni'
  | 'teacher'
  | 'student'
  | 'society'
  | 'demonstration'
  | 'affairs'
  | 'notice'
  | 'course'
  | 'gallery-past'
  | 'gallery-campus'
  | 'video'
  | 'regulation'
  | 'party'
  | 'openclass';

/** Title templates; `{slot}` names come from SLOTS in demo-text-slots.ts. */
export const TITLES: Record<DemoTopic, readonly string[]> = {
  campus: [
    '{school}隆重举行{term}开学典礼',
    '青禾实验中学{nthMeet}{season}田径运动会圆满落幕',
    '{festival}开幕 青禾校园处处洋溢青春活力',
    '{grade}学生走进{outPlace}开展{activity}活动',
    '{school}举办“{theme}”主题教育活动',
    '青禾实验中学{festival}精彩纷呈，学生社团集中亮相',
    '{school}{sport}队在青禾市中学生联赛中夺冠',
    '校园开放日迎来{count}余位家长和学生走进青禾',
    '书香满校园：青禾实验中学{nthReading}读书节启动',
    '{season}运动会上，青禾学生挥洒汗水追逐梦想',
    '科技点亮校园——{school}{nthScience}科技节开幕',
    '高三学子十八岁成人礼在{place}举行',
  ],
  education: [
    '{subject}教研组开展“{teachTheme}”专题教研活动',
    '{school}召开{term}教学工作会议',
    '{grade}{subject}课堂教学展示活动顺利开展',
    '聚焦核心素养 推进课程改革：青禾实验中学课程建设研讨会举行',
    '青禾市{subject}学科教学视导组来校调研指导',
    '高三年级召开{examYear}年高考备考动员大会',
    '初三年级召开中考冲刺动员大会暨学法指导会',
    '{school}举行青年教师课堂教学比赛',
    '以研促教：{subject}学科“{teachTheme}”课例研讨活动侧记',
    '{school}承办青禾市{subject}学科教学研讨会',
  ],
  special: [
    '专题：青禾实验中学“{theme}”系列活动',
    '建校七十余载，青禾实验中学的育人故事',
    '“{area}”专题报道：青禾实验中学的探索与实践',
    '{festival}专题｜学生作品与活动精彩回顾',
    '“双减”之下，青禾课堂如何提质增效',
    '专题聚焦：青禾实验中学{area}工作纪实',
  ],
  alumni: [
    '{classYear}届校友{person}回母校作专题讲座',
    '校友{person}：从青禾出发，走向更广阔的科研天地',
    '青禾实验中学校友会青禾市分会成立大会举行',
    '{classYear}届校友返校聚首，共叙师生情谊',
    '校友风采｜{person}：用镜头记录乡村学校的变化',
    '校友{person}向母校捐赠图书{count}余册',
  ],
  teacher: [
    '{subject}教师{person}荣获青禾市优秀教师称号',
    '{school}青年教师基本功大赛圆满结束',
    '{person}老师：用心陪伴每一位学生成长',
    '教师风采｜{person}：在{subject}课堂里种下热爱的种子',
    '我校{small}名教师在青禾市教学技能比赛中获奖',
    '扎根讲台三十年，{person}老师的教育初心',
  ],
  student: [
    '{grade}学生{person}在{comp}中荣获{prize}',
    '青禾学子在{comp}中取得{prize}',
    '学生风采｜{person}：热爱{sport}的“追光少年”',
    '{school}学生科技作品亮相青禾市青少年科技创新成果展',
    '{grade}学生{person}获评青禾市“美德少年”',
    '我校学生在{comp}中斩获{prize}',
  ],
  society: [
    '{club}在{place}举办{clubEvent}',
    '社团招新季：{small}个学生社团同台纳新',
    '{club}在青禾市中学生社团展评中获得{prize}',
    '青禾校园社团文化节开幕，{club}精彩亮相',
    '{club}走进{outPlace}开展{activity}活动',
    '学生社团{clubEvent}在{place}举行',
  ],
  demonstration: [
    '{school}顺利通过省级示范性普通高中复评',
    '示范引领：{subject}名师工作室赴乡村学校送教',
    '青禾实验中学{area}示范项目建设推进会召开',
    '{school}获评青禾市{area}示范学校',
    '发挥示范辐射作用，{school}与{small}所学校结成教育共同体',
  ],
  affairs: [
    '青禾实验中学{year}年度部门预算信息公开',
    '关于{term}教辅资料征订情况的公示',
    '学生食堂{month}月份食品安全检查情况通报',
    '{school}{year}年教职工代表大会决议公示',
    '关于{term}学生资助工作的公示',
    '关于{year}年度评优评先结果的公示',
    '{month}月份校园安全检查情况通报',
    '关于{grade}{activity}活动经费使用情况的公示',
    '关于{person}等同志职称评审推荐人选的公示',
    '关于{comp}获奖学生名单的公示',
    '关于{term}{subject}教辅资料征订情况的公示',
    '关于{grade}{term}学生评优结果的公示',
  ],
  notice: [
    '关于做好{holidayYear}年{holiday}安全工作的通知',
    '关于举办青禾实验中学{nthFestival}的通知',
    '关于{grade}{exam}考务安排的通知',
    '关于开展{term}“{theme}”主题班会的通知',
    '关于印发《青禾实验中学{rule}管理办法（修订）》及相关实施细则的通知',
    '关于组织学生参加{comp}报名工作的通知',
  ],
  course: [
    '校本课程《{course}》正式开课',
    '{school}发布{term}选修课程目录',
    '《{course}》课程成果展示在{place}举行',
    '校本课程《{course}》入选青禾市精品校本课程',
    '课程建设｜《{course}》：把课堂搬到校园里',
  ],
  'gallery-past': [
    '老照片里的青禾：{decade}年代的校园生活',
    '{classYear}届高中毕业生与老师合影留念',
    '建校初期的文华楼与青溪湖畔旧貌',
    '{decade}年代青禾学生的课外科技活动',
    '青溪湖畔的老校门，摄于{decade}年代',
  ],
  'gallery-campus': [
    '{sceneTime}青禾：{scenePlace}风光正好',
    '镜头里的青禾校园：{sceneTime}的{scenePlace}',
    '青禾校园四季之{season}：{scenePlace}掠影',
    '漫步青禾实验中学，{sceneTime}的{scenePlace}',
    '青禾校园风光摄影作品选：{scenePlace}',
  ],
  video: [
    '{year}年{event}精彩回顾',
    '微视频：青禾学生的{theme}课堂',
    '青禾实验中学{festival}闭幕式演出集锦',
    '{grade}{activity}活动纪实短片',
    '{sceneTime}的青禾校园航拍视频',
    '青禾实验中学宣传片《青禾向上》',
    '{club}{clubEvent}现场视频',
  ],
  regulation: [
    '青禾实验中学{rule}管理办法',
    '{rule}管理实施细则（修订）',
    '青禾实验中学{rule}工作规范',
    '关于进一步加强{rule}管理的规定',
  ],
  party: [
    '校党委召开{term}党建工作会议',
    '党员教师志愿服务队走进{outPlace}开展{activity}',
    '{school}党委开展主题党日活动',
    '党建引领促发展，青禾实验中学召开专题学习会',
    '校党委书记为全体党员讲授专题党课',
    '{school}党员教师与{grade}学困生结对帮扶工作启动',
    '校党委组织党员教师赴{outPlace}开展主题教育',
    '“党员示范岗”评选揭晓，{small}名党员教师获表彰',
  ],
  openclass: [
    '{gradeShort}{openLesson}教学展示',
    '{person}老师执教{openLesson}',
    '青禾实验中学{subject}学科公开课展示周活动开展',
    '同课异构：{groupLesson}公开课研讨',
    '青禾市{subject}学科公开课活动在我校举行',
  ],
};

const NEWS_TAILS = [
  '——青禾实验中学{festival}系列报道之一',
  '——记青禾实验中学{grade}{activity}主题活动',
  '，青禾学子以青春之名书写校园新篇章',
  '——青禾实验中学五育并举、全面育人的生动实践',
];
const TEACHING_TAILS = [
  '——青禾实验中学深化课程改革、提升课堂教学质量纪实',
  '——青禾实验中学校本教研系列活动侧记',
  '，助力青年教师专业成长',
];
const PEOPLE_TAILS = ['——青禾实验中学“人物风采”系列报道之一', '——从青溪湖畔出发的奋斗故事'];

/**
 * Subtitles that push a title past 40 characters, as long feature titles do.
 * Documents and pictures never get one.
 */
export const TITLE_TAILS: Record<DemoTopic, readonly string[]> = {
  campus: NEWS_TAILS,
  special: NEWS_TAILS,
  student: [...NEWS_TAILS, ...PEOPLE_TAILS],
  society: NEWS_TAILS,
  education: TEACHING_TAILS,
  demonstration: TEACHING_TAILS,
  course: TEACHING_TAILS,
  openclass: TEACHING_TAILS,
  teacher: PEOPLE_TAILS,
  alumni: PEOPLE_TAILS,
  party: ['——青禾实验中学党建引领学校高质量发展纪实'],
  affairs: [],
  notice: [],
  regulation: [],
  'gallery-past': [],
  'gallery-campus': [],
  video: [],
};

/** Entry titles of the paged lists on the school-introduction pages. */
export const INTRO_TITLES = {
  honour: ['{year}年被评为{honour}', '{year}年荣获“{honour}”称号', '{honour}（{year}年）'],
  leaderCare: [
    '{authority}领导莅临我校调研{work}',
    '{authority}领导一行来校视察指导{work}',
    '{authority}调研组走进青禾实验中学，专题调研{work}',
  ],
  academician: [
    '{field}专家{person}院士回母校作《{talk}》主题报告',
    '院士进校园：{person}院士与青禾学子面对面',
    '{person}院士受聘为青禾实验中学科学教育顾问',
    '{field}专家{person}院士走进青禾课堂',
  ],
  exchange: [
    '{partner}师生代表团来访我校',
    '我校师生赴{partner}开展为期两周的交流学习',
    '青禾实验中学与{partner}签署友好学校协议',
    '中外学生同上一堂课：{partner}学生走进青禾课堂',
  ],
} as const;
