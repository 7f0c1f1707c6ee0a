import type { AuthContext } from '../../lib/auth-context.ts';

// Who reads a log decides what its rows show; both the scope and the row helpers need it, so it sits below them.
export type Viewer = 'staff' | 'affiliate' | 'advertiser';
export const viewerOf = (auth: AuthContext): Viewer =>
  auth.user.role === 'affiliate' ? 'affiliate' : auth.user.role === 'advertiser' ? 'advertiser' : 'staff';
