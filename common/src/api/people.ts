import { OrNull } from './fields.js';
import {
  Flag,
  Id,
  Maybe,
  Nothing,
  OneOf,
  Page,
  endpoint,
  endpoints,
  ID_MAX,
  CallerId,
} from './shared.js';
import { Paging, Type, WordOf, type Static } from './shared.js';

// ---- departments ----

/** A department as the staff home reads it (api/dept/*): ifSelect 1 is the caller's main one. */
export const Department = Type.Object({
  deptId: Type.Integer(),
  deptName: Type.String(),
  /** null at the top level. */
  parentId: Maybe(Type.Integer()),
  ifSelect: Type.Integer(),
});
export type Department = Static<typeof Department>;

/**
 * A node of the platform's department tree: children are the departments
 * below it, staffCount the staff of this one, totalStaffCount those of it and
 * all below it (each counted once).
 */
export const DepartmentNode = Type.Cyclic(
  {
    DepartmentNode: Type.Object({
      deptId: Type.Integer(),
      deptName: Type.String(),
      parentId: Maybe(Type.Integer()),
      sort: Type.Integer(),
      staffCount: Type.Integer(),
      totalStaffCount: Type.Integer(),
      /** 负责人: leave requests of its staff wait for this person. */
      headStaffId: Maybe(Type.Integer()),
      headName: Maybe(Type.String()),
      children: Type.Array(Type.Ref('DepartmentNode')),
    }),
  },
  'DepartmentNode',
);
export type DepartmentNode = Static<typeof DepartmentNode>;

/** The longest department name (the service checks the same). */
const DEPT_NAME_MAX = 64;
const USER_ID = CallerId('用户 id 不正确');
const DeptId = Id('请选择部门');
const ParentId = OrNull(Type.Integer({ minimum: 0, errorMessage: '上级部门不正确（0 为顶级）' }));

/** api/dept/* (the staff home) and api/cms/department/* (the platform). */
export const departmentCalls = endpoints('dept', {
  /** No body at all is the caller's own departments too. */
  mine: endpoint(
    '/dept/getDeptList',
    'staff',
    '我所在的部门（ifSelect 1 为主部门）',
    Type.Unsafe<{ userId?: number } | null>({
      ...Type.Object({ userId: Type.Optional(USER_ID) }),
      type: ['object', 'null'],
    }),
    Type.Array(Department),
  ),
  children: endpoint(
    '/dept/getChildDeptList',
    'staff',
    '下级部门',
    Type.Object({
      userId: Type.Optional(USER_ID),
      deptId: Type.Integer({ errorMessage: '请选择部门' }),
    }),
    Type.Array(Department),
  ),
  tree: endpoint(
    '/cms/department/tree',
    'systemAdmin',
    '内容管理：部门树（children 为下级，staffCount 本部门人数，totalStaffCount 含下级）',
    undefined,
    Type.Array(DepartmentNode),
  ),
  save: endpoint(
    '/cms/department/save',
    'systemAdmin',
    '内容管理：新增（无 deptId）或修改部门；parentId 0 为顶级，修改时不传则不变；headStaffId 为负责人，0 或 null 为无负责人，不传则不变',
    Type.Object({
      deptId: Type.Optional(DeptId),
      deptName: Type.String({
        pattern: '\\S',
        maxLength: DEPT_NAME_MAX,
        errorMessage: `请输入部门名称，不超过${DEPT_NAME_MAX}个字`,
      }),
      parentId: Type.Optional(ParentId),
      headStaffId: Type.Optional(
        OrNull(Type.Integer({ minimum: 0, errorMessage: '负责人不正确（0 为无负责人）' })),
      ),
    }),
    Type.Object({ deptId: Type.Integer() }),
  ),
  move: endpoint(
    '/cms/department/move',
    'systemAdmin',
    '内容管理：移动部门：direction up/down 为上移/下移；或 parentId（0 为顶级）与 position（从 0 起的位置，不传为最后）',
    Type.Object({
      deptId: DeptId,
      direction: Type.Optional(WordOf(['up', 'down'], 'direction 须为 up（上移）或 down（下移）')),
      parentId: Type.Optional(ParentId),
      position: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 100_000, errorMessage: '位置须为不小于0的整数' }),
      ),
    }),
    Type.Object({ deptId: Type.Integer(), parentId: Maybe(Type.Integer()), sort: Type.Integer() }),
  ),
  remove: endpoint(
    '/cms/department/delete',
    'systemAdmin',
    '内容管理：删除部门（有下级部门或用户时不能删除）',
    Type.Object({ deptId: DeptId }),
    Nothing,
  ),
});

