import type { Payload } from '../../../api/client';
import type { ReviewKind, ReviewedItem } from '../../../components/editor/review';
import type { UploadedFile } from '../../../components/editor/uploads';

export const VIDEO_KIND: ReviewKind = {
  api: 'cms/video',
  idName: 'videoId',
  noun: '视频',
  authorShelves: false,
  editHref: (videoId) => `/cms/video/edit?videoId=${videoId}`,
};

/** A row of api/cms/video/list. */
export interface CmsVideoRow extends ReviewedItem {
  videoId: number;
  typeId: number;
  typeName: string;
  videoTitle: string;
  imgUrl: string;
  thumbUrl: string;
  enableType: number;
  releaseUser: string | null;
  createStaffName: string;
  fileCount: number;
  createDate: string;
}

/** One file of a video's catalogue, as the editor keeps it. */
export interface VideoFileValue {
  fileId: number;
  fileName: string;
  url: string;
}

/** api/cms/video/get (and, without the state, api/cms/video/revision). */
export interface CmsVideoItem extends ReviewedItem {
  videoId: number;
  typeId: number;
  videoTitle: string;
  videoContent: string;
  coverFileId: number | null;
  imgUrl: string;
  thumbUrl: string;
  source: string | null;
  releaseUser: string | null;
  enableType: number;
  files: VideoFileValue[];
  /** The version the video was read at (absent from a server before issue 17). */
  version?: number;
}

/** A video category (api/video/getVideoTypeList, api/cms/videoType/list). */
export interface VideoCategory {
  typeId: number;
  typeName: string;
  sort?: number;
  videoCount?: number;
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

export function formOf(item: CmsVideoItem): VideoFormValues {
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
 * The save call's payload (the frame adds the id and version): the catalogue
 * as one JSON field in the order shown, each with the name it is listed
 * under (blank: the uploaded file's name); empty optional fields sent empty
 * so they are cleared.
 */
export function payloadOf(values: VideoFormValues): Payload {
  return {
    typeId: values.typeId,
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
