import { SortNumber } from './fields.js';
import { ContentVersion, SaveVersion, versionEndpoints } from './cms.js';
import {
  Id,
  Maybe,
  Nothing,
  OneOf,
  Page,
  Paging,
  Type,
  type Static,
  endpoint,
  endpoints,
  ID_MAX,
  defaulted,
} from './shared.js';

/**
 * wwfzType: the sub-sections of the school introduction (the codes of
 * WWFZ_TYPES, server modules/intro/service.ts; the old site's, without 4).
 */
export const WWFZ_TYPE_IDS = [1, 2, 3, 5, 6, 7, 8, 9, 10, 11] as const;
/** fmsmType: the people's tabs (the codes of FMSM_TYPES, server modules/intro/service.ts). */
export const FMSM_TYPE_IDS = [1, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16] as const;

const WwfzType = OneOf(WWFZ_TYPE_IDS, '请选择学校介绍栏目');
const FmsmType = OneOf(FMSM_TYPE_IDS, '请选择人物栏目');

// ---- the portal (api/wwfz, api/fmsm) ----

/** A school-introduction page (api/wwfz/getWwfzDetails); wwfzPic '' for none. */
export const IntroPageItem = Type.Object({
  wwfzId: Type.Integer(),
  wwfzType: Type.Integer(),
  wwfzTitle: Type.String(),
  enWwfzTitle: Maybe(Type.String()),
  wwfzDesc: Type.String(),
  wwfzCont: Type.String(),
  wwfzPic: Type.String(),
  createDate: Type.String(),
});
export type IntroPageItem = Static<typeof IntroPageItem>;

/**
 * A person (api/fmsm/getFmsmDetails). For principals: fmsmTitle is the name,
 * post the post, plateType the school's name at the time, fmsmDesc the
 * education and brith the tenure.
 */
export const PersonItem = Type.Object({
  fmsmId: Type.Integer(),
  fmsmType: Type.Integer(),
  fmsmTitle: Type.String(),
  fmsmDesc: Type.String(),
  fmsmCont: Type.String(),
  fmsmPic: Type.String(),
  post: Maybe(Type.String()),
  plateType: Maybe(Type.String()),
  brith: Maybe(Type.String()),
});
export type PersonItem = Static<typeof PersonItem>;

/** 2: staff-only items too, for a logged-in caller. */
const Audience = defaulted(
  Type.Unsafe<1 | 2>({
    type: 'integer',
    enum: [1, 2],
    default: 1,
    errorMessage: 'enableType 须为 1 或 2',
  }),
);

/** The school-introduction section of portal.md §7: pages (wwfz) and people (fmsm), 6 a page. */
export const introCalls = endpoints('intro', {
  pages: endpoint(
    '/wwfz/getWwfzDetails',
    'public',
    '学校介绍的页面（按 wwfzType；wwfzId 只取其中一页），按排序号、再按新旧',
    Type.Object({
      wwfzType: WwfzType,
      wwfzId: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '页面编号不正确' }),
      ),
      enableType: Audience,
      ...Paging(6),
    }),
    Page(IntroPageItem),
  ),
  people: endpoint(
    '/fmsm/getFmsmDetails',
    'public',
    '人物（历任校长、名师、校友、校园之星，按 fmsmType），按排序号、再按新旧',
    Type.Object({
      fmsmType: FmsmType,
      subjectId: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '学科编号不正确' }),
      ),
      enableType: Audience,
      ...Paging(6),
    }),
    Page(PersonItem),
  ),
});

// ---- the platform (api/cms/wwfz, api/cms/fmsm) ----

const Sort = SortNumber;
const EnableType = OneOf([1, 2], 'enableType 须为 1（所有人可见）或 2（仅教职工可见）');
const Keyword = Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' });
/** A picture's stored file; 0 clears it. */
const FileId = (message: string) => Type.Integer({ minimum: 0, errorMessage: message });
const Text = (max: number, message: string) =>
  Type.String({ maxLength: max, errorMessage: message });
const Content = Type.String({ errorMessage: '正文格式不正确' });
const WwfzId = Id('请选择页面');
const FmsmId = Id('请选择人物');
const SubjectId = Type.Integer({ minimum: 0, errorMessage: '学科编号不正确' });

/** One saved version of a page or a person, as the versions list shows it (newest first). */
export const IntroRevision = Type.Object({
  revisionId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
});
export type IntroRevision = Static<typeof IntroRevision>;

