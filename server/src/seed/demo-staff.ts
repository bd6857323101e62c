import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { StaffService } from '../platform/org/accounts.js';
import { seededRandom } from './random.js';

interface DeptNode {
  name: string;
  children?: DeptNode[];
}

/** A three-level department tree of a complete secondary school. */
const DEPARTMENTS: DeptNode[] = [
  { name: '校长室' },
  { name: '党政办公室' },
  {
    name: '教务处',
    children: [{ name: '高中教务科' }, { name: '初中教务科' }, { name: '教研室' }],
  },
  { name: '德育处', children: [{ name: '团委' }, { name: '心理健康中心' }] },
  {
    name: '高中部',
    children: [
      {
        name: '高一年级',
        children: [{ name: '高一语文组' }, { name: '高一数学组' }, { name: '高一英语组' }],
      },
      { name: '高二年级', children: [{ name: '高二理科组' }, { name: '高二文科组' }] },
      { name: '高三年级', children: [{ name: '高三备考组' }] },
    ],
  },
  {
    name: '初中部',
    children: [
      { name: '初一年级', children: [{ name: '初一语文组' }, { name: '初一数学组' }] },
      { name: '初二年级', children: [{ name: '初二综合组' }] },
      { name: '初三年级', children: [{ name: '初三备考组' }] },
    ],
  },
  { name: '后勤保障处', children: [{ name: '信息中心' }, { name: '总务科' }] },
];

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华慧建国志红晓燕鹏辉玲雪梅兰琳宁博文彬欣怡浩然思远宇航子涵佳琪雨萱俊凯晨曦嘉懿婉清';

export const DEMO_STAFF_COUNT = 60;

/**
 * The demo school's people: `admin` (administrator with every flag) and
 * `teacher`, both with the demo password, and dozens of staff spread over the
 * leaf departments. Everything goes through StaffService, as real accounts do.
 */
export async function seedDemoStaff(db: Kysely<Database>, password: string): Promise<void> {
  const staff = new StaffService(db);
  const leaves: number[] = [];
  const add = async (nodes: DeptNode[], parentId: number | null) => {
    for (const [sort, node] of nodes.entries()) {
      const id = await staff.createDepartment(node.name, parentId, sort);
      if (node.children) await add(node.children, id);
      else leaves.push(id);
    }
  };
  await add(DEPARTMENTS, null);
  const deptId = async (name: string) =>
    (
      await db
        .selectFrom('department')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  await staff.createStaff({
    code: 'admin',
    name: '系统管理员',
    staffType: 5,
    isPower: 1,
    isAdmin: '1',
    password,
    email: 'admin@qinghe-school.example',
    phone: '13800000001',
    deptIds: [await deptId('信息中心'), await deptId('党政办公室')],
  });
  await staff.createStaff({
    code: 'teacher',
    name: '林晓雯',
    staffType: 2,
    password,
    email: 'teacher@qinghe-school.example',
    phone: '13800000002',
    deptIds: [await deptId('高一语文组')],
  });

  const random = seededRandom(20260901);
  const used = new Set<string>(['系统管理员', '林晓雯']);
  const jobs: Promise<number>[] = [];
  for (let i = 1; i <= DEMO_STAFF_COUNT; i++) {
    let name: string;
    do {
      const given =
        random.next() < 0.5
          ? random.pick([...GIVEN])
          : random.pick([...GIVEN]) + random.pick([...GIVEN]);
      name = random.pick([...SURNAMES]) + given;
    } while (used.has(name));
    used.add(name);
    const code = `t${String(1000 + i)}`;
    jobs.push(
      staff.createStaff({
        code,
        name,
        staffType: i % 12 === 0 ? 5 : 2,
        isPower: 0,
        password,
        email: `${code}@qinghe-school.example`,
        phone: `139${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
        deptIds: [random.pick(leaves)],
        sort: i,
      }),
    );
  }
  await Promise.all(jobs);
}
