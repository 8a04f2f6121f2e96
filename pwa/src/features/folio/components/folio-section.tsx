import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { can, type Role } from '@shared/roles.js';
import { formatLodgeDateTime, formatRand, formatStayDay } from '@shared/format.js';
import { NotSyncedChip } from '@/components/booking-status-chip.js';
import { useBooking, useOnline } from '@/offline/hooks.js';
import type { LocalFolio } from '@/offline/folio.js';
import { useFolio } from '../api/folio-api.js';
import { AddChargeDialog } from './add-charge-dialog.js';
import { VoidChargeDialog } from './void-charge-dialog.js';

type Line = LocalFolio['lines'][number];

/**
 * A booking's folio: its lines (the stay, extras, discounts, the levy), payments and the
 * balance, with "Add charge" (works offline) and, for a Manager or SuperAdmin online, "Void".
 * Self-contained: the booking details dialog and the front desk's panel both show it.
 */
export function FolioSection({ bookingId, role }: { bookingId: string; role: Role | null | undefined }) {
  const folio = useFolio(bookingId);
  const booking = useBooking(bookingId);
  const online = useOnline();
  const [adding, setAdding] = useState(false);
  const [voiding, setVoiding] = useState<{ chargeId: string; description: string; amount: number } | null>(null);

  if (folio === undefined) return null;
  const canVoid = can(role, 'managePayments') && online;
  const pending = new Set(folio?.pendingChargeIds ?? []);
  const cancelled = booking?.status === 'Cancelled';

  return (
    <Box component="section" aria-labelledby={`folio-${bookingId}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography id={`folio-${bookingId}`} component="h3" variant="subtitle2" sx={{ flexGrow: 1, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 1, fontSize: '0.75rem' }}>
          Folio
        </Typography>
        {booking && !cancelled && (
          <Button size="small" variant="outlined" startIcon={<Add />} onClick={() => setAdding(true)} sx={{ minHeight: 40 }}>
            Add charge
          </Button>
        )}
      </Stack>
      {folio === null ? (
        <Typography color="text.secondary">This folio is not on this device.</Typography>
      ) : (
        <>
          {!folio.fetched && (
            <Alert severity="info" sx={{ mb: 1 }}>
              Payments and taxes show once this folio has been opened with a connection.
            </Alert>
          )}
          {folio.pendingRelease && (
            // Not a guessed amount: the credit follows Lodge Settings and the stay's prices, so
            // it shows as a line once the server has released the nights.
            <Alert severity="info" sx={{ mb: 1 }} data-testid="folio-release-pending">
              Early departure: the release of {folio.pendingRelease.nights === 1 ? '1 night' : `${folio.pendingRelease.nights} nights`} is pending
              {online ? '' : ' until the tablet is back online'}. Any credit for them shows here once the server has it.
            </Alert>
          )}
          <Box component="ul" aria-label="Folio lines" sx={{ m: 0, p: 0, listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
            {folio.lines.map((line) => (
              <FolioLineRow
                key={line.key}
                line={line}
                pending={line.chargeId !== null && pending.has(line.chargeId)}
                onVoid={canVoid && line.kind === 'extra' && !line.voided && line.chargeId && !pending.has(line.chargeId) ? () => setVoiding({ chargeId: line.chargeId!, description: line.description, amount: line.amount }) : undefined}
              />
            ))}
          </Box>
          <Totals folio={folio} />
          {folio.payments.length > 0 && (
            <Box component="ul" aria-label="Payments" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
              {folio.payments.map((p) => (
                <Box component="li" key={p.id} sx={{ display: 'flex', gap: 1, py: 0.25, fontSize: 14, color: 'text.secondary' }}>
                  <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {p.description} · {formatLodgeDateTime(p.date)}
                    {p.status !== 'success' ? ` (${p.status})` : ''}
                  </Box>
                  <Box sx={{ whiteSpace: 'nowrap' }}>{formatRand(p.amount)}</Box>
                </Box>
              ))}
            </Box>
          )}
        </>
      )}
      {adding && booking && (
        <AddChargeDialog bookingId={bookingId} guests={booking.numberOfGuests} stay={booking} onClose={() => setAdding(false)} />
      )}
      {voiding && folio && <VoidChargeDialog bookingId={folio.bookingId} line={voiding} onClose={() => setVoiding(null)} />}
    </Box>
  );
}

function FolioLineRow({ line, pending, onVoid }: { line: Line; pending: boolean; onVoid?: () => void }) {
  const detail =
    line.kind === 'extra' || line.kind === 'accommodation'
      ? `${line.quantity} × ${formatRand(line.unitAmount)}`
      : line.kind === 'credit'
        ? `from ${line.date ? formatStayDay(line.date) : 'the day the guest left'}`
        : null;
  const facts = [line.kind === 'credit' ? null : line.date ? formatStayDay(line.date) : null, detail].filter(Boolean).join(' · ');
  return (
    <Box
      component="li"
      aria-label={`${line.description}${line.voided ? ' (voided)' : ''}${pending ? ' (not synced)' : ''}`}
      sx={{ display: 'flex', gap: 1, px: 1.5, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 }, alignItems: 'flex-start' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere', textDecoration: line.voided ? 'line-through' : 'none', color: line.voided ? 'text.secondary' : 'text.primary' }}>
          {line.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {facts}
          {line.invoiceNumber && (
            // Kept on one line: a number broken at its hyphen reads as two.
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {`${facts ? ' · ' : ''}Invoice ${line.invoiceNumber}`}
            </Box>
          )}
        </Typography>
        {line.voided && (
          <Typography variant="caption" color="error" component="div">
            Voided{line.voidReason ? `: ${line.voidReason}` : ''}
          </Typography>
        )}
        {pending && (
          <Box sx={{ mt: 0.5 }}>
            <NotSyncedChip />
          </Box>
        )}
      </Box>
      <Stack sx={{ alignItems: 'flex-end' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', textDecoration: line.voided ? 'line-through' : 'none', color: line.voided ? 'text.secondary' : 'text.primary' }}>
          {formatRand(line.amount)}
        </Typography>
        {onVoid && (
          <Button size="small" color="error" onClick={onVoid} aria-label={`Void ${line.description}`} sx={{ minHeight: 36, px: 1 }}>
            Void
          </Button>
        )}
      </Stack>
    </Box>
  );
}

function Totals({ folio }: { folio: LocalFolio }) {
  const { totals, tax } = folio;
  const rows: [string, number, boolean?][] = [
    ['Charges', totals.charges],
    ...(tax.vatRegistered ? [['VAT included', totals.vat] as [string, number]] : []),
    ['Paid', totals.paid],
    ...(totals.refunded ? [['Refunded', totals.refunded] as [string, number]] : []),
    ['Balance', totals.balance, true],
  ];
  return (
    <Box component="dl" aria-label="Folio totals" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25 }}>
      {rows.map(([term, value, strong]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 700 : 400 }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 500 }} data-testid={strong ? 'folio-balance' : undefined}>
            {formatRand(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
