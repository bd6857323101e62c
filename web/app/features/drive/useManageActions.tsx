import { App } from 'antd';
import { errorText } from '../../api/page-data';
import {
  deleteFolder,
  deleteResource,
  folderCounts,
  pinFolder,
  pinResource,
  type DriveRow,
} from './drive-api';
import { isFolderRow } from './DriveTable';

/**
 * 删除 and 置顶 / 取消置顶 of the picked file or folder (intranet.md §4, §5,
 * §8): a folder is counted first to choose the confirm's words; a failed pin
 * shows nothing. `refresh` clears the selection and reads the page again.
 */
export function useManageActions(refresh: () => void) {
  const { message, modal } = App.useApp();

  const confirm = (content: string, work: () => Promise<unknown>) =>
    modal.confirm({
      title: '提示',
      content,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await work();
          message.success('删除成功');
          refresh();
        } catch (err) {
          message.error(errorText(err));
        }
      },
    });

  return {
    remove: async (picked: DriveRow | null) => {
      if (!picked) return void message.error('请选择文件或文件夹');
      if (!isFolderRow(picked)) {
        const id = picked.resourcesId ?? 0;
        confirm('是否删除该文件?', () => deleteResource(id));
        return;
      }
      const target = picked.fid ?? 0;
      let inside: Array<{ fnum: number }>;
      try {
        inside = await folderCounts(target);
      } catch {
        return void message.error('无法删除该目录');
      }
      const full = inside.some((c) => c.fnum > 0);
      confirm(full ? '该目录底下还有资源是否继续删除?' : '是否删除该目录?', () =>
        deleteFolder(target),
      );
    },
    pin: async (picked: DriveRow | null, pinning: boolean) => {
      if (!picked) return void message.error('请选择文件或文件夹');
      try {
        if (isFolderRow(picked)) await pinFolder(picked.fid ?? 0, pinning);
        else await pinResource(picked.resourcesId ?? 0, pinning);
        // intranet.md §8: unpinning a folder also says 置顶成功.
        message.success(pinning || isFolderRow(picked) ? '置顶成功' : '取消置顶');
        refresh();
      } catch {
        // intranet.md §8: a failed pin shows nothing.
      }
    },
  };
}
