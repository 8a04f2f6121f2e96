import Chip from '@mui/material/Chip';
import type { Role } from '../../../../shared/roles.js';

/** The staff role as a small badge; guests have no role and no badge. */
export function RoleBadge({ role }: { role: Role | null }) {
  if (!role) return null;
  return <Chip size="small" label={role} color="secondary" sx={{ height: 22, fontSize: '0.72rem' }} />;
}
