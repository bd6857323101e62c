import type { Payload } from '../../../api/client';
import type { ReviewKind, ReviewedItem } from '../../../components/editor/review';
import type { UploadedFile } from '../../../components/editor/uploads';

export const NEWS_KIND: ReviewKind = {
  api: 'cms/news',
  idName: 'newId',
  noun: '新闻',
  authorShelves: true,
  editHref: (newId) => `/cms/news/edit?newId=${newId}`,
};

export type FileRole = 'attachment' | 'image' | 'video';

/** A file of an item as the editor keeps it: stored (fileId) or of the old site (legacyPath). */
export interface EditorFile {
  role: FileRole;
  fileId: number | null;
  legacyPath: string | null;
  fileName: string;
  caption: string | null;
  url: string;
  thumbUrl?: string;
}

/** A row of api/cms/news/list. */
export interface CmsNewsRow extends ReviewedItem {
  newId: number;
  typeId: number;
  typeName: string;
  newsTitle: string;
  releaseUser: string | null;
  scheduled: boolean;
  shelvesDate: string;
}

/** A file as the edit forms answer it (news, sub-news). */
export type StoredFile = Omit<EditorFile, 'url'> & { filePath: string };

/** The picture set, video set and attachments of an item, as the form keeps them. */
export interface MediaValues {
  newcontenttype: number;
  pictures: EditorFile[];
  videos: EditorFile[];
  attachments: EditorFile[];
}

export function mediaOf(files: StoredFile[]): Omit<MediaValues, 'newcontenttype'> {
  const listed = files.map(({ filePath, ...file }): EditorFile => ({ ...file, url: filePath }));
  const byRole = (role: FileRole) => listed.filter((file) => file.role === role);
  return { pictures: byRole('image'), videos: byRole('video'), attachments: byRole('attachment') };
}

/** The files the item keeps, in the order shown: the set of its content kind, then attachments. */
export function keptFiles(values: MediaValues): EditorFile[] {
  const sets =
    values.newcontenttype === 2
      ? values.pictures
      : values.newcontenttype === 3
        ? values.videos
        : [];
  return [...(sets ?? []), ...(values.attachments ?? [])];
}

/**
 * The save calls' files field: one JSON list in the order shown, picture or
 * video sets only for their content kind (a kind switched back to 图文 drops
 * them).
 */
export function filesPayload(values: MediaValues): string {
  return JSON.stringify(
    keptFiles(values).map((file) => ({
      role: file.role,
      fileId: file.fileId,
      legacyPath: file.legacyPath,
      fileName: file.fileName,
      caption: file.caption?.trim() || null,
    })),
  );
}

/** api/cms/news/get. */
export interface CmsNewsItem extends ReviewedItem {
  newId: number;
  typeId: number;
  newsTitle: string;
  newsDesc: string;
  newsContent: string;
  newsType: number;
  newcontenttype: number;
  schChange: number | null;
  enableType: number;
  source: string | null;
  releaseUser: string | null;
  coverFileId: number | null;
  imgUrl: string;
  newsUrl: string | null;
  shelvesDate: string;
  files: StoredFile[];
  scheduled: boolean;
  /** The version the item was read at (absent from a server before issue 17). */
  version?: number;
}

/** The editor form's values. */
export interface NewsFormValues extends MediaValues {
  typeId?: number;
  newsTitle: string;
  newsDesc: string;
  newsContent: string;
  newcontenttype: number;
  schChange: number;
  enableType: number;
  source: string;
  releaseUser: string;
  cover: UploadedFile | null;
  newsUrl: string;
  /** 'YYYY-MM-DD HH:mm:ss' Beijing time, or '' for now. */
  shelvesDate: string;
}

export function emptyForm(typeId: number | undefined, releaseUser: string): NewsFormValues {
  return {
    typeId,
    newsTitle: '',
    newsDesc: '',
    newsContent: '',
    newcontenttype: 1,
    schChange: 0,
    enableType: 1,
    source: '',
    releaseUser,
    cover: null,
    newsUrl: '',
    shelvesDate: '',
    pictures: [],
    videos: [],
    attachments: [],
  };
}

export function formOf(item: CmsNewsItem): NewsFormValues {
  return {
    typeId: item.typeId,
    newsTitle: item.newsTitle,
    newsDesc: item.newsDesc,
    newsContent: item.newsContent,
    newcontenttype: item.newcontenttype,
    schChange: item.schChange ?? 0,
    enableType: item.enableType,
    source: item.source ?? '',
    releaseUser: item.releaseUser ?? '',
    cover: item.coverFileId
      ? { fileId: item.coverFileId, url: item.imgUrl, fileName: '封面' }
      : null,
    newsUrl: item.newsUrl ?? '',
    shelvesDate: item.shelvesDate,
    ...mediaOf(item.files),
  };
}

/**
 * The save call's payload (the frame adds the id and version): files as one
 * JSON field (filesPayload), empty optional fields sent empty so they are
 * cleared.
 */
export function payloadOf(values: NewsFormValues): Payload {
  return {
    typeId: values.typeId,
    newsTitle: values.newsTitle.trim(),
    newsDesc: values.newsDesc.trim(),
    newsContent: values.newsContent,
    newcontenttype: values.newcontenttype,
    schChange: values.schChange,
    enableType: values.enableType,
    source: values.source.trim(),
    releaseUser: values.releaseUser.trim(),
    coverFileId: values.cover?.fileId ?? 0,
    newsUrl: values.newsUrl.trim(),
    shelvesDate: values.shelvesDate,
    files: filesPayload(values),
  };
}

/** The fields the version comparison shows, with the names of the form. */
export const REVISION_LABELS: Record<string, string> = {
  newsTitle: '标题',
  newsDesc: '摘要',
  newsContent: '正文',
  source: '来源',
  releaseUser: '发布人',
  shelvesDate: '上架时间',
  enableType: '可见范围（1 公开，2 仅校内）',
  imgUrl: '封面',
  fileNames: '图片、视频与附件',
};

/** A version (api/cms/news/revision) or the form in the shape the comparison reads. */
export function comparable(item: {
  newsTitle: string;
  newsDesc: string;
  newsContent: string;
  source: string | null;
  releaseUser: string | null;
  shelvesDate: string;
  enableType: number;
  imgUrl: string;
  files: Array<{ fileName: string; caption: string | null }>;
}): Record<string, unknown> {
  return {
    ...item,
    source: item.source ?? '',
    releaseUser: item.releaseUser ?? '',
    fileNames: item.files
      .map((file) => (file.caption ? `${file.fileName}（${file.caption}）` : file.fileName))
      .join('、'),
  };
}

export function formComparable(values: NewsFormValues): Record<string, unknown> {
  return comparable({ ...values, imgUrl: values.cover?.url ?? '', files: keptFiles(values) });
}
