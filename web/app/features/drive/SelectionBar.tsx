import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/**
 * The bar over a drive list while rows are checked: how many, 下载 (one file
 * directly, else one zip) and, where the person may, 移动到 and 删除 (the
 * server decides each item; the page only offers what the person's role
 * allows).
 */
export function SelectionBar({
  count,
  onDownload,
  onMove,
  onRemove,
  onClear,
}: {
  count: number;
  onDownload: () => void;
  onMove?: () => void;
  onRemove?: () => void;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <div className="drive-selection-bar" role="toolbar" aria-label="已选项目的操作">
      <span className="drive-selection-count" aria-live="polite">
        已选 {count} 项
      </span>
      <Button
        type="primary"
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        onClick={onDownload}
      >
        下载
      </Button>
      {onMove && (
        <Button size="small" onClick={onMove}>
          移动到
        </Button>
      )}
      {onRemove && (
        <Button size="small" danger onClick={onRemove}>
          删除
        </Button>
      )}
      <Button size="small" type="link" onClick={onClear}>
        取消选择
      </Button>
    </div>
  );
}
