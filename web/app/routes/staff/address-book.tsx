import { Button, Card, Table, Tabs, Tag } from 'antd';
import { usePhoneTable, type PhoneColumn } from '../../components/ui/phone-table';
import { App } from 'antd';
import { useRevalidator } from 'react-router';
import type { AddressEntry } from '@school/common/api';
import type { Route } from './+types/address-book';
import { call } from '../../api/client';
import {
  emptyPage,
  errorText,
  intSearch,
  read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { DeptTree } from '../../features/people/address-book/DeptTree';
import { requireUser } from '../../lib/session';
import { useUser } from '../../lib/use-user';
import { SearchInput } from '../../components/ui/SearchInput';

export const meta = () => [{ title: '通讯录 - 校内网' }];

/** intranet.md §9: the address book shows 8 a page. */
const PAGE_SIZE = 8;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const deptId = intSearch(params, 'deptId');
  const phone = params.get('teaPhone') ?? '';
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const [tree, page, contacts] = await Promise.all([
    read('addressBook/getTree', { userId: user?.staffId, type: 1 }, []),
    read(
      'addressBook/getList',
      { staffId: user?.staffId, deptId, teaPhone: phone, pageNum, pageSize: PAGE_SIZE },
      emptyPage(),
    ),
    read('contacts/getContactsList', { staffId: user?.staffId }, []),
  ]);
  return { deptId, phone, pageNum, tree, page, contacts, tab: params.get('tab') ?? 'book' };
}

/** Add to or remove from 常用联系人, with the spec's messages (intranet.md §8). */
function useContactActions() {
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      message.success(done);
      void revalidate();
    } catch (err) {
      message.error(`${failed}：${errorText(err)}`);
    }
  };
  return {
    add: (row: AddressEntry) =>
      act(
        () => call('contacts/addContacts', { contactsType: '1', idRoleArr: String(row.teaId) }),
        '添加成功',
        '添加失败',
      ),
    remove: (row: AddressEntry) =>
      act(
        () => call('contacts/delContacts', { contactIdArr: String(row.contactId) }),
        '移除成功',
        '移除失败',
      ),
  };
}

/** The address book (intranet.md §2 txlMailist): department tree, phone search, contacts. */
export default function AddressBookPage({ loaderData }: Route.ComponentProps) {
  const { deptId, phone, pageNum, tree, page, contacts, tab } = loaderData;
  useLoadFailure(tree, page, contacts);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  const { add, remove } = useContactActions();
  const user = useUser();

  // On a phone: the name, the phone number and the contact button; department and mail in details.
  const columns: PhoneColumn<AddressEntry>[] = [
    { title: '姓名', dataIndex: 'teaName', key: 'teaName', keep: true },
    {
      title: '部门',
      key: 'dept',
      render: (_: unknown, row: AddressEntry) => row.deptName ?? '—',
    },
    {
      title: '电话',
      dataIndex: 'teaPhone',
      key: 'teaPhone',
      keep: true,
      phoneWidth: 112,
      render: (v: string | null) => v ?? '—',
    },
    { title: '邮箱', dataIndex: 'email', key: 'email', render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'actions',
      keep: true,
      phoneWidth: 104,
      render: (_: unknown, row: AddressEntry) =>
        row.teaId === user?.staffId ? (
          <span className="muted">本人</span>
        ) : row.contactId ? (
          <Button size="small" onClick={() => void remove(row)}>
            移除联系人
          </Button>
        ) : (
          <Button size="small" type="primary" ghost onClick={() => void add(row)}>
            添加联系人
          </Button>
        ),
    },
  ];
  const table = usePhoneTable(columns, 640);

  return (
    <main id="main" className="container staff-page address-book">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">通讯录</h1>
      <Card className="staff-card address-tree" title="部门">
        <DeptTree
          departments={tree.data}
          selected={deptId}
          label="通讯录部门"
          onSelect={(id) => change({ deptId: id, tab: undefined })}
        />
      </Card>
      <Card className="staff-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => change({ tab: key === 'book' ? undefined : key })}
          items={[
            {
              key: 'book',
              label: '通讯录',
              children: (
                <>
                  <SearchInput
                    className="address-search"
                    placeholder="输入电话号码或姓名查找"
                    defaultValue={phone}
                    allowClear
                    enterButton="查询"
                    aria-label="电话或姓名"
                    onSearch={(value) => change({ teaPhone: value.trim() })}
                  />
                  <Table<AddressEntry>
                    rowKey="teaId"
                    size="middle"
                    loading={loading}
                    dataSource={page.data.list}
                    locale={{ emptyText: '暂无数据' }}
                    {...table.props}
                    pagination={{
                      current: pageNum,
                      pageSize: PAGE_SIZE,
                      total: page.data.total,
                      showTotal: (total) => `共 ${total} 人`,
                      showSizeChanger: false,
                      onChange: setPage,
                    }}
                  />
                </>
              ),
            },
            {
              key: 'contacts',
              label: (
                <>
                  常用联系人 <Tag>{contacts.data.length}</Tag>
                </>
              ),
              children: (
                <Table<AddressEntry>
                  rowKey="teaId"
                  size="middle"
                  dataSource={contacts.data}
                  locale={{ emptyText: '暂无常用联系人，可在通讯录中添加' }}
                  {...table.props}
                  pagination={false}
                />
              ),
            },
          ]}
        />
      </Card>
    </main>
  );
}