// ---- staff accounts ----

/** A department of an account, the primary one (isPrimary 1) first. */
export const StaffDepartment = Type.Object({
  deptId: Type.Integer(),
  deptName: Type.String(),
  isPrimary: Type.Integer(),
});
export type StaffDepartment = Static<typeof StaffDepartment>;

/** An account as the platform's list and edit form show it: never its password. */
export const StaffAccount = Type.Object({
  staffId: Type.Integer(),
  staffCode: Type.String(),
  staffName: Type.String(),
  /** 2 teacher, 5 administrator. */
  staffType: Type.Integer(),
  staffTypeName: Type.String(),
  isPower: Type.Integer(),
  /** "1": administrator of the teaching drive. */
  isAdmin: Type.String(),
  email: Maybe(Type.String()),
  phone: Maybe(Type.String()),
  /** 1 active, 0 disabled. */
  status: Type.Integer(),
  sort: Type.Integer(),
  /** 0: the password must be changed at the next login. */
  whetherpass: Type.Integer(),
  /** When the account was handed over as a leaver's (离职交接); null while it has not. */
  leftDate: Maybe(Type.String()),
  departments: Type.Array(StaffDepartment),
  deptIds: Type.Array(Type.Integer()),
  primaryDeptId: Maybe(Type.Integer()),
  /** The departments' names joined with 、. */
  deptName: Type.String(),
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type StaffAccount = Static<typeof StaffAccount>;

/** One line of a handover's report: what moved (or ended), how many, and some of their names. */
export const HandoverItem = Type.Object({
  what: Type.String(),
  count: Type.Integer(),
  /** Bytes, where the line is about files. */
  size: Maybe(Type.Integer()),
  /** Up to 20 names, for the report to show. */
  names: Type.Array(Type.String()),
});
export type HandoverItem = Static<typeof HandoverItem>;

/** What a 离职交接 did: who left, who received, when, by whom, and each part's lines. */
export const HandoverReport = Type.Object({
  staffId: Type.Integer(),
  staffName: Type.String(),
  receiverId: Type.Integer(),
  receiverName: Type.String(),
  handedBy: Type.String(),
  handoverDate: Type.String(),
  /** The folder of the receiver's disk that holds the leaver's disk, when it held anything. */
  folderName: Maybe(Type.String()),
  items: Type.Array(HandoverItem),
});
export type HandoverReport = Static<typeof HandoverReport>;

const StaffId = Id('请选择用户');
const StaffType = OneOf([2, 5], '请选择身份（2 老师，5 管理员）');
const Status = Flag('状态须为 1（启用）或 0（停用）');

/** api/cms/staff/* (the platform's user management). */
export const staffCalls = endpoints('cms', {
  list: endpoint(
    '/cms/staff/list',
    'systemAdmin',
    '内容管理：用户列表（关键字匹配姓名、工号、电话；部门含其下级部门）',
    Type.Object({
      keyword: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
      ),
      deptId: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '部门不正确' }),
      ),
      staffType: Type.Optional(StaffType),
      status: Type.Optional(Status),
      ...Paging(10, 100),
    }),
    Page(StaffAccount),
  ),
  get: endpoint(
    '/cms/staff/get',
    'systemAdmin',
    '内容管理：一个用户（编辑表单用，不含密码）',
    Type.Object({ staffId: StaffId }),
    StaffAccount,
  ),
  /** deptIds: an array, or in a form one comma-joined field (`3,7`). */
  save: endpoint(
    '/cms/staff/save',
    'systemAdmin',
    '内容管理：新增（无 staffId，须带初始密码 staffPass）或编辑用户；deptIds 为数组或逗号分隔，primaryDeptId 为主部门',
    Type.Object({
      staffId: Type.Optional(StaffId),
      staffCode: Type.String({
        pattern: '^\\s*\\S+\\s*$',
        maxLength: 64,
        errorMessage: '请输入工号（不含空格，不超过64个字符）',
      }),
      staffName: Type.String({
        pattern: '\\S',
        maxLength: 20,
        errorMessage: '请输入姓名，不超过20个字',
      }),
      staffType: StaffType,
      isPower: Type.Optional(Flag('新闻权限 isPower 须为 0 或 1')),
      isAdmin: Type.Optional(WordOf(['0', '1'], '网盘管理 isAdmin 须为 "0" 或 "1"')),
      email: Type.Optional(OrNull(Type.String({ maxLength: 128, errorMessage: '邮箱格式不正确' }))),
      phone: Type.Optional(
        OrNull(Type.String({ maxLength: 32, errorMessage: '电话号码格式不正确' })),
      ),
      sort: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 999_999, errorMessage: '排序须为0到999999的整数' }),
      ),
      deptIds: Type.Optional(
        Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 20, errorMessage: '所属部门不正确' }),
      ),
      primaryDeptId: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '主部门不正确' }),
      ),
      staffPass: Type.Optional(Type.String({ maxLength: 128, errorMessage: '初始密码不正确' })),
    }),
    Type.Object({ staffId: Type.Integer() }),
  ),
  resetPassword: endpoint(
    '/cms/staff/resetPassword',
    'systemAdmin',
    '内容管理：重置密码（须符合密码强度规则；用户下次登录须修改密码，其登录全部失效）',
    Type.Object({
      staffId: StaffId,
      newStaffPass: Type.String({ minLength: 1, maxLength: 128, errorMessage: '请输入新密码' }),
    }),
    Nothing,
  ),
  setStatus: endpoint(
    '/cms/staff/setStatus',
    'systemAdmin',
    '内容管理：启用（status 1）或停用（status 0）用户；停用后其登录立即失效',
    Type.Object({ staffId: StaffId, status: Status }),
    Type.Object({ staffId: Type.Integer(), status: Type.Integer() }),
  ),
  handover: endpoint(
    '/cms/staff/handover',
    'systemAdmin',
    '内容管理：离职交接。一次完成：个人网盘移入接收人网盘的“交接自<姓名>”文件夹（检查接收人空间），资源库上传改归接收人，有效分享链接转给接收人（shares move）或全部失效（shares end），账号停用、登录与应用密码全部失效，邮件保留为仅系统管理员可读的归档；答交接报告',
    Type.Object({
      staffId: StaffId,
      receiverId: Id('请选择接收人'),
      shares: WordOf(['move', 'end'], '分享链接的处理须为 move（转给接收人）或 end（全部失效）'),
    }),
    HandoverReport,
  ),
  handoverReport: endpoint(
    '/cms/staff/handoverReport',
    'systemAdmin',
    '内容管理：一个离职账号的交接报告',
    Type.Object({ staffId: StaffId }),
    HandoverReport,
  ),
  remove: endpoint(
    '/cms/staff/delete',
    'systemAdmin',
    '内容管理：删除用户（发布过内容的用户不能删除，请停用）',
    Type.Object({ staffId: StaffId }),
    Nothing,
  ),
});

