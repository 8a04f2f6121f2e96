import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { todayInLodge } from '@shared/domain/dates.js';
import { useAccommodationTypes, useUnits } from '@/offline/hooks.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { calculateRate, createBookings, isUnitAvailable, type CreateCall } from './api/new-booking-api.js';
import {
  calculatedTotal,
  checkNewBooking,
  checkParty,
  creationMessage,
  emptyForm,
  NO_EMAIL_HINT,
  isCalculableDate,
  resizeChildAges,
  splitTotal,
  type NewBookingForm,
  type PartyErrors,
} from './new-booking.js';
import { DateField } from '@/components/date-field.js';
import { STAFF_BOOKING_CHANNELS, type StaffBookingChannel } from '@shared/domain/booking-channel.js';

const NEW_BOOKING_NEEDS_CONNECTION = 'Creating a booking needs a connection: availability can only be checked online.';

/**
 * The admin's new booking (docs/product.md, Booking Management): one call per unit, or one
 * package call. `channel` starts the channel select (the desk's walk-ins); otherwise staff choose.
 */
export function NewBookingDialog({ open, online, onClose, channel = '' }: { open: boolean; online: boolean; onClose: () => void; channel?: StaffBookingChannel | '' }) {
  const { toast } = useToast();
  const types = useAccommodationTypes();
  const units = useUnits();
  const [form, setForm] = useState<NewBookingForm>(() => emptyForm(channel));
  const [override, setOverride] = useState(false);
  const [rate, setRate] = useState<number | null>(null);
  const [availability, setAvailability] = useState<Record<string, boolean | undefined>>({});
  const [busy, setBusy] = useState(false);
  // The server's refusal of the party (its policy, its limits), shown at the field it names.
  const [serverPartyErrors, setServerPartyErrors] = useState<PartyErrors>({});
  const today = todayInLodge(new Date());

  const set = <K extends keyof NewBookingForm>(key: K, value: NewBookingForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const type = types?.find((t) => t.id === form.accommodationTypeId);
  const typeUnits = useMemo(() => (units ?? []).filter((u) => u.accommodationTypeId === form.accommodationTypeId && u.isActive), [units, form.accommodationTypeId]);
  const datesOk = isCalculableDate(form.checkInDate) && isCalculableDate(form.checkOutDate) && form.checkOutDate > form.checkInDate;
  // A per person type is priced for who stays, so the form asks adults and each child's age.
  const perPerson = type?.pricingModel === 'per_person_sharing' && !type.isPackage;
  const party = checkParty({ adults: form.adults, childAges: form.childAges });
  const [triedSubmit, setTriedSubmit] = useState(false);
  // A blank age is flagged once Create Booking is pressed, not the moment its field appears.
  const typed = (field: string) => (field === 'adults' ? form.adults : (form.childAges[Number(field.split('.')[1])] ?? 'x')).trim() !== '';
  const partyErrors: PartyErrors = party.ok ? serverPartyErrors : Object.fromEntries(Object.entries(party.errors).filter(([f]) => triedSubmit || typed(f)));
  const partyKey = perPerson && party.ok ? JSON.stringify([party.adults, party.childAges, form.unitIds.length]) : '';

  useEffect(() => {
    if (!open) {
      setForm(emptyForm(channel));
      setOverride(false);
      setRate(null);
      setAvailability({});
      setServerPartyErrors({});
      setTriedSubmit(false);
    }
  }, [open, channel]);

  // The rate for one unit (or, per person, for the party), asked only for valid dates of 2020-2030.
  useEffect(() => {
    if (!open || !online || !form.accommodationTypeId || !datesOk || (perPerson && !partyKey)) return setRate(null);
    const abort = new AbortController();
    const [adults, childAges, unitCount] = partyKey ? (JSON.parse(partyKey) as [number, number[], number]) : [];
    setServerPartyErrors({});
    calculateRate(form.accommodationTypeId, form.checkInDate, form.checkOutDate, abort.signal, partyKey ? { adults: adults!, childAges: childAges!, unitCount: unitCount! } : undefined)
      .then(setRate)
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        setRate(null);
        const refusal = partyRefusal(err);
        if (refusal) return setServerPartyErrors(refusal);
        toast({ title: 'Rate Calculation Error', description: 'Could not calculate booking rate. Please enter manually.', variant: 'destructive' });
      });
    return () => abort.abort();
  }, [open, online, form.accommodationTypeId, form.checkInDate, form.checkOutDate, datesOk, perPerson, partyKey, toast]);

  // Each unit's availability for the whole stay.
  useEffect(() => {
    setAvailability({});
    if (!open || !online || !datesOk || form.isPackage) return;
    const abort = new AbortController();
    for (const u of typeUnits) {
      void isUnitAvailable(u.id, form.checkInDate, form.checkOutDate, abort.signal).then((free) => {
        if (!abort.signal.aborted) setAvailability((a) => ({ ...a, [u.id]: free }));
      });
    }
    return () => abort.abort();
  }, [open, online, datesOk, form.isPackage, form.checkInDate, form.checkOutDate, typeUnits]);

  // The total follows the rate and the units chosen, unless overridden. A per person party
  // without a price (refused, or not complete) has no total: the last party's would mislead.
  useEffect(() => {
    if (!override && rate === null && perPerson) setForm((f) => ({ ...f, totalAmount: '' }));
    if (override || rate === null) return;
    setForm((f) => ({ ...f, totalAmount: String(calculatedTotal(rate, f.unitIds.length, f.isPackage, perPerson)) }));
  }, [rate, form.unitIds.length, form.isPackage, perPerson, override]);

  const submit = async () => {
    setTriedSubmit(true);
    const problem = checkNewBooking(form, today);
    if (problem) return toast({ ...problem, variant: 'destructive' });
    if (perPerson && !party.ok) return toast({ title: 'Validation Error', description: Object.values(party.errors)[0] ?? 'Please check the guests', variant: 'destructive' });
    // No e-mail (a walk-in or phone guest, a phone given): null, and nothing is ever e-mailed.
    const email = form.email.trim() || null;
    const guestData = { firstName: form.firstName, lastName: form.lastName, email, phone: form.phone || undefined, address: form.address || undefined };
    const partyBody = perPerson && party.ok ? { adults: party.adults, childAges: party.childAges } : {};
    const common = {
      checkInDate: form.checkInDate,
      checkOutDate: form.checkOutDate,
      numberOfGuests: perPerson && party.ok ? party.adults + party.childAges.length : Number(form.numberOfGuests) || 2,
      ...partyBody,
      paymentStatus: form.paymentStatus,
      specialRequests: form.specialRequests || undefined,
      channel: form.channel,
      guestData,
    };
    const total = Number(form.totalAmount);
    const calls: CreateCall[] = form.isPackage
      ? [{ path: '/api/bookings', body: { ...common, accommodationTypeId: form.accommodationTypeId, isPackageBooking: true, totalAmount: total, paymentMethod: form.paymentMethod === 'eft' ? 'EFT' : 'Card' } }]
      : perPerson
        ? // One party in several units is one group booking (its price is per person, not per unit).
          [
            {
              path: '/api/admin/bookings',
              body: { ...common, unitId: form.unitIds[0], ...(form.unitIds.length > 1 ? { unitCount: form.unitIds.length } : {}), totalAmount: total, paymentMethod: form.paymentMethod },
            },
          ]
        : splitTotal(total, form.unitIds.length).map((share, i) => ({
            path: '/api/admin/bookings',
            body: { ...common, unitId: form.unitIds[i], totalAmount: share, paymentMethod: form.paymentMethod },
          }));
    setBusy(true);
    const { created, error } = await createBookings(calls);
    setBusy(false);
    if (created === 0) {
      const refusal = partyRefusal(error);
      if (refusal) setServerPartyErrors(refusal);
      return toast({ title: 'Error', description: errorText(error, 'Failed to create booking', NEW_BOOKING_NEEDS_CONNECTION), variant: 'destructive' });
    }
    const message = creationMessage(created, calls.length);
    toast({ ...message, variant: created === calls.length ? 'success' : 'default' });
    onClose();
  };

  const field = (key: keyof NewBookingForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField fullWidth label={label} value={form[key] as string} onChange={(e) => set(key, e.target.value as never)} {...extra} />
  );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>New Booking</DialogTitle>
      <DialogContent>
        {!online && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {NEW_BOOKING_NEEDS_CONNECTION}
          </Alert>
        )}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              required
              label="Accommodation Type"
              value={form.accommodationTypeId}
              onChange={(e) => {
                const t = types?.find((x) => x.id === e.target.value);
                setForm((f) => ({ ...f, accommodationTypeId: e.target.value, isPackage: t?.isPackage ?? false, unitIds: [] }));
              }}
            >
              {(types ?? [])
                .filter((t) => t.isActive)
                .map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.name}
                    {t.isPackage ? ' (Package)' : ''}
                  </MenuItem>
                ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}><DateField label="Check-in" name="checkInDate" required fullWidth min={today} value={form.checkInDate} onChange={(iso) => set('checkInDate', iso)} /></Grid>
          <Grid size={{ xs: 6, sm: 3 }}><DateField label="Check-out" name="checkOutDate" required fullWidth min={form.checkInDate || today} value={form.checkOutDate} onChange={(iso) => set('checkOutDate', iso)} /></Grid>

          {type && !type.isPackage && (
            <Grid size={12}>
              <FormLabel component="legend">Units *</FormLabel>
              <FormGroup row>
                {typeUnits.map((u) => {
                  const free = availability[u.id];
                  const state = !datesOk ? '' : free === undefined ? ' (checking...)' : free ? ' (available)' : ' (not available)';
                  return (
                    <FormControlLabel
                      key={u.id}
                      label={`${u.name}${state}`}
                      control={
                        <Checkbox
                          checked={form.unitIds.includes(u.id)}
                          disabled={datesOk && free === false}
                          onChange={(e) => set('unitIds', e.target.checked ? [...form.unitIds, u.id] : form.unitIds.filter((id) => id !== u.id))}
                        />
                      }
                    />
                  );
                })}
              </FormGroup>
              {form.unitIds.length > 1 && (
                <Typography variant="body2" color="text.secondary">
                  The total is split equally across the {form.unitIds.length} units.
                </Typography>
              )}
            </Grid>
          )}

          <Grid size={{ xs: 12, sm: 6 }}>{field('firstName', 'First Name', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('lastName', 'Last Name', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {/* Optional: while it is empty the phone is the one marked required. */}
            {field('email', 'Email', {
              type: 'email',
              helperText: !form.email.trim() ? NO_EMAIL_HINT : ' ',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('phone', 'Phone', { required: !form.email.trim(), helperText: ' ' })}</Grid>
          <Grid size={{ xs: 12, sm: 8 }}>{field('address', 'Address')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select fullWidth required label="Channel" value={form.channel} onChange={(e) => set('channel', e.target.value as NewBookingForm['channel'])}>
              {STAFF_BOOKING_CHANNELS.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {perPerson ? (
            <Grid size={12}>
              <PartyFieldsSection
                adults={form.adults}
                childAges={form.childAges}
                errors={partyErrors}
                onChange={(patch) => {
                  setServerPartyErrors({});
                  setForm((f) => ({ ...f, ...patch }));
                }}
              />
            </Grid>
          ) : (
            <Grid size={{ xs: 12, sm: 4 }}>{field('numberOfGuests', 'Number of Guests', { type: 'number', slotProps: { htmlInput: { min: 1 } } })}</Grid>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select fullWidth required label="Payment Method" value={form.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value as NewBookingForm['paymentMethod'])}>
              <MenuItem value="credit_card">Credit Card</MenuItem>
              <MenuItem value="eft">EFT</MenuItem>
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select fullWidth required label="Payment Status" value={form.paymentStatus} onChange={(e) => set('paymentStatus', e.target.value as NewBookingForm['paymentStatus'])}>
              <MenuItem value="paid">Paid</MenuItem>
              <MenuItem value="deposit_paid">Deposit Paid</MenuItem>
              <MenuItem value="pending">Pending</MenuItem>
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('totalAmount', 'Total Amount (R)', { required: true, type: 'number', slotProps: { htmlInput: { readOnly: !override, min: 0, step: 0.01 } } })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <FormControlLabel control={<Switch checked={override} onChange={(e) => setOverride(e.target.checked)} />} label="Override Rate" />
          </Grid>
          <Grid size={12}>{field('specialRequests', 'Special Requests', { multiline: true, minRows: 2 })}</Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy || !online}>
          Create Booking
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The party fields a 400 names ('adults', 'childAges', 'childAges.0'), or null when the refusal is about something else. */
function partyRefusal(err: unknown): PartyErrors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const entries = Object.entries(err.fieldErrors).filter(([field]) => field === 'adults' || field === 'childAges' || field.startsWith('childAges.'));
  return entries.length ? Object.fromEntries(entries) : null;
}

/** Adults, children and each child's age on arrival (the guest count is their sum). */
function PartyFieldsSection({
  adults,
  childAges,
  errors,
  onChange,
}: {
  adults: string;
  childAges: string[];
  errors: PartyErrors;
  onChange: (patch: { adults?: string; childAges?: string[] }) => void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 0.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Guests (priced per person)
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            fullWidth
            required
            type="number"
            label="Adults"
            value={adults}
            onChange={(e) => onChange({ adults: e.target.value })}
            error={Boolean(errors.adults)}
            helperText={errors.adults ?? ' '}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            fullWidth
            type="number"
            label="Children"
            value={String(childAges.length)}
            onChange={(e) => onChange({ childAges: resizeChildAges(childAges, Number(e.target.value)) })}
            helperText=" "
            slotProps={{ htmlInput: { min: 0, max: 20, step: 1 } }}
          />
        </Grid>
        {childAges.map((age, i) => (
          <Grid key={i} size={{ xs: 6, sm: 3 }}>
            <TextField
              fullWidth
              required
              type="number"
              label={`Child ${i + 1} age`}
              value={age}
              onChange={(e) => onChange({ childAges: childAges.map((a, j) => (j === i ? e.target.value : a)) })}
              error={Boolean(errors[`childAges.${i}`])}
              helperText={errors[`childAges.${i}`] ?? ' '}
              slotProps={{ htmlInput: { min: 0, max: 17, step: 1 } }}
            />
          </Grid>
        ))}
      </Grid>
      {errors.childAges && (
        <FormHelperText error sx={{ mb: 1 }}>
          {errors.childAges}
        </FormHelperText>
      )}
    </Box>
  );
}
