import { Modal, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useApiData } from '../../api/page-data';
import type { FolderNode } from './drive-api';

const toNodes = (folders: FolderNode[]): DataNode[] =>
  folders.map((folder) => ({
    key: folder.fid,
    title: `${folder.fname}（${folder.fnum}）`,
    children: toNodes(folder.childList),
  }));

/**
 * A folder tree of a space in a dialog: 快速定位 opens the chosen folder, 移动到
 * picks a target (intranet.md §2: 点击按钮下拉，点击文字选择文件夹).
 */
export function FolderTreePicker({
  open,
  title,
  sType,
  okText,
  hint,
  confirmLoading,
  onPick,
  onClose,
  pickOnClick = false,
  topLabel,
}: {
  open: boolean;
  title: string;
  sType: 0 | 1;
  okText?: string;
  hint?: string;
  confirmLoading?: boolean;
  /** The chosen folder (0: the top of my disk, when `topLabel` offers it). */
  onPick: (fid: number) => void;
  onClose: () => void;
  /** 快速定位: a click on a name goes there at once. */
  pickOnClick?: boolean;
  /** My disk's top as a choice (我的网盘). */
  topLabel?: string;
}) {
  const { data, loading } = useApiData(
    open ? 'resources/getFolderTree' : null,
    { fId: 0, sType },
    [],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const nodes = toNodes(data ?? []);
  const treeData = topLabel ? [{ key: 0, title: topLabel, children: nodes }] : nodes;

  return (
    <Modal
      title={title}
      open={open}
      onCancel={() => {
        setChosen(null);
        onClose();
      }}
      onOk={() => {
        if (chosen !== null) onPick(chosen);
      }}
      okText={okText ?? '确定'}
      cancelText="取消"
      okButtonProps={{ disabled: chosen === null, hidden: pickOnClick }}
      confirmLoading={confirmLoading}
      destroyOnHidden
      loading={loading}
    >
      {hint && <p className="muted">{hint}</p>}
      {treeData.length === 0 ? (
        <p className="muted">暂无文件夹</p>
      ) : (
        <Tree
          className="drive-tree"
          treeData={treeData}
          defaultExpandedKeys={topLabel ? [0] : []}
          selectedKeys={chosen === null ? [] : [chosen]}
          onSelect={(keys) => {
            const fid = keys.length ? Number(keys[0]) : null;
            setChosen(fid);
            if (pickOnClick && fid !== null) onPick(fid);
          }}
        />
      )}
    </Modal>
  );
}
