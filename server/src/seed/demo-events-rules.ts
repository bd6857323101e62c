import type { EventKind } from './demo-events-kinds.js';

/** The rules (规章制度) column: a document of numbered articles, each said once. */
export const RULE_KINDS = {
  regulation: {
    word: '管理',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    scene: 'meeting',
    time: 'day',
    places: ['校长办公室'],
    titles: [
      '青禾实验中学{rule}管理办法',
      '{rule}管理实施细则（修订）',
      '关于进一步加强{rule}管理的规定',
      '青禾实验中学{rule}管理工作规范',
    ],
    leads: [
      '第一条\u3000为规范学校{rule}管理，保障正常的教育教学秩序，结合学校实际，制定《青禾实验中学{rule}管理办法》。',
      '第一条\u3000为做好{rule}管理工作，学校在原有办法的基础上修订了《{rule}管理实施细则》。',
      '第一条\u3000为进一步加强{rule}管理，明确职责、落实责任，经学校行政会议研究，作如下规定。',
      '第一条\u3000为使{rule}管理工作有章可循，结合学校实际，制定本规范。',
    ],
    facts: [
      '第二条\u3000本办法适用于全校教职工和在校学生。',
      '第三条\u3000{ruleOffice}是{rule}管理的主管部门，负责日常管理和监督检查。',
      '第四条\u3000各部门应指定专人负责{rule}工作，建立工作台账，做到责任到人。',
      '第五条\u3000每学期初由{ruleOffice}组织一次{rule}专项检查，检查结果纳入年度考核。',
      '第六条\u3000违反本办法规定的，视情节轻重给予批评教育或相应处理；对表现突出的集体和个人，学校给予通报表扬。',
      '第七条\u3000本办法由{ruleOffice}负责解释，自{year}年{md}起施行，原有规定与本办法不一致的，以本办法为准。',
    ],
    quotes: [],
  },
} satisfies Record<string, EventKind>;
