import { Id, Maybe, Nothing, OneOf, Page, endpoint, endpoints } from './shared.js';
import { Paging, Type, type Static } from './shared.js';
import { NewsListItem } from './news.js';

/**
 * The staff home and address book (intranet.md §7 "Session and home"). The
 * original pages send their own id as userId / staffId: when sent it must be
 * the caller's (the session says who acts).
 */

const UserId = Id('用户编号不正确');
const DeptId = Id('请选择部门');

// ---- workbench, application centre, rolling notices, send-notice check ----

/** An entry of the home's workbench (menuType 1) or application centre (2). */
export const HomeEntry = Type.Object({
  workbenchId: Type.Integer(),
  workbenchName: Type.String(),
  workbenchPath: Type.String(),
  /** 1: opened through the signed hand-off (with visitType); 0: opened directly. */
  passthroughstatus: Type.Integer(),
  visitType: Maybe(Type.Integer()),
  /** The icon's address ('' for none: the page shows a default icon). */
  illustrationnamePath: Type.String(),
});
export type HomeEntry = Static<typeof HomeEntry>;

/** A line of the staff pages' ticker. */
export const RollingNotice = Type.Object({
  rollingnewsId: Type.Integer(),
  rollingnewsTitle: Type.String(),
  newsUrl: Maybe(Type.String()),
  shelvesDate: Type.String(),
});
export type RollingNotice = Static<typeof RollingNotice>;

export const homeCalls = endpoints('home', {
  workbench: endpoint(
    '/workbench/getWorkbenchList',
    'staff',
    '校内网首页：工作台（menuType 1）或应用中心（2）的入口，按显示顺序',
    Type.Object({
      userId: Type.Optional(UserId),
      menuType: OneOf([1, 2], 'menuType 须为 1（工作台）或 2（应用中心）'),
    }),
    Type.Array(HomeEntry),
  ),
  rolling: endpoint(
    '/rollingNews/getRollingNews',
    'staff',
    '校内网滚动通知（已到上架时间的启用通知）',
    undefined,
    Type.Array(RollingNotice),
  ),
  /**
   * status 0 answers with msg why the caller cannot send a notice now (the
   * page shows it as a warning); status 1 `可以发送通知`: the page opens the link.
   */
  checkSend: endpoint(
    '/notice/checkSend',
    'staff',
    '发通知前的检查：status 0 为不能发送（msg 为原因），status 1 为可以发送',
    Type.Object({ userId: Type.Optional(UserId) }),
    Nothing,
  ),
});

// ---- the home's six lists ----

const slot = (n: number) => ({
  [`typeId${n}`]: Type.Optional(Id(`typeId${n} 须为栏目编号`)),
  [`pageNum${n}`]: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, errorMessage: `pageNum${n} 须为正整数` }),
  ),
  [`pageSize${n}`]: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, errorMessage: `pageSize${n} 须为1到50` }),
  ),
});

export const teachHomeCalls = endpoints('news', {
  /** A slot without typeIdN answers an empty listN. */
  lists: endpoint(
    '/news/getTeachHomeNews',
    'staff',
    '校内网首页的六个列表：typeId1..6 各取 pageNum/pageSize 一页，enableType 2 含仅校内可见',
    Type.Object({
      ...slot(1),
      ...slot(2),
      ...slot(3),
      ...slot(4),
      ...slot(5),
      ...slot(6),
      enableType: Type.Optional(OneOf([1, 2], 'enableType 须为 1 或 2')),
    }),
    Type.Object({
      list1: Type.Array(NewsListItem),
      list2: Type.Array(NewsListItem),
      list3: Type.Array(NewsListItem),
      list4: Type.Array(NewsListItem),
      list5: Type.Array(NewsListItem),
      list6: Type.Array(NewsListItem),
    }),
  ),
});

// ---- address book and frequent contacts ----

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
    Type.Object({ userId: Type.Optional(UserId), type: Type.Optional(OneOf([1], 'type 须为 1')) }),
    Type.Array(AddressDept),
  ),
  list: endpoint(
    '/addressBook/getList',
    'staff',
    '通讯录：按部门（含下级）与电话或姓名查找教职工，每页 8 条',
    Type.Object({
      staffId: Type.Optional(UserId),
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
    Type.Object({ staffId: Type.Optional(UserId) }),
    Type.Array(AddressEntry),
  ),
  add: endpoint(
    '/contacts/addContacts',
    'staff',
    '添加常用联系人（contactsType 1，idRoleArr 为教职工 id，逗号分隔）',
    Type.Object({
      staffId: Type.Optional(UserId),
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
    Type.Object({ staffId: Type.Optional(UserId) }),
    MyProfile,
  ),
  /** phone / email '' clears them; photoFileId 0 clears the photo, absent keeps it. */
  save: endpoint(
    '/staff/updateMyInfo',
    'staff',
    '修改我的个人资料：姓名（必填，不超过20个字）、电话、邮箱、照片（上传的图片）',
    Type.Object({
      staffId: Type.Optional(UserId),
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
