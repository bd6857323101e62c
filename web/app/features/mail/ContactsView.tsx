import { EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { MAIL_GROUP_NOTE_MAX } from '@school/common';
import type { ContactGroup, ContactStaff, MailContacts, MailStaff } from '@school/common/api';
import { App, Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { usePhoneTable } from '../../components/ui/phone-table';
import { toRecipient } from './mail-api';
import type { Recipient } from './mail-data';
import { useStaffSearch } from './useStaffSearch';

/** A search-as-you-type choice of several people (selectStaff). */
function StaffChooser({
  value,
  onChange,
  label,
}: {
  value: MailStaff[];
  onChange: (people: MailStaff[]) => void;
  label: string;
}) {
  const [text, setText] = useState('');
  const { hits, searching } = useStaffSearch(
    text,
    value.map((p) => p.staffId),
  );
  const known = [...value, ...(hits ?? [])];
  return (
    <Select
      mode="multiple"
      aria-label={label}
      className="mail-staff-chooser"
      placeholder="输入姓名查找（至少2个字）"
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText }}
      value={value.map((p) => p.staffId)}
      notFoundContent={searching ? '查找中…' : hits ? '没有找到此人' : null}
      options={known
        .filter((p, i) => known.findIndex((q) => q.staffId === p.staffId) === i)
        .map((p) => ({
          value: p.staffId,
          label: p.deptName ? `${p.staffName}（${p.deptName}）` : p.staffName,
        }))}
      onChange={(ids: number[]) => {
        onChange(ids.map((id) => known.find((p) => p.staffId === id)).filter((p) => !!p));
        setText('');
      }}
    />
  );
}

/**
 * 常用联系人 (view 6): single contacts and groups; 写信 opens the compose view
 * with the person or the whole group.
 */
export function ContactsView({
  contacts,
  loading,
  onWrite,
  onChanged,
}: {
  contacts: MailContacts;
  loading: boolean;
  onWrite: (people: Recipient[]) => void;
  onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<'single' | 'group' | null>(null);
  const [people, setPeople] = useState<MailStaff[]>([]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const open = (kind: 'single' | 'group') => {
    setPeople([]);
    setNote('');
    setDialog(kind);
  };

  const add = async () => {
    if (people.length === 0) {
      message.warning('请选择联系人');
      return;
    }
    if (dialog === 'group' && !note.trim()) {
      message.warning('请填写分组备注');
      return;
    }
    setBusy(true);
    try {
      await call('email/addContacts', {
        contactsType: dialog === 'group' ? 2 : 1,
        contactsNote: dialog === 'group' ? note.trim() : undefined,
        idRoleArr: people.map((p) => p.staffId).join(','),
      });
      message.success('新增成功');
      setDialog(null);
      onChanged();
    } catch {
      message.error('新增失败');
    } finally {
      setBusy(false);
    }
  };

  const remove = (body: Record<string, string>, what: string) =>
    modal.confirm({
      title: '提示',
      content: `确定移除${what}吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await call('email/delContacts', body);
          message.success('移除成功');
          onChanged();
        } catch {
          message.error('移除失败');
        }
      },
    });

  // On a phone: the name and the two buttons; department and mail in the row's details.
  const contactTable = usePhoneTable<ContactStaff>(
    [
      { title: '姓名', dataIndex: 'staffName', key: 'name', keep: true },
      { title: '部门', key: 'dept', render: (_, p) => p.deptName ?? '—' },
      { title: '邮箱', key: 'email', render: (_, p) => p.email ?? '—' },
      {
        title: '操作',
        key: 'actions',
        width: 150,
        keep: true,
        phoneWidth: 150,
        render: (_, p) => (
          <Space>
            <Button
              size="small"
              icon={<EditOutlined aria-hidden />}
              onClick={() => onWrite([toRecipient(p)])}
            >
              写信
            </Button>
            <Button
              size="small"
              danger
              onClick={() => remove({ contactIdArr: String(p.contactId) }, p.staffName)}
            >
              移除
            </Button>
          </Space>
        ),
      },
    ],
    560,
  );

  return (
    <div className="mail-contacts">
      <Space wrap className="mail-list-tools">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open('single')}>
          添加联系人
        </Button>
        <Button icon={<TeamOutlined aria-hidden />} onClick={() => open('group')}>
          新建分组
        </Button>
      </Space>
      <h3 className="mail-subhead">联系人</h3>
      <Table<ContactStaff>
        rowKey="contactId"
        size="middle"
        loading={loading}
        pagination={false}
        dataSource={contacts.frequentcontactsStaffList}
        locale={{ emptyText: '暂无常用联系人' }}
        {...contactTable.props}
      />
      <h3 className="mail-subhead">分组</h3>
      <Table<ContactGroup>
        rowKey="frequentcontactsId"
        size="middle"
        loading={loading}
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={contacts.frequentContactsList}
        locale={{ emptyText: '暂无分组' }}
        columns={[
          { title: '分组', dataIndex: 'contactsNote', key: 'note', width: 140 },
          {
            title: '成员',
            key: 'members',
            render: (_, group) => (
              <span className="mail-members">
                {group.frequentcontactsStaffList.map((p) => (
                  <Tag key={p.staffId}>{p.staffName}</Tag>
                ))}
              </span>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_, group) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined aria-hidden />}
                  onClick={() => onWrite(group.frequentcontactsStaffList.map(toRecipient))}
                >
                  写信
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    remove(
                      { frequentcontactsIdArr: String(group.frequentcontactsId) },
                      `分组“${group.contactsNote}”`,
                    )
                  }
                >
                  移除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={dialog === 'group' ? '新建分组' : '添加联系人'}
        open={dialog !== null}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void add()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {dialog === 'group' && (
          <Input
            className="mail-group-note"
            aria-label="分组备注"
            placeholder="分组备注（必填）"
            maxLength={MAIL_GROUP_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
        <StaffChooser
          label={dialog === 'group' ? '分组成员' : '联系人'}
          value={people}
          onChange={setPeople}
        />
      </Modal>
    </div>
  );
}
