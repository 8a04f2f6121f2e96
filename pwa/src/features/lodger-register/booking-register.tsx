import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { registerProgressLabel } from '@shared/domain/lodger-register.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { NetworkError } from '@/lib/api.js';
import { useBookingRegister } from './api/lodger-register-api.js';

function Has({ ok, what }: { ok: boolean; what: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: ok ? '#14532d' : '#7c2d12', whiteSpace: 'nowrap' }}>
      {ok ? <CheckCircle sx={{ fontSize: 16 }} /> : <ErrorOutline sx={{ fontSize: 16 }} />}
      {ok ? what : `no ${what}`}
    </Box>
  );
}

/**
 * "Register: n of m adults" in the booking's details (every staff role), with who is registered
 * and whether each has a signature and an ID copy. Read from the server; left out offline.
 */
export function BookingRegister({ bookingId }: { bookingId: string }) {
  const register = useBookingRegister(bookingId);
  if (register.error instanceof NetworkError) return null;
  return (
    <Box component="section" aria-labelledby={`register-${bookingId}`} sx={{ mt: 3 }}>
      <Typography id={`register-${bookingId}`} variant="h6" component="h3" sx={{ mb: 1 }}>
        {register.data ? registerProgressLabel(register.data) : 'Register'}
      </Typography>
      {register.isPending && <Typography color="text.secondary">Loading the register...</Typography>}
      {register.isError && <LoadProblem error={register.error} what="The register" onRetry={() => void register.refetch()} />}
      {register.data && register.data.entries.length === 0 && <Typography color="text.secondary">Nobody is registered yet.</Typography>}
      {register.data && register.data.entries.length > 0 && (
        <Stack component="ul" aria-label="Registered adults" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {register.data.entries.map((e) => (
            <Box component="li" key={e.id} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 160px' }}>{e.deidentified ? 'Removed after the retention period' : `${e.fullNames} ${e.surname}`}</Typography>
              {!e.deidentified && (
                <Typography variant="body2" component="span" sx={{ display: 'inline-flex', gap: 1.5 }}>
                  <Has ok={e.signatureAttachmentId !== null} what="signature" />
                  <Has ok={e.idCopyAttachmentId !== null} what="ID copy" />
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
