import type { ApiData } from '@school/common/api';
import type { BannerItem, VideoDetail, VideoFileItem, VideoItem } from '@school/common/api';
import type { Transport } from '../../../api/client';
import { intParam, load, pageOr, type Loaded, type Page } from '../../../api/load';

/** A video category (api/video/getVideoTypeList). */
export type VideoType = ApiData<'video/getVideoTypeList'>[number];

/** A video in a list (api/video/getVideoList), a video's page (api/video/getVideoDetails). */
export type { VideoDetail, VideoItem };

/** One file of a video's catalogue (api/video/getVideoFiles). */
export type VideoFile = VideoFileItem;

export const VIDEO_PAGE_SIZE = 6;
export const VIDEO_FILES_PAGE_SIZE = 12;
const RELATED_SIZE = 10;

/** On the shelf and approved: what the public video lists always ask for (portal spec §4). */
const LISTED = { ifShelves: 'A', checkStatus: 'A' } as const;

export interface VideoCentreData {
  types: VideoType[];
  /** The chosen category, 0 for 全部. */
  typeId: number;
  pageNum: number;
  page: Page<VideoItem>;
  cover: BannerItem | undefined;
}

/** The video centre (video?typeId=&pageNum=): categories, one page of videos, the cover. */
export async function loadVideoCentre(transport: Transport, url: string): Promise<VideoCentreData> {
  const pageNum = intParam(url, 'pageNum', 1);
  const types = await load(transport, 'video/getVideoTypeList', { parentId: 0 });
  const typeList = types.ok ? types.data : [];
  const asked = intParam(url, 'typeId', 0);
  const typeId = typeList.some((t) => t.typeId === asked) ? asked : 0;
  const [page, cover] = await Promise.all([
    load(transport, 'video/getVideoList', {
      ...LISTED,
      typeId: typeId || undefined,
      pageNum,
      pageSize: VIDEO_PAGE_SIZE,
    }),
    load(transport, 'coverPic/getCoverPic', { typeId: 9 }),
  ]);
  return {
    types: typeList,
    typeId,
    pageNum,
    page: pageOr(page),
    cover: cover.ok ? cover.data[0] : undefined,
  };
}

export interface VideoPageData {
  videoId: number;
  /** The category of the page's address, for the breadcrumb while the video is unknown. */
  typeId: number;
  detail: Loaded<VideoDetail>;
  files: Page<VideoFile>;
  filePage: number;
  /** The catalogue position (1-based) the address asks the player to start with (fileNo). */
  fileNo: number;
  related: VideoItem[];
}

/**
 * A video page's data (videoDetail?videoId=&typeId=): the video, one page of
 * its catalogue (filePage) and other videos of its category. Used by the
 * server loader (anonymous) and, for a logged-in visitor, by the client
 * loader with the visitor's token, so staff-only videos open for staff.
 */
export async function loadVideoPage(transport: Transport, url: string): Promise<VideoPageData> {
  const videoId = intParam(url, 'videoId', 0);
  const filePage = intParam(url, 'filePage', 1);
  const detail = videoId
    ? await load(transport, 'video/getVideoDetails', { videoId })
    : ({ ok: false, status: 404, message: '视频不存在或已下架' } as const);
  const typeId = detail.ok ? detail.data.typeId : intParam(url, 'typeId', 0);
  const [files, related] = await Promise.all([
    detail.ok
      ? load(transport, 'video/getVideoFiles', {
          videoId,
          pageNum: filePage,
          pageSize: VIDEO_FILES_PAGE_SIZE,
        })
      : null,
    load(transport, 'video/getVideoList', {
      ...LISTED,
      typeId: typeId || undefined,
      pageNum: 1,
      pageSize: RELATED_SIZE,
    }),
  ]);
  return {
    videoId,
    typeId,
    detail,
    files: files ? pageOr(files) : { total: 0, list: [] },
    filePage,
    fileNo: intParam(url, 'fileNo', 0),
    related: related.ok ? related.data.list : [],
  };
}

/** Where a video opens (in a new tab, portal spec §2). */
export const videoDetailHref = (video: Pick<VideoItem, 'videoId' | 'typeId'>): string =>
  `/videoDetail?videoId=${video.videoId}&typeId=${video.typeId}`;
