import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Table, Tag, Tooltip, Typography } from 'antd';
import { call } from '../../../api/client';
import { safeHref } from '../../../lib/site';
import type { ParameterEdit } from './ParameterFormModal';
import { MoveButtons, RowActions } from './SiteControls';
import {
  isLastRequiredRow,
  ownAddressName,
  type ParameterGroup,
  type ParameterRow,
} from './site-forms';
import { useAction } from '../../../api/page-data';

const KEEP = '网站正在使用该参数，不能删除，可以修改';

/** A parameter's value as the pages use it: a link opens, text shows, empty says so. */
function ParameterValue({ group, row }: { group: ParameterGroup; row: ParameterRow }) {
  const href = group.kind === 'link' ? safeHref(row.parameteValue) : undefined;
  // This server's own addresses by their name, the address itself on hover.
  const own = ownAddressName(row.parameteValue);
  if (own) return <span title={row.parameteValue}>{own}</span>;
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {row.parameteValue}
      </a>
    );
  }
  return row.parameteValue ? (
    <Typography.Text ellipsis={{ tooltip: row.parameteValue }}>{row.parameteValue}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">（空）</Typography.Text>
  );
}

function Picture({ row }: { row: ParameterRow }) {
  return row.pic ? (
    <img src={row.pic} alt={`${row.parameterName}图片`} width={32} height={32} />
  ) : (
    <Typography.Text type="secondary">无</Typography.Text>
  );
}

interface TableProps {
  onEdit: (edit: ParameterEdit) => void;
  onChanged: () => void;
}

/** Delete of one row, refused in the page as the server refuses it (last row of a used code). */
function useDelete(onChanged: () => void) {
  const run = useAction();
  return async (row: ParameterRow) => {
    const done = await run(
      () => call('cms/parameter/delete', { parameterId: row.parameterId }),
      '已删除',
    );
    if (done) onChanged();
  };
}

/** The codes of one row each: one line per code, its meaning first. */
export function SingleParameterTable({
  groups,
  onEdit,
  onChanged,
}: TableProps & { groups: ParameterGroup[] }) {
  const remove = useDelete(onChanged);
  const lines = groups.map((group) => ({ group, row: group.rows[0] ?? null }));
  return (
    <Table
      rowKey={(line) => line.group.parameteCode}
      size="small"
      pagination={false}
      dataSource={lines}
      style={{ marginBottom: 16 }}
      columns={[
        {
          title: '参数',
          width: 220,
          render: (_, { group }) => (
            // The code (GLPTBJ) is the pages' key, not a name: it shows on hover.
            <Tooltip title={`${group.description}（编码 ${group.parameteCode}）`}>
              <strong>{group.codeName}</strong>
            </Tooltip>
          ),
        },
        {
          title: '名称',
          width: 180,
          render: (_, { row }) => row?.parameterName ?? '',
        },
        {
          title: '值',
          ellipsis: true,
          render: (_, { group, row }) =>
            !row ? (
              <Typography.Text type="warning">未设置</Typography.Text>
            ) : group.pictures ? (
              <>
                <Picture row={row} /> <ParameterValue group={group} row={row} />
              </>
            ) : (
              <ParameterValue group={group} row={row} />
            ),
        },
        {
          title: '操作',
          width: 130,
          render: (_, { group, row }) =>
            row ? (
              <RowActions
                name={group.codeName}
                keep={isLastRequiredRow(group) ? KEEP : undefined}
                onEdit={() => onEdit({ group, row })}
                onDelete={() => remove(row)}
              />
            ) : (
              <Button
                type="link"
                size="small"
                aria-label={`设置 ${group.codeName}`}
                onClick={() => onEdit({ group, row: null })}
              >
                设置
              </Button>
            ),
        },
      ]}
    />
  );
}

/** A code of several rows (external sites, related links, phones, ...) under its own heading. */
export function ParameterListCard({
  group,
  onEdit,
  onChanged,
  onMoved,
}: TableProps & { group: ParameterGroup; onMoved: (rows: ParameterRow[]) => void }) {
  const run = useAction();
  const remove = useDelete(onChanged);
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={
        <Tooltip title={`编码 ${group.parameteCode}`}>
          <span>{group.codeName}</span>
        </Tooltip>
      }
      extra={
        <Button
          size="small"
          icon={<PlusOutlined aria-hidden />}
          aria-label={`新增一行 ${group.codeName}`}
          onClick={() => onEdit({ group, row: null })}
        >
          新增一行
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {group.description}
      </Typography.Paragraph>
      <Table<ParameterRow>
        rowKey="parameterId"
        size="small"
        pagination={false}
        dataSource={group.rows}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
        }}
        columns={[
          ...(group.pictures
            ? [
                {
                  title: '图片',
                  width: 70,
                  render: (_: unknown, row: ParameterRow) => <Picture row={row} />,
                },
              ]
            : []),
          { title: '名称', dataIndex: 'parameterName', width: 200 },
          {
            title: group.kind === 'link' ? '链接地址' : '参数值',
            ellipsis: true,
            render: (_: unknown, row: ParameterRow) => <ParameterValue group={group} row={row} />,
          },
          ...(group.visibility
            ? [
                {
                  title: '可见范围',
                  dataIndex: 'parameterType',
                  width: 110,
                  render: (type: string) =>
                    type === '1' ? (
                      <Tag color="green">所有人</Tag>
                    ) : (
                      <Tag color="gold">仅管理员</Tag>
                    ),
                },
              ]
            : []),
          {
            title: '排序',
            width: 170,
            render: (_: unknown, row: ParameterRow, index: number) => (
              <MoveButtons
                name={row.parameterName}
                first={index === 0}
                last={index === group.rows.length - 1}
                onMove={(direction) =>
                  run(
                    async () => {
                      onMoved(
                        await call('cms/parameter/move', {
                          parameterId: row.parameterId,
                          direction,
                        }),
                      );
                    },
                    direction === 'up' ? '已上移' : '已下移',
                  )
                }
              />
            ),
          },
          {
            title: '操作',
            width: 130,
            render: (_: unknown, row: ParameterRow) => (
              <RowActions
                name={row.parameterName}
                keep={isLastRequiredRow(group) ? KEEP : undefined}
                onEdit={() => onEdit({ group, row })}
                onDelete={() => remove(row)}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
