import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { can, type Role } from '@shared/roles.js';
import { useChannels } from '@/features/channels/api/channels.js';
import { ClashList } from '@/components/channel-clash-list.js';

const TITLE = 'Channel clashes';

/**
 * A channel's calendar wants nights a live stay already holds (docs/design.md, 19): nothing
 * was double booked, but someone must settle it with the channel. Shown to those who manage
 * the channels, only when there is a clash.
 */
export function ChannelClashesCard({ role }: { role: Role | null | undefined }) {
  const allowed = can(role, 'channels');
  const channels = useChannels({ enabled: allowed });
  const clashes = channels.data?.clashes ?? [];
  if (!allowed || clashes.length === 0) return null;
  return (
    <Card component="section" aria-label={TITLE} sx={{ mb: 3, borderColor: '#c2410c' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {TITLE}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {clashes.length === 1 ? 'A channel has a stay' : `Channels have ${clashes.length} stays`} on nights already booked here. It was not imported.{' '}
          <Link component={RouterLink} to="/admin/channels">
            Open Channels
          </Link>
        </Typography>
        <ClashList clashes={clashes} withUnit />
      </CardContent>
    </Card>
  );
}