// ---- the staff's address book, frequent contacts and own profile ----
// (intranet.md §7.) The original pages send their own id as userId / staffId:
// when sent it must be the caller's (the session says who acts).

const AddressUserId = CallerId();

/** A department of the address book's tree, three levels deep. */
export const AddressDept = Type.Cyclic(
  {
    AddressDept: Type.Object({
      deptId: Type.Integer(),
      deptName: Type.String(),
      children: Type.Array(Type.Ref('AddressDept')),
    }),
  },
  'AddressDept',
);
export type AddressDept = Static<typeof AddressDept>;

/** A person of the address book or of the caller's contacts. */
export const AddressEntry = Type.Object({
  teaId: Type.Integer(),
  teaName: Type.String(),
  teaPhone: Maybe(Type.String()),
  /** The photo's address ('' for none: the page shows a default). */
  teaPic: Type.String(),
  email: Maybe(Type.String()),
  /** The main department, and the top-level unit it belongs to. */
  deptName: Maybe(Type.String()),
  orgName: Maybe(Type.String()),
  /** Not kept by this school's accounts: always null. */
  subjectName: Maybe(Type.String()),
  /** Set when the person is one of the caller's contacts: the id to remove them by. */
  contactId: Maybe(Type.Integer()),
});
export type AddressEntry = Static<typeof AddressEntry>;

