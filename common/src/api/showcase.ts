import { SortNumber } from './fields.js';
import {
  Id,
  Maybe,
  OneOf,
  Page,
  Paging,
  Type,
  Nothing,
  WordOf,
  type Static,
  endpoint,
  endpoints,
} from './shared.js';

/**
 * typeId of api/coverPic/getCoverPic: the section whose cover banner is asked
 * for (0 校刊, 1 新闻中心, 5 校园媒体, 9 走进学校/图片/视频, 14 校园专栏).
 */
export const COVER_TYPE_IDS = [0, 1, 5, 9, 14] as const;
export const COVER_TYPE_MESSAGE = '封面类型须为 0、1、5、9 或 14';
/** The six categories of the societies view (1 海外文化 ... 6 文化艺术). */
export const SOCIETY_CATEGORY_IDS = [1, 2, 3, 4, 5, 6] as const;
export const SOCIETY_CATEGORY_MESSAGE = '请选择社团类别（1 到 6）';
/** Where a banner shows: the home carousel or a section's cover. */
export const BANNER_PLACES = ['home', 'cover'] as const;

const CoverType = OneOf(COVER_TYPE_IDS, COVER_TYPE_MESSAGE);
const Category = OneOf(SOCIETY_CATEGORY_IDS, SOCIETY_CATEGORY_MESSAGE);
const Place = WordOf(BANNER_PLACES, '请选择图片位置（home 首页横幅或 cover 栏目封面）');

/** The id of a banner or a society in the platform's calls (enable, move, delete name it too). */
export const BannerId = Id('请选择图片');
export const AssociationId = Id('请选择社团');
/** The showcase's wording of enabled and of a move, in its save, enable and move calls. */
export const ShowcaseEnabled = OneOf([0, 1], 'enabled 须为 0（停用）或 1（启用）');
export const BannerDirection = WordOf(['up', 'down'], '请选择上移或下移');

/** A picture's stored file; 0 clears it where the picture is optional. */
const FileId = (message: string) => Type.Integer({ minimum: 0, errorMessage: message });
const Sort = SortNumber;
const Keyword = Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' });

/** A picture of the home carousel or a section's cover (newsUrl: where it opens, if anywhere). */
export const BannerItem = Type.Object({
  coverUrl: Type.String(),
  coverTitle: Type.String(),
  newsUrl: Maybe(Type.String()),
});
export type BannerItem = Static<typeof BannerItem>;

/** A student society of the societies view (associationLog: its logo; associationPic: its picture). */
export const SocietyItem = Type.Object({
  associationId: Type.Integer(),
  associationName: Type.String(),
  associationType: Type.Integer(),
  associationTypeName: Type.String(),
  associationLog: Type.String(),
  associationPic: Type.String(),
});
export type SocietyItem = Static<typeof SocietyItem>;

/**
 * A banner as the platform lists it: its place and section, its picture, and
 * whether the public sees it now (shown: every enabled home banner; one cover
 * per section).
 */
export const BannerAdminItem = Type.Object({
  bannerId: Type.Integer(),
  place: Place,
  typeId: Type.Integer(),
  typeName: Type.String(),
  coverTitle: Type.String(),
  newsUrl: Maybe(Type.String()),
  coverFileId: Maybe(Type.Integer()),
  coverUrl: Type.String(),
  thumbUrl: Type.String(),
  enabled: Type.Integer(),
  sort: Type.Integer(),
  shown: Type.Boolean(),
});
export type BannerAdminItem = Static<typeof BannerAdminItem>;

/** A society as the platform lists it, with its pictures' files and small copies. */
export const SocietyAdminItem = Type.Object({
  associationId: Type.Integer(),
  associationName: Type.String(),
  associationType: Type.Integer(),
  associationTypeName: Type.String(),
  logoFileId: Maybe(Type.Integer()),
  associationLog: Type.String(),
  logoThumbUrl: Type.String(),
  picFileId: Maybe(Type.Integer()),
  associationPic: Type.String(),
  picThumbUrl: Type.String(),
  enabled: Type.Integer(),
  sort: Type.Integer(),
});
export type SocietyAdminItem = Static<typeof SocietyAdminItem>;

/** What api/cms/banner/enable answers. */
export const BannerEnabled = Type.Object({ bannerId: Type.Integer(), enabled: Type.Integer() });
export type BannerEnabled = Static<typeof BannerEnabled>;
/** What api/cms/banner/move answers. */
export const BannerMoved = Type.Object({ bannerId: Type.Integer() });
export type BannerMoved = Static<typeof BannerMoved>;
/** What api/cms/society/enable answers. */
export const SocietyEnabled = Type.Object({
  associationId: Type.Integer(),
  enabled: Type.Integer(),
});
export type SocietyEnabled = Static<typeof SocietyEnabled>;

