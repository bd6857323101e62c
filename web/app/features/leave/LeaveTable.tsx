import { Button, Table, Tag } from 'antd';
import { STATE_COLORS, periodText, type LeaveItem, type LeavePage } from './leave-data';

/** A page of requests; 查看 opens one. The to-do list also names the requester. */
export function LeaveTable({
  page,
  pageNum,
  loading,
  withRequester,
  onPage,
  onOpen,
}: {
  page: LeavePage;
  pageNum: number;
  loading: boolean;
  withRequester: boolean;
  onPage: (pageNum: number) => void;
  onOpen: (leaveId: number) => void;
}) {
  return (
    <Table<LeaveItem>
      rowKey="leaveId"
      loading={loading}
      dataSource={page.list}
      locale={{ emptyText: '暂无数据' }}
      scroll={{ x: 820 }}
      pagination={{
        current: pageNum,
        pageSize: 10,
        total: page.total,
        showTotal: (total) => `共 ${total} 条`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        ...(withRequester
          ? [
              { title: '申请人', dataIndex: 'staffName', width: 100 },
              { title: '部门', dataIndex: 'deptName', width: 110 },
            ]
          : []),
        { title: '类型', dataIndex: 'leaveTypeName', width: 70 },
        { title: '请假时间', render: (_, row) => periodText(row), width: 260 },
        { title: '天数', dataIndex: 'days', width: 60 },
        { title: '原因', dataIndex: 'reason', ellipsis: true },
        {
          title: '状态',
          dataIndex: 'state',
          width: 110,
          render: (state: string, row) => <Tag color={STATE_COLORS[state]}>{row.stateName}</Tag>,
        },
        { title: '提交时间', dataIndex: 'createDate', width: 160 },
        {
          title: '操作',
          width: 80,
          render: (_, row) => (
            <Button type="link" onClick={() => onOpen(row.leaveId)}>
              查看
            </Button>
          ),
        },
      ]}
    />
  );
}
