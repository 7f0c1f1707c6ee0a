import type { Role } from '@pxl/contract';

// Who is calling: resolved by the auth plugin, read by lib/ helpers and every module, so it lives below all of them.
export type SessionUser = {
  id: string;
  email: string;
  role: Role;
  managerType: string | null;
  status: string;
  managerId: string | null;
  teamLeadId: string | null;
};
export type AuthContext = { user: SessionUser; sessionId: string; impersonatorId: string | null };