/** A page's fields as its edit form and a version show them (enWwfzTitle '' for none). */
const pageFields = {
  wwfzType: Type.Integer(),
  wwfzTypeName: Type.String(),
  wwfzTitle: Type.String(),
  enWwfzTitle: Type.String(),
  wwfzDesc: Type.String(),
  wwfzCont: Type.String(),
  picFileId: Maybe(Type.Integer()),
  wwfzPic: Type.String(),
  enableType: Type.Integer(),
  sort: Type.Integer(),
};

/** A page in the platform's list (no body; picThumbUrl the picture's thumbnail). */
export const IntroPageAdminItem = Type.Object({
  wwfzId: Type.Integer(),
  wwfzType: Type.Integer(),
  wwfzTypeName: Type.String(),
  wwfzTitle: Type.String(),
  enWwfzTitle: Type.String(),
  wwfzDesc: Type.String(),
  picFileId: Maybe(Type.Integer()),
  wwfzPic: Type.String(),
  picThumbUrl: Type.String(),
  enableType: Type.Integer(),
  sort: Type.Integer(),
  createDate: Type.String(),
});
export type IntroPageAdminItem = Static<typeof IntroPageAdminItem>;

/** A page as its edit form reads it. */
export const IntroPageForm = Type.Object({
  wwfzId: Type.Integer(),
  ...pageFields,
  picThumbUrl: Type.String(),
  createDate: Type.String(),
  version: ContentVersion,
});
export type IntroPageForm = Static<typeof IntroPageForm>;

/** One version of a page in full, in the shape of the edit form. */
export const IntroPageVersion = Type.Object({
  revisionId: Type.Integer(),
  wwfzId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
  ...pageFields,
});
export type IntroPageVersion = Static<typeof IntroPageVersion>;

/** A person's fields as the edit form and a version show them (post ... '' for none). */
const personFields = {
  fmsmType: Type.Integer(),
  fmsmTypeName: Type.String(),
  subjectId: Maybe(Type.Integer()),
  fmsmTitle: Type.String(),
  fmsmDesc: Type.String(),
  fmsmCont: Type.String(),
  picFileId: Maybe(Type.Integer()),
  fmsmPic: Type.String(),
  post: Type.String(),
  plateType: Type.String(),
  brith: Type.String(),
  enableType: Type.Integer(),
  sort: Type.Integer(),
};

/** A person in the platform's list; publicPageNum: the portal page listing them (null: staff only). */
export const PersonAdminItem = Type.Object({
  fmsmId: Type.Integer(),
  fmsmType: Type.Integer(),
  fmsmTypeName: Type.String(),
  subjectId: Maybe(Type.Integer()),
  fmsmTitle: Type.String(),
  fmsmDesc: Type.String(),
  post: Type.String(),
  plateType: Type.String(),
  brith: Type.String(),
  picFileId: Maybe(Type.Integer()),
  fmsmPic: Type.String(),
  picThumbUrl: Type.String(),
  enableType: Type.Integer(),
  sort: Type.Integer(),
  createDate: Type.String(),
  publicPageNum: Maybe(Type.Integer()),
});
export type PersonAdminItem = Static<typeof PersonAdminItem>;

/** A person as the edit form reads them. */
export const PersonForm = Type.Object({
  fmsmId: Type.Integer(),
  ...personFields,
  picThumbUrl: Type.String(),
  createDate: Type.String(),
  version: ContentVersion,
});
export type PersonForm = Static<typeof PersonForm>;

/** One version of a person in full, in the shape of the edit form. */
export const PersonVersion = Type.Object({
  revisionId: Type.Integer(),
  fmsmId: Type.Integer(),
  staffName: Type.String(),
  createDate: Type.String(),
  ...personFields,
});
export type PersonVersion = Static<typeof PersonVersion>;

/**
 * api/cms/wwfz/* and api/cms/fmsm/* (administrators). The versions calls
 * (revisions, revision, restore) answer IntroRevision and IntroPageVersion or
 * PersonVersion.
 */

