import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Booking } from '@shared/contracts/bookings.js';
import type { MoveOptions } from '@shared/contracts/room-move.js';
import { addDays, nightCount } from '@shared/domain/dates.js';
import { formatMonthDay, formatRand, formatWeekdayDate } from '@shared/format.js';
import { errorText, needsConnection } from '@/lib/api.js';
import { useOnline } from '@/offline/hooks.js';
import { useToast } from '@/components/toast/use-toast.js';
import { fetchMoveOptions, moveBookingOnline } from '@/lib/room-move.js';

const WHOLE = 'whole';
export const MOVE_OFFLINE = needsConnection('Moving a stay');

/**
 * A room move (docs/product.md, Booking Calendar: room moves): the stay (or the segment of a
 * split stay that was opened) moves to a unit free for its nights, whole or from a night
 * after its first; the price stays unless the desk asks to reprice. The units offered are
 * the server's (free for the nights that would move, of any type); the server still decides,
 * and its refusal (the unit taken meanwhile, naming the booking) is shown in its words.
 */
export function MoveBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <Dialog open={booking !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="move-booking-title">
      {booking && <MoveForm key={booking.id} booking={booking} onClose={onClose} />}
    </Dialog>
  );
}

function MoveForm({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const online = useOnline();
  const { toast } = useToast();
  const [from, setFrom] = useState(WHOLE);
  const [unitId, setUnitId] = useState('');
  const [reprice, setReprice] = useState(false);
  const [options, setOptions] = useState<MoveOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fromDate = from === WHOLE ? undefined : from;
  // The nights a move can start on: every night after the first.
  const nights = nightCount(booking.checkInDate, booking.checkOutDate);
  const starts = Array.from({ length: Math.max(0, nights - 1) }, (_, i) => addDays(booking.checkInDate, i + 1));

  useEffect(() => {
    if (!online) return;
    const abort = new AbortController();
    setOptions(null);
    setLoadError(null);
    fetchMoveOptions(booking.id, fromDate, abort.signal)
      .then((o) => {
        setOptions(o);
        setUnitId((current) => (o.units.some((u) => u.id === current) ? current : ''));
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setLoadError(errorText(err, 'The free units could not be loaded', MOVE_OFFLINE));
      });
    return () => abort.abort();
  }, [booking.id, fromDate, online]);

  const units = (options?.units ?? []).filter((u) => u.id !== booking.unitId);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await moveBookingOnline(booking.id, { unitId, ...(fromDate ? { fromDate } : {}), ...(reprice ? { reprice: true } : {}) });
      const unitName = units.find((u) => u.id === unitId)?.name ?? 'the new unit';
      const total = res.previousTotal !== undefined ? ` The total is now ${formatRand(res.booking.totalAmount)}.` : '';
      toast({ title: 'Stay moved', description: `${booking.guestName} is in ${unitName} ${fromDate ? `from ${formatMonthDay(fromDate)}` : 'for the whole stay'}.${total}` });
      onClose();
    } catch (err) {
      setError(errorText(err, 'The stay could not be moved', MOVE_OFFLINE));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id="move-booking-title">Move {booking.guestName}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {booking.unitName ?? 'Split stay'} · {formatMonthDay(booking.checkInDate)} – {formatMonthDay(booking.checkOutDate)} · {booking.reference}
        </Typography>
        {!online ? (
          <Alert severity="info">{MOVE_OFFLINE}</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label="Move" value={from} onChange={(e) => setFrom(e.target.value)}>
              <MenuItem value={WHOLE}>The whole stay</MenuItem>
              {starts.map((d) => (
                <MenuItem key={d} value={d}>
                  From {formatWeekdayDate(d)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="To unit"
              value={unitId}
              onChange={(e) => setUnitId(e.target.value)}
              disabled={!options}
              helperText={options ? (units.length === 0 ? 'No unit is free for those nights' : `${units.length} free for those nights`) : loadError ?? 'Finding the free units...'}
              error={!!loadError}
            >
              {units.map((u) => (
                <MenuItem key={u.id} value={u.id}>
                  {u.name} ({u.accommodationTypeName})
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Checkbox checked={reprice} onChange={(e) => setReprice(e.target.checked)} />} label="Price the moved nights at the new unit's rates" />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!online || !unitId || busy}>
          {busy ? 'Moving...' : 'Move'}
        </Button>
      </DialogActions>
    </>
  );
}
