import { App, Button, Checkbox, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import type { ApiData } from '../../api/client';
import { errorText } from '../../api/page-data';
import { shareFolder, shareResource } from './drive-api';
import { shareAddress } from './drive-data';

type Made = ApiData<'resources/share'>;

const EXPIRY = [
  { value: '1', label: '1天' },
  { value: '7', label: '7天' },
  { value: '30', label: '30天' },
  { value: '0', label: '永久' },
] as const;

/** The words 复制 puts on the clipboard: the link, and its code when it has one. */
export const shareText = (link: string, extractCode: string | null) =>
  extractCode ? `链接：${link} 提取码：${extractCode}` : link;

/** What 分享 makes a link to: a file or a folder. */
export type ShareTarget = { kind: 'file' | 'folder'; id: number };

/**
 * 分享 (issue 19): the link's options (需要提取码, 有效期, 下载次数上限),
 * then the link on this site's address and its code, with 复制. A folder's
 * link shows its files as they are at each visit.
 */
export function ShareDialog({
  target,
  onClose,
}: {
  target: ShareTarget | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [needCode, setNeedCode] = useState(true);
  const [expireDays, setExpireDays] = useState<string>('7');
  const [maxDownloads, setMaxDownloads] = useState<number | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setMade(null);
    setNeedCode(true);
    setExpireDays('7');
    setMaxDownloads(null);
    onClose();
  };

  const create = async () => {
    if (target === null) return;
    setBusy(true);
    const options = {
      needCode: needCode ? ('1' as const) : ('0' as const),
      expireDays,
      maxDownloads: maxDownloads === null ? '' : String(maxDownloads),
    };
    try {
      setMade(
        target.kind === 'folder'
          ? await shareFolder(target.id, options)
          : await shareResource(target.id, options),
      );
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const link = made ? shareAddress(window.location.origin, made.url) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareText(link, made?.extractCode ?? null));
      message.success('复制成功');
    } catch {
      message.error('复制失败，请手动复制');
    }
  };

  return (
    <Modal
      title="分享"
      open={target !== null}
      onCancel={close}
      footer={
        made ? (
          <Button onClick={close}>关闭</Button>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Button type="primary" loading={busy} onClick={() => void create()}>
              创建链接
            </Button>
          </Space>
        )
      }
      destroyOnHidden
    >
      {made ? (
        <div className="drive-share-made">
          <p>分享链接：</p>
          <Space.Compact className="drive-share-link">
            <Input readOnly value={link} aria-label="分享链接" onFocus={(e) => e.target.select()} />
            <Button type="primary" onClick={() => void copy()}>
              复制
            </Button>
          </Space.Compact>
          {made.extractCode ? (
            <p className="drive-share-code">
              提取码：<strong aria-label="提取码">{made.extractCode}</strong>
            </p>
          ) : (
            <p className="muted">任何人打开链接即可查看和下载</p>
          )}
          <p className="muted">
            {expireDays === '0' ? '永久有效' : `${expireDays}天内有效`}
            {maxDownloads ? `，最多下载 ${maxDownloads} 次` : ''}
          </p>
        </div>
      ) : (
        <div className="drive-share-options">
          {target?.kind === 'folder' && (
            <p className="muted">
              分享文件夹：打开链接可以浏览该文件夹及其下级，预览和下载其中的文件；之后放入的文件也会显示，他人的私有文件不会显示。
            </p>
          )}
          <Checkbox checked={needCode} onChange={(e) => setNeedCode(e.target.checked)}>
            需要提取码
          </Checkbox>
          <div className="drive-share-option">
            <span id="share-expiry">有效期：</span>
            <Radio.Group
              aria-labelledby="share-expiry"
              value={expireDays}
              onChange={(e) => setExpireDays(e.target.value as string)}
              options={EXPIRY.map((item) => ({ ...item }))}
            />
          </div>
          <div className="drive-share-option">
            <label htmlFor="share-max-downloads">下载次数上限：</label>
            <InputNumber
              id="share-max-downloads"
              min={1}
              max={10000}
              precision={0}
              placeholder="不限"
              value={maxDownloads}
              onChange={(value) => setMaxDownloads(typeof value === 'number' ? value : null)}
            />
          </div>
        </div>
      )}
    </Modal>
  );
}
