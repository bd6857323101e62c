import { Button } from 'antd';
import { useRevalidator } from 'react-router';
import { usePortalLogin } from '../../lib/portal-context';

/** What an anonymous visitor sees of an item meant for staff: a login offer, then the item. */
export function StaffOnlyNotice({ message }: { message: string }) {
  const openLogin = usePortalLogin();
  const { revalidate } = useRevalidator();
  return (
    <div className="staff-only" role="status">
      <p>{message}</p>
      <Button type="primary" onClick={() => openLogin(() => void revalidate())}>
        登录
      </Button>
    </div>
  );
}
