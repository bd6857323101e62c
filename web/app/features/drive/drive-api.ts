import type {
  Comment,
  DictionaryValue,
  DriveRow,
  FolderNode,
  ResourceDetail,
} from '@school/common/api';
import { call, type ApiBody } from '../../api/client';
import type { ListPage } from '../../api/page-data';

/** The calls of the drive's pages (common/src/api/drive.ts), typed. */

export type { DriveRow, FolderNode, ResourceDetail, Comment };
export type DriveList = ListPage<DriveRow>;
export type Dictionary = DictionaryValue[];

export const RESOURCES_TYPE = 'RESOURCES_TYPE' as const;
export const RESOURCES_FILE_TYPE = 'RESOURCES_FILE_TYPE' as const;

export const dictionary = (dicCode: typeof RESOURCES_TYPE | typeof RESOURCES_FILE_TYPE) =>
  call('dictionary/list', { dicCode });

export const folderTree = (sType = 0) => call('resources/getFolderTree', { fId: 0, sType });

export const folderInfo = (fId: number) => call('resources/getFolderInfo', { fId });

export const resourceDetail = (resourcesId: number) =>
  call('resources/getResourcesDetail', { resourcesId });

/** Opens a download's address (the file cookie carries the session). */
function openDownload(address: string) {
  const link = document.createElement('a');
  link.href = address;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** 下载: the call counts the download and answers the address, which the browser then opens. */
export async function downloadResource(resourcesId: number) {
  openDownload(await call('resources/download', { resourcesId }));
}

/**
 * 打包下载 of files and folders as one zip: asks what it would hold first
 * (each item the drive's read rule, the bounds) and starts it only when
 * allowed; answers what was asked, `reason` saying why not.
 */
export async function downloadZip(selection: { resourcesId: number[]; fId: number[] }) {
  const fields = { resourcesId: selection.resourcesId.join(','), fId: selection.fId.join(',') };
  const info = await call('resources/selectionZipInfo', fields);
  if (info.allowed) openDownload(`/api/resources/selectionZip?${new URLSearchParams(fields)}`);
  return info;
}

/** 分享 with its options as the form sends them ('' = not given). */
/** 分享 of a folder: the link lends what is below it, as the files are at each visit. */
export const shareFolder = (
  fId: number,
  options: { needCode: '0' | '1'; expireDays: string; maxDownloads: string },
) => call('resources/shareFolder', { fId, ...options });

export const shareResource = (
  resourcesId: number,
  options: { needCode: '0' | '1'; expireDays: string; maxDownloads: string } = {
    needCode: '1',
    expireDays: '7',
    maxDownloads: '',
  },
) => call('resources/share', { resourcesId, ...options });

/** 取消分享 of one of 我的分享 (resId: the share). */
export const cancelShare = (resId: number) => call('resources/cancelShare', { resId });

export const addFavourite = (resourcesId: number) =>
  call('resources/addFavorites', { resourcesId });
export const removeFavourite = (resourcesId: number) =>
  call('resources/delFavorites', { resourcesId });

export const giveLike = (resourcesId: number) =>
  call('resources/giveLike', { resourcesId, givelikeType: 1 });

export const comments = (resourcesId: number) =>
  call('resources/getComments', { resourcesId, pageNum: 1, pageSize: 100 });
export const addComment = (resourcesId: number, content: string) =>
  call('resources/addComment', { resourcesId, content });
export const deleteComment = (resId: number) => call('resources/delComment', { resId });

/** One file, or several comma-joined ('3,5,8'): all or none. */
export const deleteResource = (resourcesId: number | string) =>
  call('resources/delResource', { resourcesId: String(resourcesId) });

export const pinResource = (resourcesId: number, pin: boolean) =>
  call(pin ? 'resources/topResource' : 'resources/untopResource', { resourcesId });
export const pinFolder = (fId: number, pin: boolean) =>
  call(pin ? 'resources/topFolder' : 'resources/untopFolder', { fId });

export const folderCounts = (fId: number) => call('resources/getFolderNum', { fId });
export const deleteFolder = (fId: number) => call('resources/delFolder', { fId });

export const addFolder = (body: {
  fSuperId: number;
  fName: string;
  fDesc?: string;
  sType: number;
}) => call('resources/addFolder', body);
export const renameFolder = (body: { fId: number; fName: string; fDesc?: string }) =>
  call('resources/renameFolder', body);

export const editResource = (body: ApiBody<'resources/editResource'>) =>
  call('resources/editResource', body);

export const moveItem = (body: ApiBody<'resources/moveResource'>) =>
  call('resources/moveResource', body);

export const addResource = (body: ApiBody<'resources/addResource'>) =>
  call('resources/addResource', body);
export const batchAddResource = (body: ApiBody<'resources/batchAddResource'>) =>
  call('resources/batchAddResource', body);
