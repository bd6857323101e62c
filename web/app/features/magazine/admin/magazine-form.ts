import type { MagazineAdminItem } from '@school/common/api';
import type { ApiBody } from '../../../api/client';
import type { UploadedFile } from '../../../components/editor/uploads';

/**
 * The three series of the school-magazine menu (portal.md: schoolWenji?newsNum=1..3), by kind:
 * the portal's menu names them after the school (《明德》校刊, or the names given in 站点设置).
 */
export const MAGAZINE_SERIES = [
  { typeId: 1, typeName: '校刊' },
  { typeId: 2, typeName: '学生文集' },
  { typeId: 3, typeName: '教师文集' },
] as const;

/** A row of api/cms/magazine/list. */
export type CmsMagazineRow = MagazineAdminItem;

/** The dialog's values. */
export interface MagazineFormValues {
  typeId: number;
  magazineTitle: string;
  cover: UploadedFile | null;
  pdf: UploadedFile | null;
}

export function formOf(row: CmsMagazineRow | null, typeId: number): MagazineFormValues {
  if (!row) return { typeId, magazineTitle: '', cover: null, pdf: null };
  return {
    typeId: row.typeId,
    magazineTitle: row.magazineTitle,
    cover: row.coverFileId
      ? { fileId: row.coverFileId, url: row.imgUrl, thumbUrl: row.thumbUrl, fileName: '封面' }
      : null,
    pdf: row.pdfFileId
      ? { fileId: row.pdfFileId, url: row.filePath, fileName: row.pdfFileName || 'PDF' }
      : null,
  };
}

/**
 * The save call's payload; a removed cover is sent as 0 so it is cleared. An edit sends the
 * version the row was read at: an issue changed since answers 409 and nothing is written.
 */
export function payloadOf(
  values: MagazineFormValues,
  magazineId: number | undefined,
  version?: number,
): ApiBody<'cms/magazine/save'> {
  return {
    magazineId,
    ...(version === undefined ? {} : { version }),
    typeId: values.typeId,
    magazineTitle: values.magazineTitle.trim(),
    coverFileId: values.cover?.fileId ?? 0,
    // Required by the form's rules; left empty, the server answers its message.
    pdfFileId: values.pdf?.fileId ?? '',
  };
}

/** The portal's viewer of an issue. */
export const magazinePageHref = (magazineId: number) => `/schWenjiDetail?magazineId=${magazineId}`;
