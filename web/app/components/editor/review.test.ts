import { describe, expect, it } from 'vitest';
import { reviewColor, reviewFilterOf } from './review';

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
