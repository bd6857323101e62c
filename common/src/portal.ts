/**
 * Answers of the portal's API as the pages read them: one definition for the
 * server that builds them and the pages that show them.
 */

/** A news item in a list (api/news/getNewsList and friends). */
export interface NewsItem {
  newId: number;
  typeId: number;
  typeName: string;
  newsTitle: string;
  newsDesc: string;
  newsType: number;
  newcontenttype: number;
  ifTop: number;
  schChange: number | null;
  enableType: number;
  source: string | null;
  releaseUser: string | null;
  createStaff: number | null;
  viewCount: number;
  flowerCount: number;
  imgUrl: string;
  newsUrl: string | null;
  shelvesDate: string;
  statusDate: string;
  createDate: string;
}

/** An attachment (fileList) or a carousel picture or video (imgOrViewList). */
export interface NewsFile {
  fileId: number | null;
  fileName: string;
  filePath: string;
  oldfile: number;
  caption: string | null;
}

export interface NewsDetail extends NewsItem {
  newsContent: string;
  /**
   * Whether the public sees it now (approved, on the shelf, due). Only its
   * author and administrators can read an item that is not: a preview.
   */
  published: boolean;
  fileList: NewsFile[];
  imgOrViewList: NewsFile[];
}

/** A school-introduction page (api/wwfz/getWwfzDetails). */
export interface IntroPageItem {
  wwfzId: number;
  wwfzType: number;
  wwfzTitle: string;
  enWwfzTitle: string | null;
  wwfzDesc: string;
  wwfzCont: string;
  wwfzPic: string;
  createDate: string;
}

/**
 * A person (api/fmsm/getFmsmDetails). For principals: fmsmTitle is the name,
 * post the post, plateType the school's name at the time, fmsmDesc the
 * education and brith the tenure.
 */
export interface PersonItem {
  fmsmId: number;
  fmsmType: number;
  fmsmTitle: string;
  fmsmDesc: string;
  fmsmCont: string;
  fmsmPic: string;
  post: string | null;
  plateType: string | null;
  brith: string | null;
}