/** Comma-separated ids, as the original pages join them ('3,5,8'). */
const IdList = (message: string) =>
  Type.String({
    minLength: 1,
    maxLength: 2000,
    pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
    errorMessage: message,
  });

export const addressBookCalls = endpoints('addressBook', {
  tree: endpoint(
    '/addressBook/getTree',
    'staff',
    '通讯录的部门树（三级）',
    Type.Object({
      userId: Type.Optional(AddressUserId),
      type: Type.Optional(OneOf([1], 'type 须为 1')),
    }),
    Type.Array(AddressDept),
  ),
  list: endpoint(
    '/addressBook/getList',
    'staff',
    '通讯录：按部门（含下级）与电话或姓名查找教职工，每页 8 条',
    Type.Object({
      staffId: Type.Optional(AddressUserId),
      deptId: Type.Optional(DeptId),
      teaPhone: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '电话或姓名不能超过50个字' }),
      ),
      ...Paging(8),
    }),
    Page(AddressEntry),
  ),
  contacts: endpoint(
    '/contacts/getContactsList',
    'staff',
    '我的常用联系人',
    Type.Object({ staffId: Type.Optional(AddressUserId) }),
    Type.Array(AddressEntry),
  ),
  add: endpoint(
    '/contacts/addContacts',
    'staff',
    '添加常用联系人（contactsType 1，idRoleArr 为教职工 id，逗号分隔）',
    Type.Object({
      staffId: Type.Optional(AddressUserId),
      contactsType: Type.Optional(OneOf([1], 'contactsType 须为 1（单个联系人）')),
      idRoleArr: IdList('请选择联系人'),
    }),
    Nothing,
  ),
  remove: endpoint(
    '/contacts/delContacts',
    'owner',
    '移除常用联系人（contactIdArr 逗号分隔）',
    Type.Object({ contactIdArr: IdList('请选择要移除的联系人') }),
    Nothing,
  ),
});

// ---- the person's own profile (/editPwd) ----

/** The logged-in person's own profile. */
export const MyProfile = Type.Object({
  staffId: Type.Integer(),
  staffCode: Type.String(),
  staffName: Type.String(),
  phone: Maybe(Type.String()),
  email: Maybe(Type.String()),
  photoFileId: Maybe(Type.Integer()),
  /** The photo's address ('' for none). */
  photoUrl: Type.String(),
});
export type MyProfile = Static<typeof MyProfile>;

export const profileCalls = endpoints('staff', {
  get: endpoint(
    '/staff/getMyInfo',
    'staff',
    '我的个人资料（姓名、电话、邮箱、照片）',
    Type.Object({ staffId: Type.Optional(AddressUserId) }),
    MyProfile,
  ),
  /** phone / email '' clears them; photoFileId 0 clears the photo, absent keeps it. */
  save: endpoint(
    '/staff/updateMyInfo',
    'staff',
    '修改我的个人资料：姓名（必填，不超过20个字）、电话、邮箱、照片（上传的图片）',
    Type.Object({
      staffId: Type.Optional(AddressUserId),
      staffName: Type.String({ maxLength: 100, errorMessage: '请填写姓名' }),
      phone: Type.Optional(Type.String({ maxLength: 100, errorMessage: '电话号码格式不正确' })),
      email: Type.Optional(Type.String({ maxLength: 200, errorMessage: '邮箱格式不正确' })),
      photoFileId: Type.Optional(
        Type.Integer({ minimum: 0, errorMessage: '照片不存在，请重新上传' }),
      ),
    }),
    MyProfile,
  ),
});