export const introAdminCalls = endpoints('cms', {
  pageList: endpoint(
    '/cms/wwfz/list',
    'contentAdmin',
    '内容管理：学校介绍页面（可按 wwfzType、标题关键字；按公开页面的顺序）',
    Type.Object({
      wwfzType: Type.Optional(WwfzType),
      keyword: Type.Optional(Keyword),
      ...Paging(10, 100),
    }),
    Page(IntroPageAdminItem),
  ),
  pageGet: endpoint(
    '/cms/wwfz/get',
    'contentAdmin',
    '内容管理：编辑表单中的一个学校介绍页面',
    Type.Object({ wwfzId: WwfzId }),
    IntroPageForm,
  ),
  /** No wwfzId: a new page; fields left out keep their value; picFileId 0 clears. */
  pageSave: endpoint(
    '/cms/wwfz/save',
    'contentAdmin',
    '内容管理：保存学校介绍页面（无 wwfzId 为新增；学校简介、办学宗旨、奖学金各只有一个页面）',
    Type.Object({
      wwfzId: Type.Optional(WwfzId),
      wwfzType: WwfzType,
      wwfzTitle: Type.String({
        minLength: 1,
        maxLength: 200,
        errorMessage: '请输入标题，不超过200个字',
      }),
      enWwfzTitle: Type.Optional(Text(200, '英文标题不能超过200个字')),
      wwfzDesc: Type.Optional(Text(1000, '摘要不能超过1000个字')),
      wwfzCont: Type.Optional(Content),
      picFileId: Type.Optional(FileId('图片不正确')),
      enableType: Type.Optional(EnableType),
      sort: Type.Optional(Sort),
      /** The edit form's version: 409 when the page changed since. */
      version: Type.Optional(SaveVersion),
    }),
    Type.Object({ wwfzId: Type.Integer() }),
  ),
  pageRemove: endpoint(
    '/cms/wwfz/delete',
    'contentAdmin',
    '内容管理：删除学校介绍页面（连同其版本）',
    Type.Object({ wwfzId: WwfzId }),
    Nothing,
  ),
  personList: endpoint(
    '/cms/fmsm/list',
    'contentAdmin',
    '内容管理：人物（可按 fmsmType、subjectId、姓名关键字；publicPageNum 为门户上所在页）',
    Type.Object({
      fmsmType: Type.Optional(FmsmType),
      subjectId: Type.Optional(SubjectId),
      keyword: Type.Optional(Keyword),
      ...Paging(10, 100),
    }),
    Page(PersonAdminItem),
  ),
  personGet: endpoint(
    '/cms/fmsm/get',
    'contentAdmin',
    '内容管理：编辑表单中的一个人物',
    Type.Object({ fmsmId: FmsmId }),
    PersonForm,
  ),
  /** No fmsmId: a new person; subjectId and picFileId 0 clear. */
  personSave: endpoint(
    '/cms/fmsm/save',
    'contentAdmin',
    '内容管理：保存人物（无 fmsmId 为新增）；历任校长：post 职务、plateType 时任校名、fmsmDesc 学历、brith 任期',
    Type.Object({
      fmsmId: Type.Optional(FmsmId),
      fmsmType: FmsmType,
      subjectId: Type.Optional(SubjectId),
      fmsmTitle: Type.String({
        minLength: 1,
        maxLength: 200,
        errorMessage: '请输入姓名，不超过200个字',
      }),
      post: Type.Optional(Text(100, '职务不能超过100个字')),
      plateType: Type.Optional(Text(100, '校名或类别不能超过100个字')),
      brith: Type.Optional(Text(100, '任职时间或届别不能超过100个字')),
      fmsmDesc: Type.Optional(Text(1000, '简介不能超过1000个字')),
      fmsmCont: Type.Optional(Content),
      picFileId: Type.Optional(FileId('照片不正确')),
      enableType: Type.Optional(EnableType),
      sort: Type.Optional(Sort),
      /** The edit form's version: 409 when the person changed since. */
      version: Type.Optional(SaveVersion),
    }),
    Type.Object({ fmsmId: Type.Integer() }),
  ),
  personRemove: endpoint(
    '/cms/fmsm/delete',
    'contentAdmin',
    '内容管理：删除人物（连同其版本）',
    Type.Object({ fmsmId: FmsmId }),
    Nothing,
  ),
});

/** api/cms/wwfz/{revisions,revision,restore}: the saved versions of introduction pages. */
export const introPageVersionCalls = versionEndpoints(
  '/cms/wwfz',
  'wwfzId',
  '学校介绍页面',
  { entry: IntroRevision, version: IntroPageVersion },
  'contentAdmin',
);

/** api/cms/fmsm/{revisions,revision,restore}: the saved versions of people. */
export const personVersionCalls = versionEndpoints(
  '/cms/fmsm',
  'fmsmId',
  '人物',
  { entry: IntroRevision, version: PersonVersion },
  'contentAdmin',
);
