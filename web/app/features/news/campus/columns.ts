/**
 * The campus columns (campus?campusNum=...): news types 15, 16, 17 and 21.
 * The labels are the fallback; the pages show the news type's name from the
 * API (17 sits under 通知公告 in the column tree, and the home grid calls it
 * the office notices).
 */
export const CAMPUS_COLUMNS = [
  { campusNum: 15, label: '示范校建设' },
  { campusNum: 16, label: '校务公开' },
  { campusNum: 17, label: '部门公告' },
  { campusNum: 21, label: '课程建设' },
] as const;

/** Course construction: the column with the school-part filter and the exam wording. */
export const COURSE_COLUMN = 21;

export const CAMPUS_NUMS: readonly number[] = CAMPUS_COLUMNS.map((c) => c.campusNum);

/** Each column's name: the API's news type name, else the fallback. */
export function campusLabels(
  types: ReadonlyArray<{ typeId: number; typeName: string }>,
): Record<number, string> {
  return Object.fromEntries(
    CAMPUS_COLUMNS.map((c) => [
      c.campusNum,
      types.find((t) => t.typeId === c.campusNum)?.typeName || c.label,
    ]),
  );
}

export const campusDetailHref = (newId: number, typeId: number) =>
  `/campusDetail?newId=${newId}&campusNum=${typeId}&typeId=${typeId}`;
