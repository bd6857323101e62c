import type { NewsFile } from '@school/common';

export type { NewsDetail, NewsFile, NewsItem } from '@school/common';

export interface Parameter {
  parameterId: number;
  parameteCode: string;
  parameteValue: string;
  parameterName: string;
  parameterType: string;
  pic: string | null;
}

export interface Department {
  deptId: number;
  deptName: string;
  parentId: number | null;
  ifSelect: number;
}

export interface SubjectNewsItem {
  subjectNewId: number;
  newId: number;
  newsTitle: string;
  statusDate: string;
  createDate: string;
  flowerCount: number;
  viewCount: number;
}

export interface SubjectNewsDetail {
  subjectNewId: number;
  newId: number;
  typeId: number;
  newsTitle: string;
  newsContent: string;
  newcontenttype: number;
  source: string | null;
  releaseUser: string | null;
  createStaff: number | null;
  parentCreateStaff: number | null;
  viewCount: number;
  flowerCount: number;
  statusDate: string;
  createDate: string;
  fileList: NewsFile[];
  imgOrViewList: NewsFile[];
}

export interface FootprintRow {
  userId: number | null;
  userName: string;
  roleId: number;
  landingtime: string;
  ipaccess: string;
}

export interface OperLogRow {
  userId: number | null;
  staffName: string;
  landingtime: string;
  ipaccess: string;
  operType: string;
}

export interface CoverItem {
  coverUrl: string;
  coverTitle: string;
  newsUrl: string | null;
}
