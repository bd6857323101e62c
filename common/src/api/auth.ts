import {
  Id,
  Maybe,
  Nothing,
  OneOf,
  Type,
  WordOf,
  type Static,
  endpoint,
  endpoints,
  CallerId,
} from './shared.js';

/**
 * Login and session calls of portal.md §7 and intranet.md §7 "Session and
 * home" (api/login/*), and the edit hand-off to the content-management
 * platform (api/cms/handoff, api/cms/enter).
 */

/** What the login call answers and the pages keep as `User`: never a password. */
export const LoginUser = Type.Object({
  token: Type.String(),
  staffId: Type.Integer(),
  staffName: Type.String(),
  staffType: Type.Integer(),
  staffCode: Type.String(),
  isPower: Type.Integer(),
  isAdmin: Type.String(),
  email: Maybe(Type.String()),
  schoolId: Type.Integer(),
  whetherpass: Type.Integer(),
  /**
   * 1: the password was given by someone else (人员导入) and must be changed before anything
   * else, whatever the role; cleared by the change.
   */
  mustChangePassword: Type.Optional(Type.Integer()),
});
export type LoginUser = Static<typeof LoginUser>;

/** A login by the one-time link of a hand-off: the user and the platform page to open. */
export const HandoffUser = Type.Object({ ...LoginUser.properties, target: Type.String() });
export type HandoffUser = Static<typeof HandoffUser>;

const StaffCode = Type.String({ pattern: '\\S', maxLength: 64, errorMessage: '请输入账号' });
const Password = (message: string) =>
  Type.String({ minLength: 1, maxLength: 128, errorMessage: message });
const Whole = (message: string) => Type.Integer({ errorMessage: message });

/** The body of a logout: none, or the caller's own staffId (kept as the spec's pages send it). */
const LogoutBody = Type.Unsafe<{ staffId?: number } | null>({
  type: ['object', 'null'],
  properties: { staffId: CallerId('用户编号不正确', '只能退出自己的登录') },
});

/** The signed fields of a sign-on hand-off (common/src/handoff.ts) and `sign`. */
const HandoffBody = Type.Object({
  staffType: Whole('身份不正确'),
  staffId: Whole('用户编号不正确'),
  staffCode: Type.String({ maxLength: 64, errorMessage: '账号不正确' }),
  signStatus: WordOf(['P'], 'signStatus 须为 P'),
  TIMESTAMP: Whole('时间戳不正确'),
  // The server's TOKEN_INVALID (http/errors.ts).
  token: Type.String({ minLength: 1, maxLength: 200, errorMessage: 'token错误' }),
  visitType: Whole('visitType 不正确'),
  newId: Type.Optional(Whole('新闻编号不正确')),
  newType: Type.Optional(Whole('newType 不正确')),
  subjectNewId: Type.Optional(Whole('子新闻编号不正确')),
  videoId: Type.Optional(Whole('视频编号不正确')),
  sign: Type.String({ minLength: 16, maxLength: 16, errorMessage: '签名不正确' }),
});

