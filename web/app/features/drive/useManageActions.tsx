import { App } from 'antd';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/page-data';
import {
  deleteFolder,
  deleteResource,
  folderCounts,
  moveItem,
  pinFolder,
  pinResource,
  type DriveRow,
} from './drive-api';
import { isFolderRow } from './DriveTable';

/** Where 移动到 / 复制到公共盘 sends the checked rows (moveResource's fields). */
export interface MoveTarget {
  moveType: 0 | 1 | 2;
  fIdOld: number;
  fIdNew: number;
  sType: 0 | 1;
}

/**
 * 删除, 移动到 and 置顶 / 取消置顶 of the checked files and folders
 * (intranet.md §4, §5, §8). One item keeps the spec's confirm texts (a folder
 * is counted first to choose them); several are confirmed once and done one
 * after another, the server deciding each (a refusal stops there and says how
 * many were done). 置顶 takes one item; a failed pin shows nothing. `refresh`
 * clears the selection and reads the page again.
 */
/** Deleted items wait in the 回收站 (DRIVE_TRASH_DAYS, 30 by default) before they go for good. */
export const RESTORABLE = '（30 天内可还原）';

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
          message.success('已移入回收站');
        } catch (err) {
          message.error(errorText(err));
        }
        refresh();
      },
    });

  /** Runs `work` for each row in turn; a refusal names how many were done before it. */
  const each = async (rows: DriveRow[], work: (row: DriveRow) => Promise<unknown>) => {
    let done = 0;
    for (const row of rows) {
      try {
        await work(row);
        done += 1;
      } catch (err) {
        const name = row.fname ?? row.resourcesName;
        const prefix = done ? `已完成 ${done} 项；` : '';
        throw new ApiError(0, `${prefix}“${name}”：${errorText(err)}`);
      }
    }
  };

  const removeOne = async (picked: DriveRow) => {
    if (!isFolderRow(picked)) {
      const id = picked.resourcesId ?? 0;
      confirm(`是否将该文件移入回收站?${RESTORABLE}`, () => deleteResource(id));
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
    confirm(
      full
        ? `该目录底下还有资源，是否连同其中的资源移入回收站?${RESTORABLE}`
        : `是否将该目录移入回收站?${RESTORABLE}`,
      () => deleteFolder(target),
    );
  };

  return {
    remove: async (rows: DriveRow[]) => {
      const [first] = rows;
      if (!first) return void message.error('请选择文件或文件夹');
      if (rows.length === 1) return removeOne(first);
      const folders = rows.filter(isFolderRow);
      const files = rows.filter((row) => !isFolderRow(row));
      confirm(
        folders.length
          ? `是否将选中的 ${rows.length} 项移入回收站？其中文件夹底下的资源也一并移入${RESTORABLE}`
          : `是否将选中的 ${rows.length} 个文件移入回收站?${RESTORABLE}`,
        async () => {
          // The files in one call (all or none), then each folder.
          if (files.length) {
            await deleteResource(files.map((row) => row.resourcesId ?? 0).join(','));
          }
          await each(folders, (row) => deleteFolder(row.fid ?? 0));
        },
      );
    },
    /** Moves (or copies) each checked row to `target`; answers whether all went. */
    move: async (rows: DriveRow[], target: MoveTarget) => {
      try {
        await each(rows, (row) =>
          moveItem({
            ...(isFolderRow(row) ? { fId: row.fid ?? 0 } : { resourcesId: row.resourcesId ?? 0 }),
            ...target,
          }),
        );
        message.success(target.moveType === 1 ? '复制成功' : '移动成功');
        return true;
      } catch (err) {
        message.error(errorText(err));
        return false;
      } finally {
        refresh();
      }
    },
    pin: async (rows: DriveRow[], pinning: boolean) => {
      const [picked] = rows;
      if (!picked) return void message.error('请选择文件或文件夹');
      if (rows.length > 1) return void message.error('置顶一次只能选择一项');
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
