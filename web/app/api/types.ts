export type { NewsDetail, NewsFile, NewsItem } from '@school/common';
/** The answers' types come from the API contract (common/src/api), written once with the server. */
export type {
  Department,
  SubjectNewsItem,
  SubjectNewsDetail,
  NewsFootprint as FootprintRow,
  BannerItem as CoverItem,
  OperLogItem as OperLogRow,
  Parameter,
} from '@school/common/api';
