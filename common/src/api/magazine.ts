import { Flag, Id, Maybe, Nothing, OneOf, Page, Paging, Type, call } from './shared.js';

/** Magazine series of portal.md §9: 1 《青禾》校刊, 2 《禾苗》学生文集, 3 《青溪》教师文集. */
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
});

/** api/magazine/* (portal.md §7 magazine controller) and api/cms/magazine/* (platform). */
export const magazineCalls = {
  list: call(Type.Object({ typeId: SeriesId, ...Paging(15) }), Page(MagazineItem)),
  detail: call(Type.Object({ magazineId: MagazineId }), MagazineItem),
  adminList: call(
    Type.Object({
      typeId: Type.Optional(SeriesId),
      keyword: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
      ),
      ...Paging(10, 100),
    }),
    Page(MagazineAdminItem),
  ),
  save: call(
    Type.Object({
      magazineId: Type.Optional(MagazineId),
      typeId: SeriesId,
      magazineTitle: Type.String({
        minLength: 1,
        maxLength: 100,
        errorMessage: '请输入刊物名称，不超过100个字',
      }),
      coverFileId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '封面图片不正确' })),
      pdfFileId: Type.Integer({ minimum: 1, errorMessage: '请上传刊物 PDF 文件' }),
      enabled: Type.Optional(Enabled),
    }),
    Type.Object({ magazineId: Type.Integer() }),
  ),
  enable: call(
    Type.Object({ magazineId: MagazineId, enabled: Enabled }),
    Type.Object({ magazineId: Type.Integer(), enabled: Type.Integer() }),
  ),
  remove: call(Type.Object({ magazineId: MagazineId }), Nothing),
};
