import { HistoryOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, List, Popconfirm, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { compareVersions, type FieldDiff } from './revision-diff';
import { slowLoading } from '../ui/slow-loading';

export interface RevisionRow {
  revisionId: number;
  staffName: string;
  createDate: string;
}

function DiffView({ fields }: { fields: FieldDiff[] }) {
  const changed = fields.filter((field) => field.changed);
  if (changed.length === 0) return <Empty description="此版本与当前内容相同" />;
  return (
    <dl className="cms-diff">
      {fields.map((field) => (
        <div key={field.key} className={field.changed ? 'cms-diff-row changed' : 'cms-diff-row'}>
          <dt>
            {field.label}
            {field.changed ? <Tag color="orange">有改动</Tag> : <Tag>未改动</Tag>}
          </dt>
          {field.changed && (
            <dd>
              {field.parts.map((part, index) =>
                part.kind === 'added' ? (
                  <ins key={index}>{part.text}</ins>
                ) : part.kind === 'removed' ? (
                  <del key={index}>{part.text}</del>
                ) : (
                  <span key={index}>{part.text}</span>
                ),
              )}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/**
 * 版本记录: the saved versions of an item; 对比 shows what changed between a
 * version and the current form (deleted text struck through in red, added
 * text underlined in green); 恢复此版本 brings it back as a new save.
 */
export function RevisionHistory({
  list,
  load,
  current,
  labels,
  onRestore,
  disabled,
}: {
  list: () => Promise<RevisionRow[]>;
  load: (revisionId: number) => Promise<Record<string, unknown>>;
  current: Record<string, unknown>;
  labels: Record<string, string>;
  onRestore: (revisionId: number) => Promise<void>;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<RevisionRow[] | null>(null);
  const [compared, setCompared] = useState<{ row: RevisionRow; fields: FieldDiff[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setOpen(true);
    setCompared(null);
    setRows(null);
    try {
      setRows(await list());
    } catch (err) {
      message.error(err instanceof Error ? err.message : '版本记录加载失败');
      setRows([]);
    }
  };

  const compare = async (row: RevisionRow) => {
    setBusy(true);
    try {
      setCompared({ row, fields: compareVersions(await load(row.revisionId), current, labels) });
    } catch (err) {
      message.error(err instanceof Error ? err.message : '版本加载失败');
    } finally {
      setBusy(false);
    }
  };

  const restore = async (row: RevisionRow) => {
    setBusy(true);
    try {
      await onRestore(row.revisionId);
      message.success('已恢复此版本');
      setOpen(false);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '恢复失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<HistoryOutlined aria-hidden />}
        onClick={() => void show()}
        disabled={disabled}
      >
        版本记录
      </Button>
      <Drawer
        title={
          compared
            ? `对比：${compared.row.createDate}（${compared.row.staffName}）与当前内容`
            : '版本记录'
        }
        size={720}
        open={open}
        onClose={() => setOpen(false)}
        extra={
          compared && (
            <Space>
              <Button onClick={() => setCompared(null)}>返回列表</Button>
              <Popconfirm
                title="恢复此版本？"
                description="当前内容会先保存为一个版本。"
                okText="确定"
                cancelText="取消"
                onConfirm={() => restore(compared.row)}
              >
                <Button type="primary" loading={slowLoading(busy)}>
                  恢复此版本
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        {rows === null ? (
          <Spin />
        ) : compared ? (
          <DiffView fields={compared.fields} />
        ) : (
          <List
            dataSource={rows}
            locale={{ emptyText: '暂无版本记录' }}
            renderItem={(row, index) => (
              <List.Item
                actions={[
                  <Button
                    key="compare"
                    size="small"
                    onClick={() => void compare(row)}
                    loading={slowLoading(busy)}
                  >
                    对比
                  </Button>,
                  <Popconfirm
                    key="restore"
                    title="恢复此版本？"
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => restore(row)}
                  >
                    <Button size="small">恢复</Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={`${row.createDate}${index === 0 ? '（最新）' : ''}`}
                  description={`保存人：${row.staffName}`}
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