/** api/news/getSocietyList, api/moveImg/getMoveImg, api/coverPic/getCoverPic (portal.md §7). */
export const showcaseCalls = endpoints('showcase', {
  /** No payload: an empty form body, no body at all and `{}` are all accepted. */
  societies: endpoint(
    '/news/getSocietyList',
    'public',
    '学生社团（按类别、再按排序号）',
    undefined,
    Type.Array(SocietyItem),
  ),
  homeBanners: endpoint(
    '/moveImg/getMoveImg',
    'public',
    '首页轮播图',
    undefined,
    Type.Array(BannerItem),
  ),
  /**
   * Kept as the old schema (object or null): a call without any body is
   * answered with the typeId message too.
   */
  cover: endpoint(
    '/coverPic/getCoverPic',
    'public',
    '栏目封面图（typeId：5 校园媒体，9 走进学校/图片/视频，14 校园专栏，0 校刊）',
    Type.Unsafe<{ typeId: (typeof COVER_TYPE_IDS)[number] } | null>({
      type: ['object', 'null'],
      required: ['typeId'],
      properties: {
        typeId: { type: 'integer', enum: [...COVER_TYPE_IDS], errorMessage: COVER_TYPE_MESSAGE },
      },
    }),
    Type.Array(BannerItem),
  ),
});

/**
 * api/cms/banner/* and api/cms/society/* (the platform; administrators). The
 * enable, move and delete calls take `{ bannerId | associationId, enabled |
 * direction }` and answer BannerEnabled, BannerMoved, SocietyEnabled or null.
 */
export const cmsShowcaseCalls = endpoints('cms', {
  bannerList: endpoint(
    '/cms/banner/list',
    'contentAdmin',
    '内容管理：首页横幅（place home）或栏目封面（place cover，可按 typeId）',
    Type.Object({ place: Place, typeId: Type.Optional(CoverType), ...Paging(20, 100) }),
    Page(BannerAdminItem),
  ),
  bannerSave: endpoint(
    '/cms/banner/save',
    'contentAdmin',
    '内容管理：保存横幅或封面（无 bannerId 为新增）；图片必填，链接以 http(s):// 或 / 开头',
    Type.Object({
      bannerId: Type.Optional(BannerId),
      place: Place,
      typeId: Type.Optional(CoverType),
      coverFileId: Type.Optional(FileId('请上传图片')),
      coverTitle: Type.String({
        minLength: 1,
        maxLength: 200,
        errorMessage: '请输入图片标题，不超过200个字',
      }),
      newsUrl: Type.Optional(
        Type.String({ maxLength: 500, errorMessage: '链接地址不能超过500个字符' }),
      ),
      sort: Type.Optional(Sort),
      enabled: Type.Optional(ShowcaseEnabled),
    }),
    Type.Object({ bannerId: Type.Integer() }),
  ),
  societyList: endpoint(
    '/cms/society/list',
    'contentAdmin',
    '内容管理：学生社团（可按类别 associationType 1-6、名称关键字）',
    Type.Object({
      associationType: Type.Optional(Category),
      keyword: Type.Optional(Keyword),
      ...Paging(10, 100),
    }),
    Page(SocietyAdminItem),
  ),
  societySave: endpoint(
    '/cms/society/save',
    'contentAdmin',
    '内容管理：保存社团（无 associationId 为新增）；标志与图片必填',
    Type.Object({
      associationId: Type.Optional(AssociationId),
      associationName: Type.String({
        minLength: 1,
        maxLength: 100,
        errorMessage: '请输入社团名称，不超过100个字',
      }),
      associationType: Category,
      logoFileId: Type.Optional(FileId('请上传社团标志')),
      picFileId: Type.Optional(FileId('请上传社团图片')),
      sort: Type.Optional(Sort),
      enabled: Type.Optional(ShowcaseEnabled),
    }),
    Type.Object({ associationId: Type.Integer() }),
  ),
  bannerEnable: endpoint(
    '/cms/banner/enable',
    'contentAdmin',
    '内容管理：启用（enabled 1）或停用（enabled 0）横幅或封面',
    Type.Object({ bannerId: BannerId, enabled: ShowcaseEnabled }),
    BannerEnabled,
  ),
  bannerMove: endpoint(
    '/cms/banner/move',
    'contentAdmin',
    '内容管理：在同一位置（首页横幅，或同一栏目的封面）中上移或下移一位',
    Type.Object({ bannerId: BannerId, direction: BannerDirection }),
    BannerMoved,
  ),
  bannerRemove: endpoint(
    '/cms/banner/delete',
    'contentAdmin',
    '内容管理：删除横幅或封面',
    Type.Object({ bannerId: BannerId }),
    Nothing,
  ),
  societyEnable: endpoint(
    '/cms/society/enable',
    'contentAdmin',
    '内容管理：启用（enabled 1）或停用（enabled 0）社团',
    Type.Object({ associationId: AssociationId, enabled: ShowcaseEnabled }),
    SocietyEnabled,
  ),
  societyRemove: endpoint(
    '/cms/society/delete',
    'contentAdmin',
    '内容管理：删除社团',
    Type.Object({ associationId: AssociationId }),
    Nothing,
  ),
});
