import type { VideoEdit } from '@school/common/api';
import { describe, expect, it } from 'vitest';
import { moved } from '../../../components/editor/FileListField';
import {
  comparable,
  emptyForm,
  formComparable,
  formOf,
  payloadOf,
  videoPageHref,
} from './video-form';

const item: VideoEdit = {
  videoId: 7,
  typeId: 2,
  videoTitle: '公开课',
  videoContent: '<p>简介</p>',
  coverFileId: 11,
  imgUrl: '/api/files/11',
  thumbUrl: '/api/files/12',
  source: null,
  releaseUser: '王老师',
  enableType: 2,
  files: [
    { fileId: 21, fileName: '第一集.mp4', url: '/api/files/21' },
    { fileId: 22, fileName: '第二集.mp4', url: '/api/files/22' },
  ],
  reviewState: 'draft',
  reviewStateName: '草稿',
  reviewNote: null,
  ifShelves: 0,
  ifTop: 0,
  live: false,
  createStaff: 3,
  createDate: '2026-03-02 15:00:00',
  updateDate: '2026-03-02 16:00:00',
  version: 2,
};

describe('video form', () => {
  it('moves a file up or down and leaves the ends alone', () => {
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    const list = [1, 2];
    moved(list, 0, 1);
    expect(list).toEqual([1, 2]);
  });

  it('turns a stored video into the form and back into the save payload', () => {
    const values = formOf(item);
    expect(values.cover).toEqual({
      fileId: 11,
      url: '/api/files/11',
      thumbUrl: '/api/files/12',
      fileName: '封面',
    });
    expect(values.source).toBe('');
    const payload = payloadOf({
      ...values,
      videoTitle: '  公开课（改）  ',
      files: [{ ...values.files[1]!, fileName: ' 下集 ' }, values.files[0]!],
    });
    expect(payload).toEqual({
      typeId: 2,
      videoTitle: '公开课（改）',
      videoContent: '<p>简介</p>',
      coverFileId: 11,
      source: '',
      releaseUser: '王老师',
      enableType: 2,
      files: JSON.stringify([
        { fileId: 22, fileName: '下集' },
        { fileId: 21, fileName: '第一集.mp4' },
      ]),
    });
  });

  it('sends a removed cover as 0', () => {
    const payload = payloadOf({ ...emptyForm('李老师'), typeId: 1, videoTitle: '新视频' });
    expect(payload).toMatchObject({ coverFileId: 0, files: '[]' });
    expect(payload.releaseUser).toBe('李老师');
  });

  it('compares a version with the form by category name, files in order and audience', () => {
    const categories = [
      { typeId: 1, typeName: '校园活动', parentId: 0 },
      { typeId: 2, typeName: '教学风采', parentId: 0 },
    ];
    const version = comparable(item, categories);
    expect(version).toMatchObject({
      typeName: '教学风采',
      fileNames: '1. 第一集.mp4\n2. 第二集.mp4',
      visibility: '仅校内',
      source: '',
    });
    const form = formComparable({ ...formOf(item), typeId: 1, cover: null }, categories);
    expect(form).toMatchObject({ typeName: '校园活动', imgUrl: '' });
  });

  it('links to the public page with its category', () => {
    expect(videoPageHref(item)).toBe('/videoDetail?videoId=7&typeId=2');
  });
});
