import { App, Button, Input, Modal, Space } from 'antd';

/** 分享: the link on this site's address with 复制 (复制成功). */
export function ShareDialog({ link, onClose }: { link: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link ?? '');
      message.success('复制成功');
    } catch {
      message.error('复制失败，请手动复制');
    }
  };
  return (
    <Modal title="分享" open={link !== null} onCancel={onClose} footer={null} destroyOnHidden>
      <p>分享链接：</p>
      <Space.Compact className="drive-share-link">
        <Input
          readOnly
          value={link ?? ''}
          aria-label="分享链接"
          onFocus={(e) => e.target.select()}
        />
        <Button type="primary" onClick={() => void copy()}>
          复制
        </Button>
      </Space.Compact>
    </Modal>
  );
}
