import { App } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/page-data';
import { addFavourite, downloadResource, downloadZip, type DriveRow } from './drive-api';
import { isFolderRow } from './DriveTable';
import { ShareDialog, type ShareTarget } from './ShareDialog';

/**
 * 收藏, 下载 and 分享 of the checked rows (intranet.md §5 "File actions"):
 * 收藏 takes one file (请选择文件; a folder refused with the spec's message);
 * 分享 one file or one folder (a folder's link lends what is below it);
 * 下载 takes one file directly, and a folder or several items as one zip
 * (issue 18). Each answers whether it worked, so the page clears its
 * selection.
 */
export function useFileActions() {
  const { message } = App.useApp();
  const [sharing, setSharing] = useState<ShareTarget | null>(null);

  const fileOf = (rows: DriveRow[], folderMessage: string): number | null => {
    const [row] = rows;
    if (!row) {
      message.error('请选择文件');
      return null;
    }
    if (rows.length > 1) {
      message.error('请只选择一个文件');
      return null;
    }
    if (isFolderRow(row) || row.resourcesId === null) {
      message.error(folderMessage);
      return null;
    }
    return row.resourcesId;
  };

  const run = async (work: () => Promise<unknown>, done: string | null) => {
    try {
      await work();
      if (done) message.success(done);
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    }
  };

  /** The zip of `rows`, asked first so a refusal shows here in words, not as a failed download. */
  const zip = (rows: DriveRow[]) =>
    run(async () => {
      const info = await downloadZip({
        resourcesId: rows.filter((row) => !isFolderRow(row)).map((row) => row.resourcesId ?? 0),
        fId: rows.filter(isFolderRow).map((row) => row.fid ?? 0),
      });
      if (info.allowed) message.success(`正在打包下载：${info.fileCount} 个文件`);
      else throw new ApiError(413, info.reason ?? '无法打包下载');
    }, null);

  return {
    favourite: async (rows: DriveRow[]) => {
      const id = fileOf(rows, '不能收藏文件夹');
      return id !== null && run(() => addFavourite(id), '收藏成功');
    },
    download: async (rows: DriveRow[]) => {
      const [row] = rows;
      if (!row) {
        message.error('请选择文件或文件夹');
        return false;
      }
      if (rows.length === 1 && !isFolderRow(row) && row.resourcesId !== null) {
        const id = row.resourcesId;
        return run(() => downloadResource(id), null);
      }
      return zip(rows);
    },
    /** 下载 on a folder's row: the folder as one zip. */
    downloadFolder: (row: DriveRow) => void zip([row]),
    /** 分享 on a folder's row. */
    shareFolder: (row: DriveRow) => {
      if (row.fid !== null) setSharing({ kind: 'folder', id: row.fid });
    },
    share: async (rows: DriveRow[]) => {
      const [row] = rows;
      // A folder's row: its link, when it is the only one chosen.
      if (row && rows.length === 1 && isFolderRow(row) && row.fid !== null) {
        setSharing({ kind: 'folder', id: row.fid });
        return true;
      }
      const id = fileOf(rows, '请只选择一个文件或文件夹');
      if (id === null) return false;
      // The dialog asks the link's options, then makes it.
      setSharing({ kind: 'file', id });
      return true;
    },
    shareDialog: <ShareDialog target={sharing} onClose={() => setSharing(null)} />,
  };
}
