import { EnabledFlag, OrNull, SortNumber } from './fields.js';
import { Flag, Id, Maybe, Nothing, OneOf, Page, endpoint, endpoints, CallerId } from './shared.js';
import { Paging, Type, WordOf, type Static } from './shared.js';

/** The intranet settings' rows (server platform/catalogue/route-kit.ts words them alike). */
const Enabled = EnabledFlag;
const Sort = SortNumber;
const Direction = WordOf(['up', 'down'], 'direction 须为 up（上移）或 down（下移）');
const Keyword = Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' });

// ---- system parameters ----

/** A system parameter as the pages read it (api/sysParameter/*): one row of its code. */
export const Parameter = Type.Object({
  parameterId: Type.Integer(),
  parameteCode: Type.String(),
  parameteValue: Type.String(),
  parameterName: Type.String(),
  /** '1' everyone; otherwise (XNZD sites) administrators (isPower 1) only. */
  parameterType: Type.String(),
  pic: Maybe(Type.String()),
});
export type Parameter = Static<typeof Parameter>;

/** A parameter row as the platform edits it: also its picture's file and its place. */
export const ParameterRow = Type.Object({
  ...Parameter.properties,
  picFileId: Maybe(Type.Integer()),
  sort: Type.Integer(),
});
export type ParameterRow = Static<typeof ParameterRow>;

/** The rows of one code, with what the code means and the rules its rows follow. */
export const ParameterGroup = Type.Object({
  parameteCode: Type.String(),
  codeName: Type.String(),
  description: Type.String(),
  /** link: every value is an http(s) address or a path of this site. */
  kind: Type.Union([Type.Literal('text'), Type.Literal('link'), Type.Literal('image')]),
  /** Several rows; otherwise exactly one. */
  list: Type.Boolean(),
  /** The pages read it: its last row cannot be deleted. */
  required: Type.Boolean(),
  pictures: Type.Boolean(),
  /** parameterType matters (who sees the row). */
  visibility: Type.Boolean(),
  /** A code the site knows (not one an administrator added). */
  known: Type.Boolean(),
  rows: Type.Array(ParameterRow),
});
export type ParameterGroup = Static<typeof ParameterGroup>;

const ParameterId = Id('请选择参数');
const PublicCode = Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$', errorMessage: '参数编码不正确' });

/** api/sysParameter/* (the pages) and api/cms/parameter/* (the platform, staffType 5). */
export const parameterCalls = endpoints('sysParameter', {
  get: endpoint(
    '/sysParameter/getParameter',
    'public',
    '按编码查询系统参数',
    Type.Object({ parameteCode: PublicCode }),
    Type.Array(Parameter),
  ),
  /** parameteCodes: up to 40 codes, comma-separated. */
  getList: endpoint(
    '/sysParameter/getParameterList',
    'public',
    '一次查询多个系统参数（逗号分隔的编码）',
    Type.Object({
      parameteCodes: Type.String({
        pattern: '^[A-Za-z0-9_]{1,32}(,[A-Za-z0-9_]{1,32}){0,39}$',
        errorMessage: '参数编码不正确',
      }),
    }),
    Type.Array(Parameter),
  ),
  /** A school site (XNZD) may be opened by the caller: status 0, else 403 with the reason. */
  checkSite: endpoint(
    '/sysParameter/checkSite',
    'staff',
    '打开校内站点前的权限检查（XNZD；非“所有人”站点仅 isPower 1 可进入）',
    Type.Object({ parameterId: Id('请选择站点') }),
    Nothing,
  ),
  adminList: endpoint(
    '/cms/parameter/list',
    'systemAdmin',
    '内容管理：全部系统参数，按编码分组，附编码含义',
    undefined,
    Type.Array(ParameterGroup),
  ),
  /** picFileId: an uploaded picture; 0 or '' clears it. */
  save: endpoint(
    '/cms/parameter/save',
    'systemAdmin',
    '内容管理：保存一行参数（无 parameterId 为在该编码下新增）；链接类参数须为 http(s):// 或站内地址；picFileId 为上传的图片，0 清除',
    Type.Object({
      parameterId: Type.Optional(ParameterId),
      parameteCode: Type.String({
        pattern: '^[A-Z0-9_]{2,32}$',
        errorMessage: '参数编码须为2到32位大写字母、数字或下划线',
      }),
      parameterName: Type.String({
        minLength: 1,
        maxLength: 100,
        errorMessage: '请输入参数名称，不超过100个字',
      }),
      parameteValue: Type.Optional(
        Type.String({ maxLength: 1000, errorMessage: '参数值不能超过1000个字' }),
      ),
      parameterType: Type.Optional(
        WordOf(['1', '2'], 'parameterType 须为 1（所有人可见）或 2（仅管理员可见）'),
      ),
      picFileId: Type.Optional(
        OrNull(Type.Integer({ minimum: 0, errorMessage: '图片不正确，请重新上传' })),
      ),
      sort: Type.Optional(Sort),
    }),
    Type.Object({ parameterId: Type.Integer() }),
  ),
  /** Answers the code's rows in their new order. */
  move: endpoint(
    '/cms/parameter/move',
    'systemAdmin',
    '内容管理：参数行在同一编码内上移或下移一位；答复该编码各行的新顺序',
    Type.Object({ parameterId: ParameterId, direction: Direction }),
    Type.Array(ParameterRow),
  ),
  remove: endpoint(
    '/cms/parameter/delete',
    'systemAdmin',
    '内容管理：删除一行参数（网站正在使用的编码至少保留一行）',
    Type.Object({ parameterId: ParameterId }),
    Nothing,
  ),
});

