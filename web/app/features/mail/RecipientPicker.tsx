import { ApartmentOutlined, StarOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { AddressDept, MailStaff } from '@school/common/api';
import { App, AutoComplete, Button, List, Modal, Spin, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, useApiData } from '../../api/page-data';
import { departmentStaff, toRecipient } from './mail-api';
import { addRecipients, type Recipient } from './mail-data';
import { SEARCH_MIN_CHARS, useStaffSearch } from './useStaffSearch';

/** intranet.md §3: the mail's department tree goes down four levels. */
const TREE_DEPTH = 4;

interface DeptNode {
  key: string;
  title: string;
  children: DeptNode[];
}

const toNodes = (depts: AddressDept[], depth = 1): DeptNode[] =>
  depts.map((dept) => ({
    key: String(dept.deptId),
    title: dept.deptName,
    children: depth < TREE_DEPTH ? toNodes(dept.children, depth + 1) : [],
  }));

/** 从部门选择: choosing a department adds all its staff (getDeptStaff). */
function DepartmentDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (people: MailStaff[], deptName: string) => void;
}) {
  const { message } = App.useApp();
  const tree = useApiData(open ? 'email/getDeptTree' : null, {}, []);
  const nodes = useMemo(() => toNodes(tree.data ?? []), [tree.data]);
  const [busy, setBusy] = useState(false);

  const pick = async (deptId: number, deptName: string) => {
    setBusy(true);
    try {
      onPick(await departmentStaff(deptId), deptName);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="从部门选择" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <p className="muted">点击部门，把该部门（含下级部门）的全部人员加为收件人。</p>
      <Spin spinning={tree.loading || busy}>
        <nav aria-label="收件人部门" className="mail-dept-tree">
          <Tree
            blockNode
            treeData={nodes}
            defaultExpandedKeys={nodes.slice(0, 1).map((n) => n.key)}
            selectedKeys={[]}
            onSelect={(_keys, { node }) => void pick(Number(node.key), String(node.title))}
          />
        </nav>
      </Spin>
    </Modal>
  );
}

/** 常用联系人: a click adds the person or the whole group. */
function ContactsDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (people: Recipient[], label: string) => void;
}) {
  const contacts = useApiData(open ? 'email/getContacts' : null, {}, null, {
    quiet: true,
  });
  const data = contacts.data;
  return (
    <Modal title="从常用联系人选择" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Spin spinning={contacts.loading}>
        <h3 className="mail-subhead">联系人</h3>
        <List
          size="small"
          locale={{ emptyText: '暂无常用联系人' }}
          dataSource={data?.frequentcontactsStaffList ?? []}
          renderItem={(person) => (
            <List.Item>
              <button
                type="button"
                className="link-button"
                onClick={() => onPick([toRecipient(person)], person.staffName)}
              >
                <UserOutlined aria-hidden /> {person.staffName}
              </button>
              <span className="muted">{person.deptName ?? ''}</span>
            </List.Item>
          )}
        />
        <h3 className="mail-subhead">分组</h3>
        <List
          size="small"
          locale={{ emptyText: '暂无分组' }}
          dataSource={data?.frequentContactsList ?? []}
          renderItem={(group) => (
            <List.Item>
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  onPick(group.frequentcontactsStaffList.map(toRecipient), group.contactsNote)
                }
              >
                <TeamOutlined aria-hidden /> {group.contactsNote}
              </button>
              <span className="muted">{group.frequentcontactsStaffList.length} 人</span>
            </List.Item>
          )}
        />
      </Spin>
    </Modal>
  );
}

/**
 * 收件人: the chosen people as removable tags, a search by name (a single
 * hit is taken at once), whole departments and frequent contacts.
 */
export function RecipientPicker({
  value,
  onChange,
}: {
  value: Recipient[];
  onChange: (next: Recipient[]) => void;
}) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<'dept' | 'contacts' | null>(null);
  const chosen = value.map((p) => p.staffId);
  const add = (people: Recipient[]) => onChange(addRecipients(value, people));
  const typed = Array.from(text.trim()).length;
  const tooShort = typed > 0 && typed < SEARCH_MIN_CHARS;
  const { hits, searching } = useStaffSearch(text, chosen, (hit) => {
    add([toRecipient(hit)]);
    setText('');
  });

  const addMany = (people: Recipient[], label: string) => {
    const fresh = people.filter((p) => !chosen.includes(p.staffId));
    add(fresh);
    setDialog(null);
    message.success(fresh.length ? `已添加${label}（${fresh.length}人）` : `${label}已在收件人中`);
  };

  return (
    <div className="mail-recipients">
      <div className="mail-recipient-tags" aria-label="已选收件人">
        {value.map((person) => (
          <Tag
            key={person.staffId}
            closable
            closeIcon={<span aria-label={`移除 ${person.staffName}`}>×</span>}
            onClose={(event) => {
              event.preventDefault();
              onChange(value.filter((p) => p.staffId !== person.staffId));
            }}
          >
            {person.staffName}
          </Tag>
        ))}
        <AutoComplete
          className="mail-recipient-search"
          value={text}
          onChange={(next) => setText(next)}
          placeholder="姓名、账号或拼音首字母"
          aria-label="查找收件人"
          notFoundContent={
            tooShort
              ? `请至少输入 ${SEARCH_MIN_CHARS} 个字`
              : searching
                ? '查找中…'
                : hits && hits.length === 0
                  ? '没有找到此人'
                  : undefined
          }
          options={(hits ?? []).map((hit) => ({
            value: String(hit.staffId),
            label: (
              <span>
                {hit.staffName}
                {hit.deptName && <span className="muted"> · {hit.deptName}</span>}
              </span>
            ),
          }))}
          onSelect={(staffId: string) => {
            const hit = hits?.find((h) => String(h.staffId) === staffId);
            if (hit) add([toRecipient(hit)]);
            setText('');
          }}
        />
      </div>
      <div className="mail-recipient-actions">
        <Button
          size="small"
          icon={<ApartmentOutlined aria-hidden />}
          onClick={() => setDialog('dept')}
        >
          从部门选择
        </Button>
        <Button
          size="small"
          icon={<StarOutlined aria-hidden />}
          onClick={() => setDialog('contacts')}
        >
          从常用联系人选择
        </Button>
      </div>
      <DepartmentDialog
        open={dialog === 'dept'}
        onClose={() => setDialog(null)}
        onPick={(people, deptName) => addMany(people.map(toRecipient), deptName)}
      />
      <ContactsDialog
        open={dialog === 'contacts'}
        onClose={() => setDialog(null)}
        onPick={addMany}
      />
    </div>
  );
}
