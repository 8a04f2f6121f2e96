import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { registerProgressLabel } from '@shared/domain/lodger-register.js';
import { formatMonthDayYear } from '@shared/format.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { NetworkError } from '@/lib/api.js';
import { useRegisterIncomplete } from './api/register-incomplete.js';

const TITLE = 'Register incomplete';

/**
 * Stays in house or arriving today with adults missing from the register of lodgers (the law
 * wants every one before or at check-in), each opening its booking. Shown only when there is
 * something to do, and left out when this device is offline (the server decides).
 */
export function RegisterIncompleteCard() {
  const incomplete = useRegisterIncomplete();
  if (incomplete.error instanceof NetworkError) return null;
  if (incomplete.isError)
    return (
      <Frame>
        <LoadProblem error={incomplete.error} what="The register check" onRetry={() => void incomplete.refetch()} />
      </Frame>
    );
  const bookings = incomplete.data?.bookings ?? [];
  if (bookings.length === 0) return null;
  return (
    <Frame>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Every adult of a stay must be in the register of lodgers, with their ID copy and signature.
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {bookings.map((b) => (
          <Box
            component="li"
            key={b.bookingId}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography>
                <Link component={RouterLink} to={`/admin/bookings?booking=${b.bookingId}`} sx={{ fontWeight: 600 }}>
                  {b.reference}
                </Link>{' '}
                · {b.guestName}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {b.unitName ?? b.accommodationName} · {b.status === 'Checked-In' ? 'in house' : 'arrives'} {formatMonthDayYear(b.checkInDate)} – {formatMonthDayYear(b.checkOutDate)}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: '#7c2d12' }}>
              {registerProgressLabel({ registered: b.registered, expected: b.expected, complete: false })}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Card component="section" aria-label={TITLE} sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {TITLE}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
