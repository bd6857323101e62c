import type { ResourceDetail } from '@school/common/api';
import { App, Button, Card, List, Popconfirm } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { errorText, useApiData } from '../../api/page-data';
import { formatSize } from './drive-data';

/**
 * 历史版本 of a file (issue 19): the contents an upload with 替换 put aside,
 * newest first, with who uploaded them and when; each can be opened and, by
 * those who may edit the file, restored (the current content becomes a
 * version in turn). Hidden while there are none.
 */
export function FileVersions({
  detail,
  onRestored,
}: {
  detail: ResourceDetail;
  onRestored: () => void;
}) {
  const { message } = App.useApp();
  const id = detail.resourcesId ?? 0;
  const { data, reload } = useApiData('resources/getVersions', { resId: id }, []);
  const [busy, setBusy] = useState<number | null>(null);
  if (!data?.length) return null;

  const restore = async (versionId: number) => {
    setBusy(versionId);
    try {
      await call('resources/restoreVersion', { versionId });
      message.success('已还原该版本');
      reload();
      onRestored();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="staff-card drive-versions" title={`历史版本（${data.length}）`}>
      <List
        dataSource={data}
        renderItem={(version) => (
          <List.Item
            actions={[
              <a key="open" href={version.url} target="_blank" rel="noreferrer">
                查看
              </a>,
              ...(version.canRestore
                ? [
                    <Popconfirm
                      key="restore"
                      title="还原为该版本？"
                      description="当前内容将保留为一个历史版本"
                      okText="还原"
                      cancelText="取消"
                      onConfirm={() => void restore(version.versionId)}
                    >
                      <Button
                        size="small"
                        type="link"
                        loading={busy === version.versionId}
                        aria-label={`还原版本 ${version.createDate}`}
                      >
                        还原
                      </Button>
                    </Popconfirm>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              title={version.resourcesFname}
              description={`${version.userName || '—'} 上传于 ${version.createDate.slice(0, 16)} · ${formatSize(version.resourcesSize)} · 替换于 ${version.replaceDate.slice(0, 16)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
