import { Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { OUTCOME_LABELS, type ImportOutcome, type ImportPlan } from './import-api';

type Row = ImportPlan['rows'][number];
type Filter = ImportOutcome | 'all';

const columns: ColumnsType<Row> = [
  { title: '行', dataIndex: 'line', width: 60 },
  {
    title: '结果',
    dataIndex: 'outcome',
    width: 72,
    render: (outcome: ImportOutcome) => (
      <Tag color={OUTCOME_LABELS[outcome].color}>{OUTCOME_LABELS[outcome].label}</Tag>
    ),
  },
  { title: '账号', dataIndex: 'code', width: 110 },
  { title: '姓名', dataIndex: 'name', width: 90 },
  { title: '身份', dataIndex: 'identity', width: 70 },
  { title: '部门', dataIndex: 'department', width: 160 },
  { title: '职务', dataIndex: 'position', width: 100 },
  { title: '手机', dataIndex: 'phone', width: 120 },
  { title: '邮箱', dataIndex: 'email', width: 170 },
  { title: '学科', dataIndex: 'subject', width: 70 },
  {
    title: '问题',
    dataIndex: 'problems',
    width: 220,
    render: (problems: string[]) =>
      problems.map((problem) => (
        <Typography.Text key={problem} type="danger" style={{ display: 'block' }}>
          {problem}
        </Typography.Text>
      )),
  },
];

/** The dry run's rows, 50 a page, filtered by outcome. */
export function PlanTable({ plan }: { plan: ImportPlan }) {
  const [filter, setFilter] = useState<Filter>(plan.counts.error ? 'error' : 'all');
  const rows = useMemo(
    () => (filter === 'all' ? plan.rows : plan.rows.filter((row) => row.outcome === filter)),
    [plan, filter],
  );
  const options = [
    { value: 'all' as Filter, label: `全部 ${plan.rows.length}` },
    ...(Object.keys(OUTCOME_LABELS) as ImportOutcome[]).map((outcome) => ({
      value: outcome as Filter,
      label: `${OUTCOME_LABELS[outcome].label} ${plan.counts[outcome]}`,
    })),
  ];
  return (
    <>
      <div style={{ overflowX: 'auto', marginBottom: 12 }}>
        <Segmented options={options} value={filter} onChange={(value) => setFilter(value)} />
      </div>
      <Table<Row>
        rowKey="line"
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1240 }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </>
  );
}
