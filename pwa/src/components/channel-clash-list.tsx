import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChannelClash } from '@shared/contracts/channels.js';
import { formatMonthDayYear } from '@shared/format.js';

/** Both sides of each clash: the channel's event, and what the lodge has on those nights. */
export function ClashList({ clashes, withUnit = false }: { clashes: ChannelClash[]; withUnit?: boolean }) {
  return (
    <Stack component="ul" spacing={0.5} aria-label="Clashes" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
      {clashes.map((c) => (
        <Box component="li" key={`${c.feedId}-${c.checkInDate}-${c.summary}`} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 600, color: '#7c2d12', overflowWrap: 'anywhere' }}>
            {c.channel}: “{c.summary || 'no summary'}” {formatMonthDayYear(c.checkInDate)} – {formatMonthDayYear(c.checkOutDate)}
            {withUnit ? ` · ${c.unitName}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Clashes with {c.clashWith}. Not imported: settle it with the channel.
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

