import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { BackToTop } from '../../components/ui/BackToTop';
import { LoginModal } from '../../layouts/portal/LoginModal';
import { PortalFooter } from '../../layouts/portal/PortalFooter';
import { PortalHeader } from '../../layouts/portal/PortalHeader';
import type { PortalContext } from '../../lib/portal-context';
import { getUser, type StoredUser } from '../../lib/session';
import type { PageHandle } from '../../lib/static-page';
import { useSite } from '../../root';

/** The portal's pages read the same for every anonymous visitor: the server may keep them. */
export const handle: PageHandle = { keptForVisitors: true };

/** The public chrome around every portal page. */
export default function PortalLayout() {
  const site = useSite();
  const navigate = useNavigate();
  const [login, setLogin] = useState<{ after?: (user: StoredUser) => void } | null>(null);
  // The dialog is made the first time it is asked for: the server's page (and its render time)
  // carries no closed dialog. It stays mounted after, so it closes with its animation.
  const [loginMade, setLoginMade] = useState(false);
  if (login !== null && !loginMade) setLoginMade(true);

  const context: PortalContext = { openLogin: (after) => setLogin({ after }) };
  const staffEntry = () => {
    if (getUser()) navigate('/teachPage');
    else context.openLogin();
  };

  return (
    <div className="portal">
      <PortalHeader site={site} onStaffEntry={staffEntry} />
      <Outlet context={context} />
      <PortalFooter site={site} />
      <BackToTop threshold={380} />
      {loginMade && (
        <LoginModal
          open={login !== null}
          onClose={() => setLogin(null)}
          onLoggedIn={(user) => {
            const after = login?.after;
            setLogin(null);
            if (after) after(user);
            else navigate('/teachPage');
          }}
        />
      )}
    </div>
  );
}