// ---- dictionaries (the teaching drive's) ----

/** RESOURCES_TYPE: kinds of resource; RESOURCES_FILE_TYPE: file formats. */
export const DICTIONARY_CODES = ['RESOURCES_TYPE', 'RESOURCES_FILE_TYPE'] as const;
const DicCode = WordOf(
  DICTIONARY_CODES,
  'dicCode 须为 RESOURCES_TYPE（资源类型）或 RESOURCES_FILE_TYPE（文件格式）',
);
const DicId = Id('请选择字典项');

/** A value the drive's pickers offer. */
export const DictionaryValue = Type.Object({ dicName: Type.String(), dicValue: Type.String() });
export type DictionaryValue = Static<typeof DictionaryValue>;

/** A value as the platform keeps it, disabled ones too. */
export const DictionaryItem = Type.Object({
  dicId: Type.Integer(),
  dicCode: Type.String(),
  dicName: Type.String(),
  dicValue: Type.String(),
  enabled: Type.Integer(),
  sort: Type.Integer(),
});
export type DictionaryItem = Static<typeof DictionaryItem>;

/** api/dictionary/list (any logged-in staff) and api/cms/dictionary/* (staffType 5). */
export const dictionaryCalls = endpoints('dictionary', {
  values: endpoint(
    '/dictionary/list',
    'staff',
    '数据字典：一个字典的可用值（教学网盘的资源类型、文件格式筛选）',
    Type.Object({ dicCode: DicCode }),
    Type.Array(DictionaryValue),
  ),
  adminList: endpoint(
    '/cms/dictionary/list',
    'systemAdmin',
    '内容管理：一个字典的全部值（含已停用），按顺序',
    Type.Object({ dicCode: DicCode }),
    Type.Array(DictionaryItem),
  ),
  save: endpoint(
    '/cms/dictionary/save',
    'systemAdmin',
    '内容管理：保存字典项（无 dicId 为新增，排在最后）；同一字典内字典值不能重复',
    Type.Object({
      dicId: Type.Optional(DicId),
      dicCode: DicCode,
      dicName: Type.String({
        minLength: 1,
        maxLength: 100,
        errorMessage: '请输入字典名称，不超过100个字',
      }),
      dicValue: Type.String({
        minLength: 1,
        maxLength: 64,
        errorMessage: '请输入字典值，不超过64个字',
      }),
      enabled: Type.Optional(Enabled),
      sort: Type.Optional(Sort),
    }),
    Type.Object({ dicId: Type.Integer() }),
  ),
  enable: endpoint(
    '/cms/dictionary/enable',
    'systemAdmin',
    '内容管理：启用（enabled 1）或停用（enabled 0）一个字典项',
    Type.Object({ dicId: DicId, enabled: Enabled }),
    Nothing,
  ),
  /** Answers the dictionary in its new order. */
  move: endpoint(
    '/cms/dictionary/move',
    'systemAdmin',
    '内容管理：字典项上移或下移一位；答复该字典的新顺序',
    Type.Object({ dicId: DicId, direction: Direction }),
    Type.Array(DictionaryItem),
  ),
  remove: endpoint(
    '/cms/dictionary/delete',
    'systemAdmin',
    '内容管理：删除一个字典项',
    Type.Object({ dicId: DicId }),
    Nothing,
  ),
});

// ---- rolling notices ----

