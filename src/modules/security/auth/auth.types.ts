/** Shapes the sign-in calls answer with (the admin app's contract). */
export interface AuthUserView {
  id: number;
  username: string;
  role: string;
}

export interface SessionGrant {
  token: string;
  user: AuthUserView;
  expiresAt: string;
}

export type LoginResult =
  { requiresVerification: true; message: string } | ({ requiresVerification: false; message: string } & SessionGrant);

export interface ClientMeta {
  ip: string;
  userAgent: string;
}
