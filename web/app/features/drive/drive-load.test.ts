import { describe, expect, it } from 'vitest';
import { driveQueryOf, listPayload } from './drive-load';

describe('drive list address', () => {
  it('reads filters, sort and page from the address', () => {
    const query = driveQueryOf(
      new URLSearchParams('KeywordName=%20古诗%20&resourcesType=2&sort=userName.0&pageNum=3'),
    );
    expect(query).toMatchObject({
      keyword: '古诗',
      resourcesType: '2',
      resourcesFileType: '',
      sort: { field: 'userName', order: 0 },
      sortChosen: true,
      pageNum: 3,
    });
    expect(listPayload(query)).toEqual({
      KeywordName: '古诗',
      resourcesType: '2',
      resourcesFileType: undefined,
      userName: 0,
      pageNum: 3,
      pageSize: 10,
    });
  });

  it('sends statusDate 1 by default, and no sort to a ranking list until one is chosen', () => {
    const query = driveQueryOf(new URLSearchParams(''));
    expect(listPayload(query)).toMatchObject({ statusDate: 1, pageNum: 1 });
    expect(listPayload(query, true)).not.toHaveProperty('statusDate');
  });
});
