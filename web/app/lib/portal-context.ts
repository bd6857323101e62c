import { useOutletContext } from 'react-router';
import type { StoredUser } from './session';

/**
 * The home page with the login dialog open (routes/portal/home.tsx): where the header's 登录 and
 * 智慧平台 lead a visitor, which a page sent without React follows as a link.
 */
export const LOGIN_PARAM = 'login';
export const LOGIN_HREF = `/index?${LOGIN_PARAM}=1`;

/** What the portal layout offers its pages. */
export interface PortalContext {
  /** Opens the login modal; `after` decides where a successful login goes. */
  openLogin(after?: (user: StoredUser) => void): void;
}

export function usePortal(): PortalContext {
  return useOutletContext<PortalContext>();
}

export const usePortalLogin = () => usePortal().openLogin;
