import type {
  ApiBody,
  VideoAdminItem,
  VideoCategory,
  VideoEdit,
  VideoRevision,
} from '@school/common/api';
import { call } from '../../../api/client';
import { consentFields, type ListedKind } from '../../../components/editor/review';
import type { UploadedFile } from '../../../components/editor/uploads';
import type { ContentCalls } from '../../../components/editor/use-content-save';

/** Videos in the review: their list and workflow steps (api/cms/video/*). */
export const VIDEO_KIND: ListedKind<VideoAdminItem> = {
  noun: '视频',
  authorShelves: false,
  editHref: (videoId) => `/cms/video/edit?videoId=${videoId}`,
  list: (query) => call('cms/video/list', query),
  idOf: (row) => row.videoId,
  steps: {
    submit: (videoId, consent) => call('cms/video/submit', { videoId, ...consentFields(consent) }),
    approve: (videoId, consent) =>
      call('cms/video/approve', { videoId, ...consentFields(consent) }),
    reject: (videoId, reason) => call('cms/video/reject', { videoId, reason }),
    shelve: (videoId, consent) => call('cms/video/shelve', { videoId, ...consentFields(consent) }),
    unshelve: (videoId) => call('cms/video/unshelve', { videoId }),
    pin: (videoId, ifTop) => call('cms/video/pin', { videoId, ifTop }),
    remove: (videoId) => call('cms/video/delete', { videoId }),
  },
  batch: {
    approve: (ids) => call('cms/video/batchApprove', { ids: ids.join(',') }),
    unshelve: (ids) => call('cms/video/batchUnshelve', { ids: ids.join(',') }),
    remove: (ids) => call('cms/video/batchDelete', { ids: ids.join(',') }),
  },
};

/** What a video save sends besides the id and the version (the frame adds them). */
export type VideoSave = Omit<ApiBody<'cms/video/save'>, 'videoId' | 'version'>;

/** The editor frame's calls for videos: save, and the versions (api/cms/video/revisions …). */
export const VIDEO_CALLS: ContentCalls<VideoSave, VideoRevision> = {
  save: async (videoId, body, version) =>
    (await call('cms/video/save', { ...body, videoId: videoId ?? undefined, version })).videoId,
  revisions: (videoId) => call('cms/video/revisions', { videoId }),
  revision: (revisionId) => call('cms/video/revision', { revisionId }),
  restore: (videoId, revisionId) => call('cms/video/restore', { videoId, revisionId }),
};

/** One file of a video's catalogue, as the editor keeps it. */
export interface VideoFileValue {
  fileId: number;
  fileName: string;
  url: string;
}

/** The editor form's values. */
export interface VideoFormValues {
  typeId?: number;
  videoTitle: string;
  videoContent: string;
  cover: UploadedFile | null;
  files: VideoFileValue[];
  source: string;
  releaseUser: string;
  enableType: number;
}

export function emptyForm(releaseUser: string): VideoFormValues {
  return {
    typeId: undefined,
    videoTitle: '',
    videoContent: '',
    cover: null,
    files: [],
    source: '',
    releaseUser,
    enableType: 1,
  };
}

export function formOf(item: VideoEdit): VideoFormValues {
  return {
    typeId: item.typeId,
    videoTitle: item.videoTitle,
    videoContent: item.videoContent,
    cover: item.coverFileId
      ? { fileId: item.coverFileId, url: item.imgUrl, thumbUrl: item.thumbUrl, fileName: '封面' }
      : null,
    files: item.files.map((file) => ({ ...file })),
    source: item.source ?? '',
    releaseUser: item.releaseUser ?? '',
    enableType: item.enableType,
  };
}

/**
 * The save call's body (the frame adds the id and version): the catalogue
 * as one JSON field in the order shown, each with the name it is listed
 * under (blank: the uploaded file's name); empty optional fields sent empty
 * so they are cleared.
 */
export function payloadOf(values: VideoFormValues): VideoSave {
  return {
    // Required by the form; 0 is refused with the same message as none.
    typeId: values.typeId ?? 0,
    videoTitle: values.videoTitle.trim(),
    videoContent: values.videoContent,
    coverFileId: values.cover?.fileId ?? 0,
    source: values.source.trim(),
    releaseUser: values.releaseUser.trim(),
    enableType: values.enableType,
    files: JSON.stringify(
      values.files.map((file) => ({ fileId: file.fileId, fileName: file.fileName.trim() })),
    ),
  };
}

/** The fields the version comparison shows, with the names of the form. */
export const REVISION_LABELS: Record<string, string> = {
  videoTitle: '标题',
  typeName: '分类',
  videoContent: '简介',
  imgUrl: '封面',
  fileNames: '视频文件（按顺序）',
  source: '来源',
  releaseUser: '发布人',
  visibility: '可见范围',
};

/** A version or the form in the shape the comparison reads. */
export function comparable(
  item: {
    typeId?: number;
    videoTitle: string;
    videoContent: string;
    imgUrl: string;
    files: Array<{ fileName: string }>;
    source: string | null;
    releaseUser: string | null;
    enableType: number;
  },
  categories: VideoCategory[],
): Record<string, unknown> {
  return {
    videoTitle: item.videoTitle,
    typeName: categories.find((c) => c.typeId === item.typeId)?.typeName ?? '',
    videoContent: item.videoContent,
    imgUrl: item.imgUrl,
    fileNames: item.files.map((file, index) => `${index + 1}. ${file.fileName}`).join('\n'),
    source: item.source ?? '',
    releaseUser: item.releaseUser ?? '',
    visibility: item.enableType === 2 ? '仅校内' : '公开',
  };
}

export function formComparable(values: VideoFormValues, categories: VideoCategory[]) {
  return comparable({ ...values, imgUrl: values.cover?.url ?? '' }, categories);
}

/** The public page of a video (portal.md: videoDetail?videoId=&typeId=). */
export const videoPageHref = (row: { videoId: number; typeId: number }) =>
  `/videoDetail?videoId=${row.videoId}&typeId=${row.typeId}`;
