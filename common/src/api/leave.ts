import { Id, Maybe, OneOf, Page, endpoint, endpoints, ID_MAX, CallerId } from './shared.js';
import { Paging, Type, WordOf, type Static } from './shared.js';

/**
 * 请假审批 (intranet.md, visitType 21): a teacher files a request; it waits
 * for the head of the requester's primary department (state pending) or, with
 * no head or when the requester is the head, for a school administrator
 * (school). A head's approval of a request longer than the QJTS parameter
 * (days, default 3) moves it to the school; otherwise it is approved.
 */

export const LEAVE_TYPES = { 1: '事假', 2: '病假', 3: '公假', 4: '调课' } as const;
export const HALF_DAYS = { 1: '上午', 2: '下午' } as const;
export const LEAVE_STATES = ['pending', 'school', 'approved', 'returned', 'withdrawn'] as const;
export type LeaveStateWord = (typeof LEAVE_STATES)[number];
export const LEAVE_STATE_NAMES: Record<LeaveStateWord, string> = {
  pending: '待审批',
  school: '待学校审批',
  approved: '已批准',
  returned: '已退回',
  withdrawn: '已撤回',
};
export const LEAVE_ACTION_NAMES: Record<string, string> = {
  apply: '提交申请',
  approve: '审批通过',
  escalate: '审批通过，转学校审批',
  sendBack: '退回',
  withdraw: '撤回',
};
export const LEAVE_REASON_MAX = 500;
/** The system parameter of the escalation: requests longer than this many days also go to the school. */
export const LEAVE_DAYS_CODE = 'QJTS';
export const LEAVE_DAYS_DEFAULT = 3;

const State = WordOf(LEAVE_STATES, '状态不正确');

/** A request as the lists show it. */
export const LeaveItem = Type.Object({
  leaveId: Type.Integer(),
  staffId: Type.Integer(),
  staffName: Type.String(),
  deptName: Type.String(),
  leaveType: Type.Integer(),
  leaveTypeName: Type.String(),
  startDate: Type.String(),
  /** 1 上午, 2 下午. */
  startHalf: Type.Integer(),
  endDate: Type.String(),
  endHalf: Type.Integer(),
  /** Whole or half days (3.5). */
  days: Type.Number(),
  reason: Type.String(),
  state: State,
  stateName: Type.String(),
  /** Whom it waits for: the head's name, 学校管理员, or '' once decided. */
  waitingFor: Type.String(),
  fileId: Maybe(Type.Integer()),
  fileName: Maybe(Type.String()),
  fileUrl: Maybe(Type.String()),
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type LeaveItem = Static<typeof LeaveItem>;

export const LeaveStep = Type.Object({
  staffId: Maybe(Type.Integer()),
  staffName: Type.String(),
  action: Type.String(),
  actionName: Type.String(),
  note: Maybe(Type.String()),
  createDate: Type.String(),
});
export type LeaveStep = Static<typeof LeaveStep>;

/** A request with its history and what the caller may do with it. */
export const LeaveDetail = Type.Object({
  ...LeaveItem.properties,
  steps: Type.Array(LeaveStep),
  canDecide: Type.Boolean(),
  canWithdraw: Type.Boolean(),
});
export type LeaveDetail = Static<typeof LeaveDetail>;

const LeaveId = Id('请选择请假申请');
const LeaveDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  errorMessage: '请选择日期（YYYY-MM-DD）',
});
const Half = (which: string) => OneOf([1, 2], `请选择${which}时间的上午（1）或下午（2）`);
const LeaveDecision = Type.Object({
  leaveId: Type.Integer(),
  state: State,
  stateName: Type.String(),
});

/** api/leave/*. */
export const leaveCalls = endpoints('leave', {
  apply: endpoint(
    '/leave/apply',
    'staff',
    '提交请假申请：类型 1 事假 2 病假 3 公假 4 调课；起止日期与上午（1）/下午（2）；原因必填；fileId 为上传的附件',
    Type.Object({
      leaveType: OneOf([1, 2, 3, 4], '请选择请假类型（1 事假，2 病假，3 公假，4 调课）'),
      startDate: LeaveDate,
      startHalf: Half('开始'),
      endDate: LeaveDate,
      endHalf: Half('结束'),
      reason: Type.String({
        pattern: '\\S',
        maxLength: LEAVE_REASON_MAX,
        errorMessage: `请输入请假原因，不超过${LEAVE_REASON_MAX}个字`,
      }),
      fileId: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '附件不正确，请重新上传' }),
      ),
    }),
    LeaveDecision,
  ),
  myList: endpoint(
    '/leave/myList',
    'staff',
    '我的请假申请（新的在前）；state 可筛选状态',
    Type.Object({
      state: Type.Optional(State),
      ...Paging(10, 50),
    }),
    Page(LeaveItem),
  ),
  todoList: endpoint(
    '/leave/todoList',
    'staff',
    '待我审批的请假申请（先提交的在前）；approver 为调用者是否为部门负责人或学校管理员',
    Type.Object({ ...Paging(10, 50) }),
    Type.Object({
      total: Type.Integer(),
      list: Type.Array(LeaveItem),
      approver: Type.Boolean(),
    }),
  ),
  detail: endpoint(
    '/leave/detail',
    'owner',
    '一条请假申请及其审批记录（申请人、审批人与学校管理员可看）',
    Type.Object({ leaveId: LeaveId }),
    LeaveDetail,
  ),
  approve: endpoint(
    '/leave/approve',
    'owner',
    '审批通过（只有等待其审批的人可以操作）',
    Type.Object({ leaveId: LeaveId }),
    LeaveDecision,
  ),
  sendBack: endpoint(
    '/leave/sendBack',
    'owner',
    '退回请假申请，须填写退回原因',
    Type.Object({
      leaveId: LeaveId,
      note: Type.String({
        pattern: '\\S',
        maxLength: LEAVE_REASON_MAX,
        errorMessage: `请输入退回原因，不超过${LEAVE_REASON_MAX}个字`,
      }),
    }),
    LeaveDecision,
  ),
  withdraw: endpoint(
    '/leave/withdraw',
    'owner',
    '撤回自己待审批的请假申请',
    Type.Object({ leaveId: LeaveId }),
    LeaveDecision,
  ),
});

/** The staff home's to-do counts (intranet.md §3). */
export const TodoNum = Type.Object({
  leaveNum: Type.Integer(),
  picNum: Type.Integer(),
  leaveUrl: Type.String(),
  picUrl: Type.String(),
  /** Viruses found in uploads and not yet handled (system administrators only). */
  virusNum: Type.Integer(),
  virusUrl: Type.String(),
});
export type TodoNum = Static<typeof TodoNum>;

export const todoCalls = endpoints('todo', {
  getTodoNum: endpoint(
    '/todo/getTodoNum',
    'staff',
    '待办数量：待我审批的请假（leaveNum），待审核的图集、视频集与视频（picNum，仅管理员），检测到病毒待处理的上传（virusNum，仅系统管理员）',
    Type.Object({ userId: Type.Optional(CallerId('用户 id 不正确')) }),
    TodoNum,
  ),
});
