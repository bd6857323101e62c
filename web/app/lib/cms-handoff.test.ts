import { handoffSign, type HandoffFields } from '@school/common';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from './session';
import { canAddSubjectNews, handoffBody } from './cms-handoff';

const user = (staffId: number, isPower: number): StoredUser =>
  ({
    token: 'tok',
    staffId,
    staffName: '林晓雯',
    staffType: isPower ? 5 : 2,
    staffCode: 'teacher',
    isPower,
  }) as StoredUser;

describe('canAddSubjectNews', () => {
  it('lets administrators and the topic creator add', () => {
    expect(canAddSubjectNews(user(1, 1), 9)).toBe(true);
    expect(canAddSubjectNews(user(9, 0), 9)).toBe(true);
  });
  it('refuses other teachers and anonymous visitors', () => {
    expect(canAddSubjectNews(user(3, 0), 9)).toBe(false);
    expect(canAddSubjectNews(user(3, 0), null)).toBe(false);
    expect(canAddSubjectNews(null, 9)).toBe(false);
  });
});

describe('handoffBody', () => {
  it('signs a new sub-news request: visitType 29 with the topic, without subjectNewId', () => {
    const body = handoffBody(user(9, 0), { visitType: 29, newId: 212 }, 1_700_000_000_000);
    const fields: HandoffFields = {
      staffType: 2,
      staffId: 9,
      staffCode: 'teacher',
      signStatus: 'P',
      TIMESTAMP: 1_700_000_000_000,
      token: 'tok',
      visitType: 29,
      newId: 212,
    };
    expect(Object.fromEntries(body)).toEqual({
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      sign: handoffSign(fields),
    });
    expect(body.has('subjectNewId')).toBe(false);
  });
});
