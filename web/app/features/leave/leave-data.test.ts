import { describe, expect, it } from 'vitest';
import { periodText, todoEntries } from './leave-data';

describe('the leave pages', () => {
  it('show a period with its halves', () => {
    expect(
      periodText({ startDate: '2026-03-09', startHalf: 2, endDate: '2026-03-10', endHalf: 1 }),
    ).toBe('2026-03-09 下午 至 2026-03-10 上午');
  });

  it('show a to-do entry only above 0, each with its hand-off', () => {
    expect(todoEntries({ leaveNum: 0, picNum: 0, virusNum: 0 })).toEqual([]);
    expect(todoEntries({ leaveNum: 2, picNum: 0, virusNum: 0 })).toEqual([
      { label: '请假审批', count: 2, visitType: 21 },
    ]);
    expect(
      todoEntries({ leaveNum: 0, picNum: 5, virusNum: 1 }).map((e) => [e.label, e.visitType]),
    ).toEqual([
      ['图片审核', 22],
      ['病毒检测', 23],
    ]);
  });
});
