import type { ImportRun } from '@school/common/api';
import { Collapse, Empty, Table, Tag, Typography } from 'antd';

const COMMAND =
  'npm run import -- --from https://旧站地址 [--staff-code 账号 --staff-pass 密码] [--dry-run]';

/** How to run `npm run import`, in the words an administrator needs. */
export function ImportHowTo() {
  return (
    <Typography>
      <Typography.Paragraph>
        旧网站的新闻、专题、视频、校刊、图片、轮播图和学校信息通过命令导入：在服务器上、本站所在目录运行
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text code copyable>
          {COMMAND}
        </Typography.Text>
      </Typography.Paragraph>
      <ul>
        <li>使用与本站相同的 DATA_DIR、DATABASE_URL，本站可以照常运行。</li>
        <li>给出旧站的教职工账号时，仅校内可见的内容也一并导入。</li>
        <li>--dry-run 只读取并报告，不写入任何内容。</li>
        <li>可以再次运行：只更新有变化的、补上新增的；中断后再次运行会从中断处继续。</li>
        <li>旧站的文件按内容检查类型和大小，不合格的不导入，并在报告中列出。</li>
      </ul>
    </Typography>
  );
}

const COUNT_COLUMNS = [
  { title: '栏目', dataIndex: 'area', key: 'area' },
  { title: '新增', dataIndex: 'new', key: 'new' },
  { title: '更新', dataIndex: 'updated', key: 'updated' },
  { title: '未变', dataIndex: 'unchanged', key: 'unchanged' },
  { title: '失败', dataIndex: 'failed', key: 'failed' },
];

const FAILURE_COLUMNS = [
  { title: '栏目', dataIndex: 'area', key: 'area', width: 140 },
  { title: '地址', dataIndex: 'address', key: 'address', ellipsis: true },
  { title: '原因', dataIndex: 'reason', key: 'reason' },
];

function RunReport({ run }: { run: ImportRun }) {
  return (
    <>
      <Table
        size="small"
        rowKey="area"
        pagination={false}
        columns={COUNT_COLUMNS}
        dataSource={run.areas}
      />
      {run.failures.length > 0 && (
        <>
          <Typography.Title level={5}>未能导入（{run.failures.length}）</Typography.Title>
          <Table
            size="small"
            rowKey={(row) => `${row.area}|${row.address}|${row.reason}`}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={FAILURE_COLUMNS}
            dataSource={run.failures}
          />
        </>
      )}
    </>
  );
}

/** The last runs, newest first, each opening to its report. */
export function ImportRuns({ runs }: { runs: ImportRun[] }) {
  if (runs.length === 0) return <Empty description="还没有导入过旧站" />;
  return (
    <Collapse
      items={runs.map((run) => ({
        key: run.runId,
        label: (
          <span>
            第 {run.runId} 次 · {run.source} · {run.startDate}{' '}
            {run.finishDate ? (
              <Tag color="green">
                完成{run.seconds ? `，用时 ${Math.round(run.seconds)} 秒` : ''}
              </Tag>
            ) : (
              <Tag color="orange">未完成（再次运行可继续）</Tag>
            )}
            {run.failures.length > 0 && <Tag color="red">{run.failures.length} 项失败</Tag>}
          </span>
        ),
        children: <RunReport run={run} />,
      }))}
    />
  );
}
