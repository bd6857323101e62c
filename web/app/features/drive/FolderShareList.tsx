import type { ApiData } from '@school/common/api';
import { Button, Popconfirm, Table, Tag } from 'antd';
import { shareAddress } from './drive-data';

export type FolderShareLine = ApiData<'resources/getMyFolderShares'>['list'][number];

const STATE_COLOURS: Record<string, string> = {
  有效: 'green',
  已过期: 'default',
  已取消: 'default',
  次数用完: 'orange',
};

/**
 * 我的分享's folder links: each folder, its state with 取消分享, code,
 * expiry, deliveries and the link (复制 on a click), newest first.
 */
export function FolderShareList({
  lines,
  onCancel,
  onCopy,
}: {
  lines: FolderShareLine[];
  onCancel: (resId: number) => void;
  onCopy: (url: string, extractCode: string | null) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <section className="drive-folder-shares" aria-labelledby="drive-folder-shares-title">
      <h2 id="drive-folder-shares-title" className="drive-folder-shares-title">
        文件夹分享
      </h2>
      <Table<FolderShareLine>
        rowKey="resId"
        size="small"
        pagination={false}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '文件夹', key: 'fname', dataIndex: 'fname' },
          { title: '分享时间', key: 'createDate', dataIndex: 'createDate', width: 160 },
          {
            title: '状态',
            key: 'shareState',
            width: 170,
            render: (_, line) => (
              <span className="drive-share-state">
                <Tag color={STATE_COLOURS[line.shareState ?? ''] ?? 'default'}>
                  {line.shareState}
                </Tag>
                {line.shareState !== '已取消' && (
                  <Popconfirm
                    title="取消后链接立即失效，是否取消分享?"
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => onCancel(line.resId)}
                  >
                    <Button size="small" type="link" danger>
                      取消分享
                    </Button>
                  </Popconfirm>
                )}
              </span>
            ),
          },
          {
            title: '提取码',
            key: 'extractCode',
            width: 80,
            render: (_, line) => line.extractCode ?? '无',
          },
          {
            title: '有效期至',
            key: 'expireDate',
            width: 140,
            render: (_, line) => line.expireDate ?? '永久',
          },
          {
            title: '链接下载',
            key: 'downloads',
            width: 90,
            render: (_, line) => `${line.downloads ?? 0} / ${line.maxDownloads ?? '不限'}`,
          },
          {
            title: '分享链接',
            key: 'shareUrl',
            render: (_, line) => (
              <Button
                type="link"
                size="small"
                onClick={() => onCopy(line.shareUrl, line.extractCode ?? null)}
              >
                {shareAddress(window.location.origin, line.shareUrl)}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
