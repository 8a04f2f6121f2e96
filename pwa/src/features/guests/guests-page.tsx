import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GuestListItem } from '@shared/contracts/bookings.js';
import type { GuestErasureResponse } from '@shared/contracts/lodger-register.js';
import { formatMonthDayYear, NO_EMAIL } from '@shared/format.js';
import { can } from '@shared/roles.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { PageHeader } from '@/components/page-header.js';
import { CardList, ItemCard, useStacked } from '@/components/stacked-list.js';
import { errorText, needsConnection } from '@/lib/api.js';
import { useOnline } from '@/offline/hooks.js';
import { useEraseGuest, useGuests } from './api/guests-api.js';

const GUESTS_NEED_CONNECTION = needsConnection('The guest list');
const guestName = (g: GuestListItem) => `${g.firstName} ${g.lastName}`.trim() || g.email || g.phone || NO_EMAIL;

/**
 * Guests (every staff role): one row per guest with their bookings. A SuperAdmin may erase a
 * guest's personal data on their request (POPIA); the server keeps what the law requires and
 * says what and until when.
 */
export function GuestsPage() {
  const online = useOnline();
  const stacked = useStacked();
  const { user } = useAuth();
  const mayErase = can(user?.role, 'eraseGuests');
  const list = useGuests(online);
  const [erasing, setErasing] = useState<GuestListItem | null>(null);
  const [erased, setErased] = useState<{ name: string; answer: GuestErasureResponse } | null>(null);
  const guests = list.data ?? [];
  const empty = list.data && guests.length === 0 ? 'No guests yet.' : null;

  const eraseButton = (g: GuestListItem) =>
    mayErase ? (
      <Button size="small" color="error" variant="outlined" disabled={!online} aria-label={`Erase personal data of ${guestName(g)}`} onClick={() => setErasing(g)} sx={{ minHeight: 40, whiteSpace: 'nowrap' }}>
        Erase personal data
      </Button>
    ) : null;

  return (
    <>
      <PageHeader title="Guests" subtitle="Everyone who has booked, with how often and when they last stayed" />
      {!online && (
        <Typography sx={{ mb: 2, color: '#7c2d12' }} role="status">
          {GUESTS_NEED_CONNECTION}
        </Typography>
      )}
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadProblem error={list.error} what="The guest list" onRetry={() => void list.refetch()} />
        </Box>
      )}
      {erased && <ErasureResult name={erased.name} answer={erased.answer} onClose={() => setErased(null)} />}
      {online && list.isPending && <Typography color="text.secondary">Loading guests...</Typography>}
      {list.data &&
        (stacked ? (
          <CardList label="Guests" empty={empty}>
            {guests.map((g) => (
              <ItemCard
                key={g.id}
                title={guestName(g)}
                subtitle={g.email ?? NO_EMAIL}
                fields={[
                  ['Phone', g.phone ?? 'Not given'],
                  ['Bookings', String(g.bookingCount)],
                  ['Last stay', g.lastCheckInDate ? formatMonthDayYear(g.lastCheckInDate) : 'None'],
                ]}
                actions={eraseButton(g)}
              />
            ))}
          </CardList>
        ) : (
          <Card variant="outlined" component="section" aria-label="Guests">
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>Email</TableCell>
                    <TableCell>Phone</TableCell>
                    <TableCell align="right">Bookings</TableCell>
                    <TableCell>Last stay</TableCell>
                    {mayErase && <TableCell align="right">Personal data</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {empty !== null && (
                    <TableRow>
                      <TableCell colSpan={mayErase ? 6 : 5}>
                        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                          {empty}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  )}
                  {guests.map((g) => (
                    <TableRow key={g.id} hover>
                      <TableCell sx={{ fontWeight: 600 }}>{guestName(g)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{g.email ?? NO_EMAIL}</TableCell>
                      <TableCell>{g.phone ?? 'Not given'}</TableCell>
                      <TableCell align="right">{g.bookingCount}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{g.lastCheckInDate ? formatMonthDayYear(g.lastCheckInDate) : 'None'}</TableCell>
                      {mayErase && <TableCell align="right">{eraseButton(g)}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        ))}
      <EraseGuestDialog guest={erasing} onClose={() => setErasing(null)} onErased={(name, answer) => setErased({ name, answer })} />
    </>
  );
}

function EraseGuestDialog({ guest, onClose, onErased }: { guest: GuestListItem | null; onClose: () => void; onErased: (name: string, answer: GuestErasureResponse) => void }) {
  const erase = useEraseGuest();
  const close = () => {
    erase.reset();
    onClose();
  };
  const confirm = () => {
    if (!guest) return;
    erase.mutate(guest.id, {
      onSuccess: (answer) => {
        onErased(guestName(guest), answer);
        close();
      },
    });
  };
  return (
    <Dialog open={guest !== null} onClose={close} aria-labelledby="erase-guest-title" fullWidth maxWidth="sm">
      <DialogTitle id="erase-guest-title">Erase personal data?</DialogTitle>
      <DialogContent>
        {guest && (
          <>
            <DialogContentText sx={{ mb: 1.5 }}>
              {guestName(guest)} ({guest.email ?? guest.phone ?? NO_EMAIL}) asked for their personal data to be erased. Their name, contact details and address are replaced
              everywhere the law does not require them to be kept. This cannot be undone.
            </DialogContentText>
            <DialogContentText>
              Kept, as the law requires: register entries until their retention period ends (at least 2 years after the stay, Immigration Act section 40),
              and invoices for 5 years (tax law). You will see the full list once it is done.
            </DialogContentText>
          </>
        )}
        {erase.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(erase.error, 'The personal data could not be erased')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} sx={{ minHeight: 44 }}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={confirm} disabled={erase.isPending} sx={{ minHeight: 44 }}>
          Erase personal data
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ErasureResult({ name, answer, onClose }: { name: string; answer: GuestErasureResponse; onClose: () => void }) {
  return (
    <Alert severity="success" onClose={onClose} sx={{ mb: 2 }} component="section" role="region" aria-label="Erasure result">
      <Typography sx={{ fontWeight: 700 }}>Personal data of {name} erased</Typography>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Erased
      </Typography>
      {answer.erased.length === 0 ? (
        <Typography variant="body2">Nothing was left to erase.</Typography>
      ) : (
        <Box component="ul" aria-label="Erased" sx={{ m: 0, pl: 2.5 }}>
          {answer.erased.map((what) => (
            <li key={what}>{what}</li>
          ))}
        </Box>
      )}
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Kept
      </Typography>
      {answer.kept.length === 0 ? (
        <Typography variant="body2">Nothing was kept.</Typography>
      ) : (
        <Box component="ul" aria-label="Kept" sx={{ m: 0, pl: 2.5 }}>
          {answer.kept.map((k) => (
            <li key={`${k.what}-${k.until ?? ''}`}>
              {k.what}: {k.why}
              {k.until ? `, until ${formatMonthDayYear(k.until)}` : ''}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
