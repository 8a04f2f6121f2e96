import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudSync from '@mui/icons-material/CloudSync';
import { useSyncStatus } from '@/offline/hooks.js';
import { lodgeTimeOf } from '@shared/domain/dates.js';

/** The connection state in words: "Offline - data from 14:32", "Syncing...", "Online". */
export function connectionLabel(status: { online: boolean; replaying: boolean; pulling: boolean; lastPullAt: string | null }): string {
  if (!status.online) return status.lastPullAt ? `Offline - data from ${lodgeTimeOf(new Date(status.lastPullAt))}` : 'Offline';
  if (status.replaying || status.pulling) return 'Syncing...';
  return 'Online';
}

/**
 * The header's sync state, on every width: online/offline (with the age of the data), and
 * how many changes wait to be sent or need a person. The whole of it links to /admin/sync.
 */
export function SyncIndicator() {
  const status = useSyncStatus();
  const label = connectionLabel(status);
  const syncing = status.online && (status.replaying || status.pulling);
  const Icon = !status.online ? CloudOff : syncing ? CloudSync : CloudDone;
  const tone = !status.online ? 'warning.dark' : 'success.dark';
  const pending = status.pendingCount;
  const attention = status.conflictCount;
  const summary = [label, pending ? `${pending} not synced` : null, attention ? `${attention} need attention` : null]
    .filter(Boolean)
    .join(', ');

  return (
    <ButtonBase
      component={RouterLink}
      to="/admin/sync"
      aria-label={`Sync: ${summary}`}
      data-testid="sync-indicator"
      sx={{ borderRadius: 999, px: 1, minHeight: 44, gap: 0.75, justifyContent: 'flex-start', '&:hover': { bgcolor: 'action.hover' } }}
    >
      <Icon fontSize="small" sx={{ color: tone }} aria-hidden />
      <Typography
        component="span"
        variant="body2"
        sx={{ fontWeight: 600, color: tone, whiteSpace: 'nowrap', display: status.online && !syncing ? { xs: 'none', sm: 'inline' } : 'inline' }}
      >
        {/* On a phone "Offline" alone; the time of the data is on the Sync page. */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {label}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {!status.online ? 'Offline' : syncing ? 'Syncing...' : 'Online'}
        </Box>
      </Typography>
      {pending > 0 && <Pill tone="warning">{pending} not synced</Pill>}
      {attention > 0 && <Pill tone="error">{attention} to resolve</Pill>}
    </ButtonBase>
  );
}

function Pill({ tone, children }: { tone: 'warning' | 'error'; children: React.ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        px: 1,
        py: 0.25,
        borderRadius: 999,
        fontSize: '0.75rem',
        fontWeight: 700,
        whiteSpace: 'nowrap',
        bgcolor: tone === 'warning' ? '#f6e3b4' : '#f3d3cd',
        color: tone === 'warning' ? '#5a3e00' : '#6e1f14',
      }}
    >
      {children}
    </Box>
  );
}
