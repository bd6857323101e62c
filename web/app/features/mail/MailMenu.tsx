import {
  ClockCircleOutlined,
  EditOutlined,
  FileTextOutlined,
  InboxOutlined,
  SendOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { Badge, Menu } from 'antd';
import { useSyncExternalStore } from 'react';
import type { MailView } from './mail-data';

const NARROW = '(max-width: 900px)';

const subscribeNarrow = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the page is as narrow as a phone or a small tablet (the menu goes on top). */
const useNarrow = () =>
  useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );

export type MenuKey = 'write' | 'inbox' | 'sent' | 'drafts' | 'scheduled' | 'contacts';

/** The menu entry a view belongs to (the detail to the list it came from). */
export function menuKeyOf(view: MailView, from: string | null): MenuKey {
  if (view === 'detail') return from === 'sent' ? 'sent' : 'inbox';
  if (view === 'success') return 'write';
  return view;
}

/** 写邮件 / 收件箱 / 发件箱 / 草稿箱 / 待发送 / 常用联系人: at the side, or on top of a phone. */
export function MailMenu({
  active,
  unread,
  onChoose,
}: {
  active: MenuKey;
  unread: number;
  onChoose: (key: MenuKey) => void;
}) {
  const narrow = useNarrow();
  return (
    <nav aria-label="邮件菜单" className="mail-menu">
      <Menu
        mode={narrow ? 'horizontal' : 'inline'}
        disabledOverflow
        selectedKeys={[active]}
        onClick={({ key }) => onChoose(key as MenuKey)}
        items={[
          { key: 'write', icon: <EditOutlined aria-hidden />, label: '写邮件' },
          {
            key: 'inbox',
            icon: <InboxOutlined aria-hidden />,
            label: (
              <span className="mail-menu-inbox">
                收件箱
                <Badge count={unread} size="small" overflowCount={99} className="mail-unread" />
              </span>
            ),
          },
          { key: 'sent', icon: <SendOutlined aria-hidden />, label: '发件箱' },
          { key: 'drafts', icon: <FileTextOutlined aria-hidden />, label: '草稿箱' },
          { key: 'scheduled', icon: <ClockCircleOutlined aria-hidden />, label: '待发送' },
          { key: 'contacts', icon: <StarOutlined aria-hidden />, label: '常用联系人' },
        ]}
      />
    </nav>
  );
}