export const authCalls = endpoints('login', {
  login: endpoint(
    '/login/login',
    'public',
    '登录',
    Type.Object({
      staffCode: StaffCode,
      staffPass: Password('请输入密码'),
      staffType: OneOf([2, 5], '请选择身份'),
      platformType: Type.Optional(Type.Integer()),
    }),
    LoginUser,
  ),
  staffId: endpoint(
    '/login/getStaffId',
    'public',
    '按账号查询教职工 id',
    Type.Object({ staffCode: StaffCode }),
    Type.Integer(),
  ),
  logout: endpoint('/login/loginOut.do', 'staff', '退出登录', LogoutBody, Nothing),
  changePassword: endpoint(
    '/login/updateUserPwd.do',
    'staff',
    '修改密码',
    Type.Object({
      staffId: Type.Optional(CallerId('用户编号不正确', '只能修改自己的密码')),
      staffType: Type.Optional(Type.Integer()),
      oldStaffPass: Password('请输入原密码'),
      newStaffPass: Password('请输入新密码'),
    }),
    Nothing,
  ),
  /** The receiving end of the edit hand-off (GLPTBJ): the signed fields of common/src/handoff.ts and `sign`. */
  handoff: endpoint(
    '/cms/handoff',
    'public',
    '内容管理平台的签名跳转：校验签名与登录，返回编辑地址 retUrl',
    HandoffBody,
    Type.Object({ retUrl: Type.String() }),
  ),
  /** Only with PUBLIC_ENTRY_PASSWORD=true: a password in an address ends up in logs and histories. */
  publicEntry: endpoint(
    '/login/publicEntry',
    'public',
    '外部系统经地址栏参数登录（/publicPage；须设置 PUBLIC_ENTRY_PASSWORD=true，默认关闭）',
    Type.Object({
      staffCode: StaffCode,
      staffPass: Password('请输入密码'),
      staffType: OneOf([2, 5], '请选择身份'),
    }),
    LoginUser,
  ),
  enter: endpoint(
    '/cms/enter',
    'public',
    '用签名跳转的一次性链接登录内容管理平台，返回登录信息与目标页面',
    Type.Object({
      ticket: Type.String({
        minLength: 10,
        maxLength: 100,
        errorMessage: '链接已失效，请回到页面重新点击【编辑】',
      }),
    }),
    HandoffUser,
  ),
});

/** Who a verified hand-off is for, as a linked system needs to know. */
export const LinkedStaff = Type.Object({
  staffId: Type.Integer(),
  staffCode: Type.String(),
  staffName: Type.String(),
  staffType: Type.Integer(),
  isPower: Type.Integer(),
  email: Maybe(Type.String()),
});
export type LinkedStaff = Static<typeof LinkedStaff>;

/**
 * Server-to-server calls of the school's linked systems, each authenticated by
 * the headers `X-System: <code>` and `Authorization: Bearer <secret>`
 * (LINKED_SYSTEMS). README "Linked systems" describes them.
 */
export const linkedCalls = endpoints('linked', {
  verify: endpoint(
    '/linked/verifyHandoff',
    'linkedSystem',
    '外部系统校验页面提交给它的签名跳转（每个请求只能校验一次，5 分钟内有效），返回教职工信息',
    HandoffBody,
    LinkedStaff,
  ),
  entryTicket: endpoint(
    '/linked/entryTicket',
    'linkedSystem',
    '外部系统为其用户申请一次性入口票据（2 分钟内有效）：返回 /publicPage 的入口地址',
    Type.Object({
      staffCode: StaffCode,
      typePage: Type.Optional(OneOf([1, 2], 'typePage 须为 1（门户首页）或 2（校内网首页）')),
    }),
    Type.Object({ entryUrl: Type.String(), expiresIn: Type.Integer() }),
  ),
});

// ---- app passwords (应用专用密码) for WebDAV clients, on /editPwd ----

/** One of the caller's app passwords as listed: never its secret. Times '' when never. */
export const AppPassword = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createTime: Type.String(),
  lastUseTime: Type.String(),
  lastUseIp: Type.String(),
});
export type AppPassword = Static<typeof AppPassword>;

/** A new app password: the only answer that ever holds `password`. */
export const NewAppPassword = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  password: Type.String(),
  createTime: Type.String(),
});
export type NewAppPassword = Static<typeof NewAppPassword>;

export const appPasswordCalls = endpoints('staff', {
  add: endpoint(
    '/staff/addAppPassword',
    'staff',
    '新建应用专用密码（供 WebDAV 客户端、映射网络驱动器使用；name 不超过30个字）：密码只在这次返回',
    Type.Object({
      name: Type.String({ maxLength: 200, errorMessage: '请填写名称，例如“办公室电脑”' }),
    }),
    NewAppPassword,
  ),
  list: endpoint(
    '/staff/getAppPasswords',
    'staff',
    '我的应用专用密码（名称、创建时间、最近使用时间与地址；不含密码）',
    undefined,
    Type.Array(AppPassword),
  ),
  remove: endpoint(
    '/staff/delAppPassword',
    'owner',
    '撤销自己的一个应用专用密码：之后用它的 WebDAV 请求立即被拒绝',
    Type.Object({ id: Id('请选择要撤销的应用专用密码') }),
    Nothing,
  ),
});
