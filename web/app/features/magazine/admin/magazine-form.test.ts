import { describe, expect, it } from 'vitest';
import { formOf, magazinePageHref, payloadOf, type CmsMagazineRow } from './magazine-form';

const row: CmsMagazineRow = {
  magazineId: 5,
  magazineTitle: '2026春季刊',
  typeId: 2,
  typeName: '《禾苗》学生文集',
  coverFileId: null,
  imgUrl: '',
  thumbUrl: '',
  pdfFileId: 9,
  pdfFileName: '春季刊.pdf',
  filePath: '/api/files/9',
  enabled: 1,
  createDate: '2026-03-02 16:00:00',
  version: 3,
};

describe('magazine form', () => {
  it('starts a new issue in the chosen series', () => {
    expect(formOf(null, 3)).toEqual({ typeId: 3, magazineTitle: '', cover: null, pdf: null });
  });

  it('edits an issue and sends a missing cover as 0', () => {
    const values = formOf(row, 1);
    expect(values).toEqual({
      typeId: 2,
      magazineTitle: '2026春季刊',
      cover: null,
      pdf: { fileId: 9, url: '/api/files/9', fileName: '春季刊.pdf' },
    });
    expect(payloadOf({ ...values, magazineTitle: ' 春季刊 ' }, 5, row.version)).toEqual({
      magazineId: 5,
      version: 3,
      typeId: 2,
      magazineTitle: '春季刊',
      coverFileId: 0,
      pdfFileId: 9,
    });
  });

  it('previews in the portal viewer', () => {
    expect(magazinePageHref(5)).toBe('/schWenjiDetail?magazineId=5');
  });
});
