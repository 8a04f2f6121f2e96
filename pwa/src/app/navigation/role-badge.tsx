import Box from '@mui/material/Box';
import type { Role } from '@shared/roles.js';

/**
 * The staff role as a small badge; guests have no role and no badge. Drawn like a small
 * secondary MUI Chip, without Chip itself: the top bar is on every page, and Chip's code
 * (ripple, delete icon, avatar) would ride along on the landing page for a bit of text.
 */
export function RoleBadge({ role, compactOnPhone = false }: { role: Role | null; compactOnPhone?: boolean }) {
  if (!role) return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: compactOnPhone ? { xs: 18, sm: 22 } : 22,
        px: compactOnPhone ? { xs: 0.75, sm: 1 } : 1,
        borderRadius: 11,
        // A deeper ochre than secondary.main: white small text on it needs 4.5:1 (axe).
        bgcolor: '#8f5614',
        color: '#ffffff',
        // Compact in a phone's header, which must hold the whole name beside it.
        fontSize: compactOnPhone ? { xs: '0.66rem', sm: '0.72rem' } : '0.72rem',
        fontWeight: 500,
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
      {role}
    </Box>
  );
}
