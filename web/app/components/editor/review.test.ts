import { describe, expect, it } from 'vitest';
import { publicationNote, reviewColor, reviewFilterOf, type ReviewedItem } from './review';

describe('review list filter', () => {
  it('reads the filter the platform home links with', () => {
    expect(
      reviewFilterOf(
        new URLSearchParams(
          'typeId=3&reviewState=submitted&keyword=运动会&mine=1&beginDate=2025-09-01&endDate=2025-09-30',
        ),
      ),
    ).toEqual({
      typeId: 3,
      reviewState: 'submitted',
      keyword: '运动会',
      mine: true,
      beginDate: '2025-09-01',
      endDate: '2025-09-30',
    });
  });

  it('drops a state it does not know and ids that are not positive whole numbers', () => {
    expect(
      reviewFilterOf(new URLSearchParams('typeId=-2&reviewState=gone&mine=yes&beginDate=9月1日')),
    ).toEqual({
      typeId: undefined,
      reviewState: undefined,
      keyword: undefined,
      mine: false,
      beginDate: undefined,
      endDate: undefined,
    });
  });

  it('colours each state as the tags show it', () => {
    expect(reviewColor('rejected')).toBe('error');
    expect(reviewColor('unknown')).toBeUndefined();
  });
});

describe('why an item is (not) on the portal', () => {
  const item = (over: Partial<ReviewedItem>): ReviewedItem => ({
    reviewState: 'approved',
    reviewStateName: '审核通过',
    reviewNote: null,
    ifShelves: 1,
    ifTop: 0,
    live: false,
    createStaff: 1,
    updateDate: '2026-11-28 10:00:00',
    ...over,
  });

  it('names the reason the list and the editor show', () => {
    expect(publicationNote(item({ live: true })).text).toBe('已上架');
    expect(
      publicationNote(item({ scheduled: true, shelvesDate: '2026-11-30 08:00:00' })).text,
    ).toBe('定时上架 · 11月30日 08:00');
    expect(publicationNote(item({ reviewState: 'submitted', ifShelves: 0 })).text).toBe(
      '未上架：审核中',
    );
    expect(publicationNote(item({ reviewState: 'rejected', ifShelves: 0 })).text).toBe(
      '未上架：修改后再提交',
    );
    expect(publicationNote(item({ reviewState: 'draft', ifShelves: 0 })).text).toBe(
      '未上架：尚未提交',
    );
    expect(publicationNote(item({ ifShelves: 0 })).text).toBe('未上架：待上架');
  });
});
