import type { Role } from '../../../../shared/roles.js';

/**
 * The user loaded from the session for a request (session.ts): who acts, as the use cases
 * receive it (the audit's actor, a staff member's role). Outside http/, so a use case or the
 * sync push names its actor without depending on the web layer.
 */
export interface SessionUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role | null;
}
