/** A row of api/cms/staff/list (and the answer of api/cms/staff/get). */
export interface StaffRow {
  staffId: number;
  staffCode: string;
  staffName: string;
  /** 2 teacher, 5 administrator. */
  staffType: number;
  staffTypeName: string;
  /** 1: may review and manage every news item and the school's own content. */
  isPower: number;
  /** '1': administrator of the teaching drive. */
  isAdmin: string;
  email: string | null;
  phone: string | null;
  /** 1 enabled, 0 disabled. */
  status: number;
  sort: number;
  departments: Array<{ deptId: number; deptName: string; isPrimary: number }>;
  deptIds: number[];
  primaryDeptId: number | null;
  /** The departments' names, the primary one first. */
  deptName: string;
  createDate: string;
  updateDate: string;
}

/** The list's filters; undefined means all. */
export interface StaffFilter {
  keyword?: string;
  deptId?: number;
  staffType?: number;
  status?: number;
}
