import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WaitlistEntry } from '@shared/contracts/waitlist.js';
import { formatLodgeDateTimeYear, formatStayDate } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { CardList, ItemCard, useStacked } from '@/components/stacked-list.js';
import { serverMessage } from '@/lib/api.js';
import { useRemoveWaitlistEntry, useWaitlist } from './api/waitlist-api.js';

/** What a status reads as: notified with when, so staff can tell a guest when they were told. */
export function waitlistStatusLabel(entry: Pick<WaitlistEntry, 'status' | 'notifiedAt'>): string {
  if (entry.status === 'notified') return `Notified ${formatLodgeDateTimeYear(entry.notifiedAt!)}`;
  return entry.status === 'expired' ? 'Expired' : 'Waiting';
}

const STATUS_COLOR = { waiting: 'info', notified: 'success', expired: 'default' } as const;

const stayOf = (e: WaitlistEntry) => `${formatStayDate(e.checkIn)} to ${formatStayDate(e.checkOut)}`;
const guestsOf = (e: WaitlistEntry) => `${e.guests} ${e.guests === 1 ? 'guest' : 'guests'}`;

/**
 * /admin/waitlist (SuperAdmin, Manager, Receptionist): who is waiting for which nights, oldest
 * first (the order they are told in), whether and when they were e-mailed, and removing one.
 */
export function WaitlistPage() {
  const waitlist = useWaitlist();
  const remove = useRemoveWaitlistEntry();
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const stacked = useStacked();

  const status = (e: WaitlistEntry) => <Chip size="small" color={STATUS_COLOR[e.status]} variant="outlined" label={waitlistStatusLabel(e)} />;
  const removeButton = (e: WaitlistEntry) => (
    <Button color="error" size="small" onClick={() => setRemoving(e)} aria-label={`Remove ${e.name}`}>
      Remove
    </Button>
  );

  return (
    <>
      <PageHeader title="Waitlist" subtitle="Guests waiting for dates that were full, oldest first. Each is e-mailed once when matching nights come free." />
      {remove.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {serverMessage(remove.error) ?? 'The entry could not be removed. Please try again.'}
        </Alert>
      )}
      {waitlist.isPending ? (
        <LoadingState label="Loading the waitlist..." />
      ) : waitlist.error ? (
        <LoadProblem error={waitlist.error} what="The waitlist" onRetry={() => void waitlist.refetch()} />
      ) : stacked ? (
        <CardList label="Waitlist entries" empty={waitlist.data.length === 0 ? 'Nobody is on the waitlist.' : null}>
          {waitlist.data.map((e) => (
            <ItemCard
              key={e.id}
              title={e.name}
              subtitle={e.email}
              fields={[
                ['Accommodation', e.accommodationTypeName],
                ['Stay', stayOf(e)],
                ['Guests', guestsOf(e)],
                ['Joined', formatLodgeDateTimeYear(e.createdAt)],
                ['Status', status(e)],
              ]}
              actions={removeButton(e)}
            />
          ))}
        </CardList>
      ) : (
        <Card variant="outlined" component="section" aria-label="Waitlist entries">
          {waitlist.data.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              Nobody is on the waitlist.
            </Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Guest</TableCell>
                  <TableCell>Accommodation</TableCell>
                  <TableCell>Stay</TableCell>
                  <TableCell>Guests</TableCell>
                  <TableCell>Joined</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {waitlist.data.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {e.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {e.email}
                      </Typography>
                    </TableCell>
                    <TableCell>{e.accommodationTypeName}</TableCell>
                    <TableCell>{stayOf(e)}</TableCell>
                    <TableCell>{e.guests}</TableCell>
                    <TableCell>{formatLodgeDateTimeYear(e.createdAt)}</TableCell>
                    <TableCell>{status(e)}</TableCell>
                    <TableCell align="right">{removeButton(e)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      )}

      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby="remove-waitlist-title">
        <DialogTitle id="remove-waitlist-title">Remove from the waitlist?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {removing && `${removing.name} will not be e-mailed about ${removing.accommodationTypeName}, ${stayOf(removing)}.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => {
              if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
            }}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
