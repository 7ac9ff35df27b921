import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import type { LoginParams, VerificationRequired } from '../../providers/authProvider';
import type { ToastType } from '../../components/ToastRegion';

/** A catalogue key (ar.ts) with its interpolations, as react-admin's translate takes them. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the login steps need from around them. The same steps run in two places: the light login page
 * a phone opens first (login.html: React and MUI only, no react-admin) and react-admin's login route
 * inside the admin app (after a logout or an expired session). Each place gives its own kit.
 */
export interface LoginKit {
  translate: Translate;
  /** A toast; `message` is a catalogue key or an Arabic sentence. */
  notify: (message: string, type: ToastType) => void;
  /**
   * Opens a session (authProvider.login). Resolves with the server's request for a verification code,
   * or goes on to the admin once a session is stored; `notice` (a catalogue key) is shown there.
   */
  signIn: (params: LoginParams, notice?: string) => Promise<VerificationRequired | undefined>;
  /** A link to another admin page (`to` is an absolute /admin/... address). */
  Link: ComponentType<{ to: string; children: ReactNode; sx?: SxProps<Theme> }>;
}

const LoginKitContext = createContext<LoginKit | null>(null);

export const LoginKitProvider = ({ kit, children }: { kit: LoginKit; children: ReactNode }) => (
  <LoginKitContext.Provider value={kit}>{children}</LoginKitContext.Provider>
);

export function useLoginKit(): LoginKit {
  const kit = useContext(LoginKitContext);
  if (!kit) throw new Error('useLoginKit outside a LoginKitProvider');
  return kit;
}
