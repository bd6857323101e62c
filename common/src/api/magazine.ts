import {
  Flag,
  Id,
  Maybe,
  Nothing,
  OneOf,
  Page,
  Paging,
  Type,
  endpoint,
  endpoints,
  ID_MAX,
  type Static,
} from './shared.js';
import { ContentVersion, SaveVersion } from './cms.js';

/** Magazine series of portal.md §9: 1 校刊, 2 学生文集, 3 教师文集 (names a school gives them). */
export const MAGAZINE_SERIES_IDS = [1, 2, 3] as const;
export const SERIES_MESSAGE = '请选择刊物系列（1、2 或 3）';
const SeriesId = OneOf(MAGAZINE_SERIES_IDS, SERIES_MESSAGE);
const MagazineId = Id('请选择刊物');
const Enabled = Flag('enabled 须为 0 或 1');

/** An issue as the portal lists and opens it (filePath: the PDF). */
export const MagazineItem = Type.Object({
  magazineId: Type.Integer(),
  magazineTitle: Type.String(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  imgUrl: Type.String(),
  filePath: Type.String(),
  createDate: Type.String(),
});

/** An issue as the platform's list shows it: also its files and whether it is shown. */
export const MagazineAdminItem = Type.Object({
  magazineId: Type.Integer(),
  magazineTitle: Type.String(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  coverFileId: Maybe(Type.Integer()),
  imgUrl: Type.String(),
  thumbUrl: Type.String(),
  pdfFileId: Maybe(Type.Integer()),
  pdfFileName: Type.String(),
  filePath: Type.String(),
  enabled: Type.Integer(),
  createDate: Type.String(),
  /** The issue's version (see ContentVersion): a save may send it back. */
  version: ContentVersion,
});
export type MagazineAdminItem = Static<typeof MagazineAdminItem>;

/** api/magazine/* (portal.md §7 magazine controller) and api/cms/magazine/* (platform). */
export const magazineCalls = endpoints('magazine', {
  list: endpoint(
    '/magazine/selMagazineList',
    'public',
    '校刊列表（typeId 为刊物系列 1、2、3，每页 15 本，最新在前）',
    Type.Object({ typeId: SeriesId, ...Paging(15) }),
    Page(MagazineItem),
  ),
  detail: endpoint(
    '/magazine/selMagazineDetails',
    'public',
    '校刊详情（filePath 为 PDF 地址）',
    Type.Object({ magazineId: MagazineId }),
    MagazineItem,
  ),
  adminList: endpoint(
    '/cms/magazine/list',
    'contentAdmin',
    '内容管理：校刊列表（typeId 为系列 1、2、3，不传为全部；含已停用的，最新在前）',
    Type.Object({
      typeId: Type.Optional(SeriesId),
      keyword: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
      ),
      ...Paging(10, 100),
    }),
    Page(MagazineAdminItem),
  ),
  save: endpoint(
    '/cms/magazine/save',
    'contentAdmin',
    '内容管理：新增（无 magazineId）或修改一期校刊：系列、名称、封面图片、PDF 文件',
    Type.Object({
      magazineId: Type.Optional(MagazineId),
      typeId: SeriesId,
      magazineTitle: Type.String({
        minLength: 1,
        maxLength: 100,
        errorMessage: '请输入刊物名称，不超过100个字',
      }),
      coverFileId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '封面图片不正确' })),
      pdfFileId: Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '请上传刊物 PDF 文件' }),
      enabled: Type.Optional(Enabled),
      version: Type.Optional(SaveVersion),
    }),
    Type.Object({ magazineId: Type.Integer() }),
  ),
  enable: endpoint(
    '/cms/magazine/enable',
    'contentAdmin',
    '内容管理：启用（enabled 1，在门户显示）或停用（enabled 0）一期校刊',
    Type.Object({ magazineId: MagazineId, enabled: Enabled }),
    Type.Object({ magazineId: Type.Integer(), enabled: Type.Integer() }),
  ),
  remove: endpoint(
    '/cms/magazine/delete',
    'contentAdmin',
    '内容管理：删除一期校刊',
    Type.Object({ magazineId: MagazineId }),
    Nothing,
  ),
});
