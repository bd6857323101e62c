import { App } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/page-data';
import { addFavourite, downloadResource, shareResource, type DriveRow } from './drive-api';
import { shareAddress } from './drive-data';
import { isFolderRow } from './DriveTable';
import { ShareDialog } from './ShareDialog';

/**
 * 收藏, 下载 and 分享 of the picked row (intranet.md §5 "File actions"): a
 * file is needed (请选择文件); folders are refused with the spec's messages.
 * Each answers whether it worked, so the page clears its selection.
 */
export function useFileActions() {
  const { message } = App.useApp();
  const [link, setLink] = useState<string | null>(null);

  const fileOf = (row: DriveRow | null, folderMessage: string): number | null => {
    if (!row) {
      message.error('请选择文件');
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

  return {
    favourite: async (row: DriveRow | null) => {
      const id = fileOf(row, '不能收藏文件夹');
      return id !== null && run(() => addFavourite(id), '收藏成功');
    },
    download: async (row: DriveRow | null) => {
      const id = fileOf(row, '不能下载文件夹');
      return id !== null && run(() => downloadResource(id), null);
    },
    share: async (row: DriveRow | null) => {
      const id = fileOf(row, '不能分享文件夹');
      return (
        id !== null &&
        run(async () => {
          const answer = await shareResource(id);
          setLink(shareAddress(window.location.origin, answer.url));
        }, null)
      );
    },
    shareDialog: <ShareDialog link={link} onClose={() => setLink(null)} />,
  };
}
