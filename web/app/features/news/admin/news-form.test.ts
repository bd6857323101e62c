import type { NewsEditFile, NewsEditForm } from '@school/common/api';
import { describe, expect, it } from 'vitest';
import { filesPayload, formComparable, formOf, mediaOf, payloadOf } from './news-form';

const file = (
  role: NewsEditFile['role'],
  fileId: number,
  caption: string | null = null,
): NewsEditFile => ({
  role,
  fileId,
  legacyPath: null,
  fileName: `${role}-${fileId}`,
  caption,
  filePath: `/api/files/${fileId}`,
  oldfile: 0,
});

const item: NewsEditForm = {
  newId: 5,
  typeId: 3,
  newsTitle: '运动会',
  newsDesc: '',
  newsContent: '<p>正文</p>',
  newsType: 1,
  newcontenttype: 2,
  schChange: null,
  enableType: 1,
  source: null,
  releaseUser: '校办',
  coverFileId: null,
  imgUrl: '',
  newsUrl: null,
  shelvesDate: '2026-03-01 08:00:00',
  files: [file('image', 1, '开幕'), file('attachment', 2), file('image', 3)],
  reviewState: 'approved',
  reviewStateName: '审核通过',
  reviewNote: null,
  ifShelves: 1,
  ifTop: 0,
  live: true,
  scheduled: false,
  createStaff: 1,
  updateDate: '2026-03-01 08:00:00',
  version: 4,
};

describe('news form', () => {
  it('splits the stored files by role, in their order, with their addresses', () => {
    const media = mediaOf(item.files);
    expect(media.pictures.map((f) => [f.fileId, f.url])).toEqual([
      [1, '/api/files/1'],
      [3, '/api/files/3'],
    ]);
    expect(media.videos).toEqual([]);
    expect(media.attachments.map((f) => f.fileId)).toEqual([2]);
  });

  it('saves the set of the content kind then the attachments; 图文 drops the sets', () => {
    const values = formOf(item);
    const kept = (newcontenttype: number) =>
      (JSON.parse(filesPayload({ ...values, newcontenttype })) as Array<{ fileId: number }>).map(
        (f) => f.fileId,
      );
    expect(kept(2)).toEqual([1, 3, 2]);
    expect(kept(1)).toEqual([2]);
    expect(JSON.parse(filesPayload(values))[0]).toEqual({
      role: 'image',
      fileId: 1,
      legacyPath: null,
      fileName: 'image-1',
      caption: '开幕',
    });
  });

  it('leaves the id and version to the editor frame and clears emptied fields', () => {
    const payload = payloadOf({ ...formOf(item), newsTitle: '  运动会（续） ', cover: null });
    expect(payload).not.toHaveProperty('newId');
    expect(payload).not.toHaveProperty('version');
    expect(payload).toMatchObject({ newsTitle: '运动会（续）', coverFileId: 0, source: '' });
  });

  it('compares the form by the files it keeps, with their captions', () => {
    expect(formComparable(formOf(item)).fileNames).toBe('image-1（开幕）、image-3、attachment-2');
  });
});
