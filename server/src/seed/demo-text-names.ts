import type { Random } from './random.js';

/** Invented names: people, offices, media and student societies of the demo school. */

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万严覃戴莫孔向汤';
const COMPOUND_SURNAMES = ['欧阳', '司马', '上官', '诸葛', '东方', '慕容'];
const GIVEN_SINGLE =
  '伟芳敏静丽强磊军洋勇杰涛明超霞平刚英华慧建红燕鹏辉玲雪梅琳宁博文彬欣怡浩然宇航晨曦懿清岚峰瑶琦睿婷颖轩凯';
const GIVEN_DOUBLE = [
  '子涵',
  '浩然',
  '思远',
  '雨桐',
  '欣怡',
  '嘉怡',
  '俊杰',
  '梓轩',
  '一诺',
  '若曦',
  '明轩',
  '诗琪',
  '宇航',
  '晓峰',
  '建华',
  '文静',
  '志强',
  '丽娟',
  '书瑶',
  '嘉宁',
  '沐阳',
  '天佑',
  '语桐',
  '泽宇',
  '佳琪',
  '海燕',
  '国庆',
  '秀英',
  '立新',
  '晨阳',
];

/** Chinese names of two or three characters, the way a real staff list looks. */
export function personName(random: Random): string {
  const chars = (s: string) => [...s];
  if (random.next() < 0.05) {
    return random.pick(COMPOUND_SURNAMES) + random.pick(chars(GIVEN_SINGLE));
  }
  const surname = random.pick(chars(SURNAMES));
  return random.next() < 0.55
    ? surname + random.pick(GIVEN_DOUBLE)
    : surname + random.pick(chars(GIVEN_SINGLE));
}

/** Offices that can be named as a contact or the owner of a rule. */
export const OFFICES = [
  '校团委',
  '教务处',
  '德育处',
  '校长办公室',
  '党政办公室',
  '校学生会',
  '高中部',
  '初中部',
  '教研室',
  '信息中心',
  '校友会',
  '校工会',
  '后勤保障处',
  '心理健康中心',
];

/** Where an article comes from: an office, or one of the invented city's media. */
export const SOURCES = [
  ...OFFICES,
  '青禾日报',
  '青禾晚报',
  '青禾教育网',
  '青禾市教育局',
  '青禾电视台',
  '文华区融媒体中心',
];

export const SOCIETIES: Record<1 | 2 | 3 | 4 | 5 | 6, readonly string[]> = {
  1: [
    '青禾模拟联合国协会',
    '英语戏剧社',
    '日语文化研习社',
    '法语沙龙',
    '国际交流协会',
    '西班牙语角',
    '德语学习社',
    '跨文化交流社',
  ],
  2: [
    '青禾机器人社',
    '天文观测社',
    '创客空间',
    '无人机编程社',
    '化学实验兴趣社',
    '数学建模社',
    '信息学竞赛社',
    '生物标本社',
  ],
  3: [
    '青溪文学社',
    '历史研习社',
    '辩论社',
    '模拟法庭社',
    '经济学社',
    '哲学读书会',
    '地理探索社',
    '心理协会',
  ],
  4: [
    '青禾志愿者协会',
    '环保行动社',
    '校园广播站',
    '青禾记者团',
    '公益服务社',
    '非遗传承社',
    '微电影社',
    '校园电视台',
  ],
  5: [
    '篮球社',
    '足球俱乐部',
    '羽毛球社',
    '武术社',
    '啦啦操队',
    '乒乓球社',
    '定向越野社',
    '跆拳道社',
  ],
  6: ['青禾合唱团', '民乐团', '管乐团', '书法社', '国画社', '陶艺社', '街舞社', '摄影社'],
};