/** A rolling notice as the platform lists it. */
export const NoticeItem = Type.Object({
  rollingnewsId: Type.Integer(),
  rollingnewsTitle: Type.String(),
  newsUrl: Maybe(Type.String()),
  /** Beijing time, YYYY-MM-DD HH:mm:ss. */
  shelvesDate: Type.String(),
  enabled: Type.Integer(),
  sort: Type.Integer(),
  /** Shown on the ticker now. */
  live: Type.Boolean(),
  /** Enabled, waiting for its shelves date. */
  scheduled: Type.Boolean(),
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type NoticeItem = Static<typeof NoticeItem>;

const NoticeId = Id('请选择通知');

/** api/cms/notice/* (administrators, isPower 1). */
export const noticeCalls = endpoints('cms', {
  list: endpoint(
    '/cms/notice/list',
    'contentAdmin',
    '内容管理：滚动通知列表（上架时间新的在前）',
    Type.Object({ keyword: Type.Optional(Keyword), ...Paging(10, 100) }),
    Page(NoticeItem),
  ),
  save: endpoint(
    '/cms/notice/save',
    'contentAdmin',
    '内容管理：保存滚动通知（无 rollingnewsId 为新增）；上架时间为北京时间，未到时间不显示',
    Type.Object({
      rollingnewsId: Type.Optional(NoticeId),
      rollingnewsTitle: Type.String({
        minLength: 1,
        maxLength: 200,
        errorMessage: '请输入通知标题，不超过200个字',
      }),
      newsUrl: Type.Optional(
        Type.String({ maxLength: 500, errorMessage: '链接地址不能超过500个字' }),
      ),
      shelvesDate: Type.Optional(
        Type.String({
          maxLength: 40,
          errorMessage: '上架时间格式不正确，应为 YYYY-MM-DD HH:mm:ss',
        }),
      ),
      enabled: Type.Optional(Enabled),
      sort: Type.Optional(Sort),
    }),
    Type.Object({ rollingnewsId: Type.Integer() }),
  ),
  enable: endpoint(
    '/cms/notice/enable',
    'contentAdmin',
    '内容管理：启用（enabled 1）或停用（enabled 0）一条滚动通知',
    Type.Object({ rollingnewsId: NoticeId, enabled: Enabled }),
    Nothing,
  ),
  remove: endpoint(
    '/cms/notice/delete',
    'contentAdmin',
    '内容管理：删除一条滚动通知',
    Type.Object({ rollingnewsId: NoticeId }),
    Nothing,
  ),
});

// ---- workbench and application centre ----

/** menuType: 1 the workbench, 2 the application centre. */
const MenuType = OneOf([1, 2], 'menuType 须为 1（工作台）或 2（应用中心）');
const WorkbenchId = Id('请选择入口');

/** An entry of the staff home's workbench or application centre, as the platform keeps it. */
export const WorkbenchEntry = Type.Object({
  workbenchId: Type.Integer(),
  menuType: Type.Integer(),
  workbenchName: Type.String(),
  workbenchPath: Type.String(),
  /** 1: opened through the signed hand-off; 0 directly. */
  passthroughstatus: Type.Integer(),
  visitType: Maybe(Type.Integer()),
  iconFileId: Maybe(Type.Integer()),
  /** The icon's address ('' for none). */
  illustrationnamePath: Type.String(),
  enabled: Type.Integer(),
  sort: Type.Integer(),
});
export type WorkbenchEntry = Static<typeof WorkbenchEntry>;

/** api/cms/workbench/* (staffType 5). */
export const workbenchCalls = endpoints('cms', {
  list: endpoint(
    '/cms/workbench/list',
    'systemAdmin',
    '内容管理：工作台（menuType 1）或应用中心（2）的全部入口，按显示顺序',
    Type.Object({ menuType: MenuType }),
    Type.Array(WorkbenchEntry),
  ),
  /** iconFileId: an uploaded icon, 0 clears it; visitType '' clears it. */
  save: endpoint(
    '/cms/workbench/save',
    'systemAdmin',
    '内容管理：保存入口（无 workbenchId 为新增，排在最后）；iconFileId 为上传的图标，0 清除',
    Type.Object({
      workbenchId: Type.Optional(WorkbenchId),
      menuType: MenuType,
      workbenchName: Type.String({
        minLength: 1,
        maxLength: 64,
        errorMessage: '请输入名称，不超过64个字',
      }),
      workbenchPath: Type.String({
        minLength: 1,
        maxLength: 500,
        errorMessage: '请输入链接地址，不超过500个字',
      }),
      passthroughstatus: Type.Optional(
        Flag('passthroughstatus 须为 1（单点登录跳转）或 0（直接打开）'),
      ),
      visitType: Type.Optional(
        OrNull(
          Type.Integer({ minimum: 0, maximum: 9999, errorMessage: 'visitType 须为0到9999的整数' }),
        ),
      ),
      iconFileId: Type.Optional(
        OrNull(Type.Integer({ minimum: 0, errorMessage: '图标不正确，请重新上传' })),
      ),
      enabled: Type.Optional(Enabled),
      sort: Type.Optional(Sort),
    }),
    Type.Object({ workbenchId: Type.Integer() }),
  ),
  enable: endpoint(
    '/cms/workbench/enable',
    'systemAdmin',
    '内容管理：启用（enabled 1）或停用（enabled 0）一个入口',
    Type.Object({ workbenchId: WorkbenchId, enabled: Enabled }),
    Nothing,
  ),
  /** Answers the list in its new order. */
  move: endpoint(
    '/cms/workbench/move',
    'systemAdmin',
    '内容管理：入口上移或下移一位；答复该列表的新顺序',
    Type.Object({ workbenchId: WorkbenchId, direction: Direction }),
    Type.Array(WorkbenchEntry),
  ),
  remove: endpoint(
    '/cms/workbench/delete',
    'systemAdmin',
    '内容管理：删除一个入口',
    Type.Object({ workbenchId: WorkbenchId }),
    Nothing,
  ),
});

// ---- the staff home (intranet.md §7 "Session and home") ----
// The original pages send their own id as userId: when sent it must be the caller's.

const HomeUserId = CallerId();

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
      userId: Type.Optional(HomeUserId),
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
    Type.Object({ userId: Type.Optional(HomeUserId) }),
    Nothing,
  ),
});
