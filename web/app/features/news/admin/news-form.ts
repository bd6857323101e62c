import type {
  ApiBody,
  NewsAdminItem,
  NewsEditFile,
  NewsEditForm,
  NewsRevision,
} from '@school/common/api';
import { call } from '../../../api/client';
import {
  consentFields,
  type ListedKind,
  type ReviewQuery,
} from '../../../components/editor/review';
import type { UploadedFile } from '../../../components/editor/uploads';
import type { ContentCalls } from '../../../components/editor/use-content-save';

/** The platform's news list (api/cms/news/list); `media` 1: picture and video sets only. */
export const listNews = ({ mine, ...query }: ReviewQuery & { media?: 1 }) =>
  call('cms/news/list', { ...query, mine: mine === 1 ? true : undefined });

/** News in the review: its list and workflow steps (api/cms/news/*). */
export const NEWS_KIND: ListedKind<NewsAdminItem> = {
  noun: '新闻',
  authorShelves: true,
  editHref: (newId) => `/cms/news/edit?newId=${newId}`,
  list: listNews,
  idOf: (row) => row.newId,
  steps: {
    submit: (newId, consent) => call('cms/news/submit', { newId, ...consentFields(consent) }),
    approve: (newId, consent) => call('cms/news/approve', { newId, ...consentFields(consent) }),
    reject: (newId, reason) => call('cms/news/reject', { newId, reason }),
    shelve: (newId, consent) => call('cms/news/shelve', { newId, ...consentFields(consent) }),
    unshelve: (newId) => call('cms/news/unshelve', { newId }),
    pin: (newId, ifTop) => call('cms/news/pin', { newId, ifTop }),
    remove: (newId) => call('cms/news/delete', { newId }),
  },
  batch: {
    approve: (ids) => call('cms/news/batchApprove', { ids: ids.join(',') }),
    unshelve: (ids) => call('cms/news/batchUnshelve', { ids: ids.join(',') }),
    remove: (ids) => call('cms/news/batchDelete', { ids: ids.join(',') }),
  },
};

/** What a news save sends besides the id and the version (the frame adds them). */
export type NewsSave = Omit<ApiBody<'cms/news/save'>, 'newId' | 'version'>;

/** The editor frame's calls for news: save, and the versions (api/cms/news/revisions …). */
export const NEWS_CALLS: ContentCalls<NewsSave, NewsRevision> = {
  save: async (newId, body, version) =>
    (await call('cms/news/save', { ...body, newId: newId ?? undefined, version })).newId,
  revisions: (newId) => call('cms/news/revisions', { newId }),
  revision: (revisionId) => call('cms/news/revision', { revisionId }),
  restore: (newId, revisionId) => call('cms/news/restore', { newId, revisionId }),
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

/** The picture set, video set and attachments of an item, as the form keeps them. */
export interface MediaValues {
  newcontenttype: number;
  pictures: EditorFile[];
  videos: EditorFile[];
  attachments: EditorFile[];
}

export function mediaOf(files: NewsEditFile[]): Omit<MediaValues, 'newcontenttype'> {
  const listed = files.map(
    ({ role, fileId, legacyPath, fileName, caption, filePath }): EditorFile => ({
      role,
      fileId,
      legacyPath,
      fileName,
      caption,
      url: filePath,
    }),
  );
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

export function formOf(item: NewsEditForm): NewsFormValues {
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
 * The save call's body (the frame adds the id and version): files as one
 * JSON field (filesPayload), empty optional fields sent empty so they are
 * cleared.
 */
export function payloadOf(values: NewsFormValues): NewsSave {
  return {
    // Required by the form; 0 is refused with the same message as none.
    typeId: values.typeId ?? 0,
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
