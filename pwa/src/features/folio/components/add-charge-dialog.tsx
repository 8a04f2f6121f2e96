import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useLiveQuery } from 'dexie-react-hooks';
import { EXTRA_MESSAGES } from '@shared/contracts/folio.js';
import { nightCount } from '@shared/domain/dates.js';
import { chargeAmountCents, pricingCountsPeople, type ExtraPricing } from '@shared/domain/folio.js';
import { centsToRand, randToCents } from '@shared/domain/money.js';
import { formatRand } from '@shared/format.js';
import { useToast } from '@/components/toast/use-toast.js';
import { db } from '@/offline/db.js';
import { useOnline } from '@/offline/hooks.js';
import { OfflineEditError, addFolioCharge } from '@/offline/outbox.js';

export const PRICING_WORDS: Record<ExtraPricing, string> = {
  per_item: 'per item',
  per_person: 'per person',
  per_night: 'per night',
  per_person_per_night: 'per person per night',
};

const whole = (text: string, min: number, max: number): number | null => {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

/**
 * "Add charge": an extra of the catalogue (as the device last pulled it), how many, and for a
 * per person extra how many adults and children (the booking's guests to start with). Queued
 * through the outbox, so it works with the network off and is marked "Not synced" until the
 * server has it.
 */
export function AddChargeDialog({
  bookingId,
  guests,
  stay,
  onClose,
}: {
  bookingId: string;
  guests: number;
  stay: { checkInDate: string; checkOutDate: string };
  onClose: () => void;
}) {
  const { toast } = useToast();
  const online = useOnline();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const extras = useLiveQuery(() => db.extras.toArray(), []);
  const offered = useMemo(() => (extras ?? []).filter((e) => e.isActive).sort((a, b) => a.name.localeCompare(b.name)), [extras]);
  const [extraId, setExtraId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [adults, setAdults] = useState(String(guests));
  const [children, setChildren] = useState('0');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const extra = offered.find((e) => e.id === extraId);
  const perPerson = extra ? pricingCountsPeople(extra.pricing) : false;
  const q = whole(quantity, 1, 99);
  const a = perPerson ? whole(adults, 0, 99) : 0;
  const c = perPerson ? whole(children, 0, 99) : 0;
  const nobody = perPerson && a !== null && c !== null && a + c === 0;
  const amount =
    extra && q !== null && a !== null && c !== null
      ? centsToRand(
          chargeAmountCents(extra.pricing, randToCents(extra.price), randToCents(extra.childPrice ?? extra.price), {
            quantity: q,
            adults: a,
            children: c,
            nights: Math.max(1, nightCount(stay.checkInDate, stay.checkOutDate)),
          }),
        )
      : null;

  const submit = async () => {
    if (!extra) return setError(EXTRA_MESSAGES.extraRequired);
    if (q === null || a === null || c === null || nobody) return setError('Check the numbers above');
    setSaving(true);
    try {
      await addFolioCharge(bookingId, { extraId: extra.id, quantity: q, adults: a, children: c, note: note.trim() || null });
      toast({
        title: `Charge added: ${extra.name}`,
        description: online ? 'Saved. Sending to the server.' : 'Saved on this device. It is sent when the connection is back.',
        variant: 'success',
      });
      onClose();
    } catch (err) {
      setError(err instanceof OfflineEditError ? err.message : 'The charge could not be saved');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="add-charge-title">
      <DialogTitle id="add-charge-title">Add charge</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {extras !== undefined && offered.length === 0 && (
            <Alert severity="info">No extras on this device yet. Extras are set up under Extras and arrive with the next sync.</Alert>
          )}
          <TextField select label="Extra" value={extraId} onChange={(e) => setExtraId(e.target.value)} required>
            {offered.map((e) => (
              <MenuItem key={e.id} value={e.id}>
                {e.name} · {formatRand(e.price)} {PRICING_WORDS[e.pricing]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Quantity"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={q === null}
            helperText={q === null ? EXTRA_MESSAGES.quantityRange : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {perPerson && (
            <Stack direction="row" spacing={2}>
              <TextField
                label="Adults"
                value={adults}
                onChange={(e) => setAdults(e.target.value)}
                error={a === null || nobody}
                helperText={a === null ? EXTRA_MESSAGES.adultsRange : nobody ? 'At least one adult or child' : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                label="Children"
                value={children}
                onChange={(e) => setChildren(e.target.value)}
                error={c === null}
                helperText={c === null ? EXTRA_MESSAGES.childrenRange : extra?.childPrice != null ? `${formatRand(extra.childPrice)} each` : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
            </Stack>
          )}
          <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
          {amount !== null && (
            <Typography aria-live="polite">
              Comes to <strong>{formatRand(amount)}</strong>
              {extra && !extra.vatInclusive ? ' plus VAT' : ''}
            </Typography>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving} sx={{ minHeight: 44 }}>
          Add charge
        </Button>
      </DialogActions>
    </Dialog>
  );
}
