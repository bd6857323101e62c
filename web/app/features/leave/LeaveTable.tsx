import { Button, Table, Tag } from 'antd';
import { usePhoneTable, type PhoneColumn } from '../../components/ui/phone-table';
import { STATE_COLORS, periodText, type LeaveItem, type LeavePage } from './leave-data';

/** A period as a phone's row shows it: this year's dates without the year. */
const shortPeriod = (text: string) =>
  text.replaceAll(new RegExp(`(^|至 )${new Date().getFullYear()}-`, 'g'), '$1');

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
  // On a phone: who (to-do) or what kind, the state, and 查看; the rest in the row's details.
  const columnsFor = (phone: boolean): PhoneColumn<LeaveItem>[] => [
    ...(withRequester
      ? [
          { key: 'staffName', title: '申请人', dataIndex: 'staffName', width: 100, keep: true },
          { key: 'deptName', title: '部门', dataIndex: 'deptName', width: 110 },
        ]
      : []),
    {
      key: 'type',
      title: '类型',
      dataIndex: 'leaveTypeName',
      width: 70,
      keep: !withRequester,
      phoneWidth: 56,
    },
    {
      key: 'period',
      title: '请假时间',
      render: (_, row) => (phone ? shortPeriod(periodText(row)) : periodText(row)),
      width: 260,
      keep: true,
    },
    { key: 'days', title: '天数', dataIndex: 'days', width: 60 },
    { key: 'reason', title: '原因', dataIndex: 'reason', ellipsis: true },
    {
      key: 'state',
      title: '状态',
      dataIndex: 'state',
      width: 110,
      keep: true,
      // Room for the longest state's tag (待学校审批).
      phoneWidth: 92,
      render: (state: string, row) => <Tag color={STATE_COLORS[state]}>{row.stateName}</Tag>,
    },
    { key: 'createDate', title: '提交时间', dataIndex: 'createDate', width: 160 },
    {
      key: 'open',
      title: '操作',
      width: 80,
      keep: true,
      phoneWidth: 52,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.leaveId)}>
          查看
        </Button>
      ),
    },
  ];
  const table = usePhoneTable(columnsFor, 820);
  return (
    <Table<LeaveItem>
      rowKey="leaveId"
      loading={loading}
      dataSource={page.list}
      locale={{ emptyText: '暂无数据' }}
      pagination={{
        current: pageNum,
        pageSize: 10,
        total: page.total,
        showTotal: (total) => `共 ${total} 条`,
        showSizeChanger: false,
        onChange: onPage,
      }}
      {...table.props}
    />
  );
}
