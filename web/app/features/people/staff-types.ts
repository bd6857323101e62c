import type { ApiData } from '@school/common/api';
/** A row of api/cms/staff/list (and the answer of api/cms/staff/get). */
export type StaffRow = ApiData<'cms/staff/list'>['list'][number];

/** The list's filters; undefined means all. */
export interface StaffFilter {
  keyword?: string;
  deptId?: number;
  staffType?: number;
  status?: number;
}
