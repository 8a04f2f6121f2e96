import type { Role } from '../../../shared/roles.js';

/** The user loaded from the session for this request (see features/auth). */
export interface SessionUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role | null;
}

export interface AppState {
  reqId: string;
  user: SessionUser | null;
}
