import { useOutletContext } from 'react-router';
import type { StoredUser } from './session';

/** What the portal layout offers its pages. */
export interface PortalContext {
  /** Opens the login modal; `after` decides where a successful login goes. */
  openLogin(after?: (user: StoredUser) => void): void;
}

export function usePortal(): PortalContext {
  return useOutletContext<PortalContext>();
}

export const usePortalLogin = () => usePortal().openLogin;
