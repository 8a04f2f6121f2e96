import type { SessionUser } from '../features/auth/session-user.js';

export interface AppState {
  reqId: string;
  user: SessionUser | null;
}
