import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import type { Event } from '@shared/contracts/events.js';
import type { RateOverride } from '@shared/contracts/rates.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError } from '@/lib/api.js';
import { formatMonthDayYear, formatRand } from '@shared/format.js';
import { useSaveRateOverride } from './api/rate-overrides.js';
import {
  checkRateOverrideForm,
  emptyRateOverrideForm,
  formOfOverride,
  previewOverride,
  type RateOverrideField,
  type RateOverrideForm,
} from './rate-forms.js';
import { errorText } from '@/lib/api.js';
import { DateField } from '@/components/date-field.js';

/** Create or edit an override, with what a sample stay costs before and after it. */
export function RateOverrideDialog({
  override,
  types,
  overrides,
  events,
  onClose,
}: {
  override?: RateOverride;
  types: readonly AccommodationType[];
  overrides: readonly RateOverride[];
  events: readonly Event[];
  onClose: () => void;
}) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveRateOverride();
  const [form, setForm] = useState<RateOverrideForm>(() => (override ? formOfOverride(override) : emptyRateOverrideForm()));
  const [errors, setErrors] = useState<Partial<Record<RateOverrideField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  // Package types are priced as the entire lodge; every type can carry an override.
  const type = types.find((t) => t.id === form.accommodationTypeId);
  const [now] = useState(() => new Date());
  const preview = useMemo(() => previewOverride({ form, editingId: override?.id, type, overrides, now }), [form, override?.id, type, overrides, now]);

  const set = (patch: Partial<RateOverrideForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) {
      const check = checkRateOverrideForm(next);
      setErrors(check.ok ? {} : check.errors);
    }
  };

  const submit = async () => {
    setSubmitted(true);
    const check = checkRateOverrideForm(form, override?.version);
    if (!check.ok) return setErrors(check.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: override?.id, body: check.body });
      toast({ title: override ? 'Rate override updated successfully!' : 'Rate override created successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Partial<Record<RateOverrideField, string>>);
      toast({ title: 'Error', description: errorText(err, override ? 'Failed to update rate override' : 'Failed to create rate override'), variant: 'destructive' });
    }
  };

  const field = (name: RateOverrideField, label: string, { helperText, ...props }: TextFieldProps = {}) => (
    <TextField
      label={label}
      fullWidth
      value={form[name]}
      onChange={(e) => set({ [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helperText ?? ' '}
      {...props}
    />
  );
  const dateField = (name: 'startDate' | 'endDate', label: string, min?: string) => (
    <DateField label={label} name={name} required fullWidth min={min} value={form[name]} onChange={(iso) => set({ [name]: iso })} error={Boolean(errors[name])} helperText={errors[name] ?? ' '} />
  );
  const rateProps: TextFieldProps = { type: 'number', helperText: 'Empty keeps the base rate', slotProps: { htmlInput: { min: 0, step: 0.01 } } };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby="override-dialog-title">
      <DialogTitle id="override-dialog-title">{override ? 'Edit Rate Override' : 'Create Rate Override'}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="override-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={12}>
              {field('accommodationTypeId', 'Accommodation type', {
                select: true,
                required: true,
                children: types.map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.name}
                  </MenuItem>
                )),
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{dateField('startDate', 'Start date')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{dateField('endDate', 'End date', form.startDate || undefined)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('weekdayRate', 'Weekday rate (R)', rateProps)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('weekendRate', 'Weekend rate (R)', rateProps)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('minLengthOfStay', 'Minimum stay (nights)', { type: 'number', slotProps: { htmlInput: { min: 1, step: 1 } } })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('eventId', 'Event (optional)', {
                select: true,
                children: [
                  <MenuItem key="" value="">
                    No event
                  </MenuItem>,
                  ...events.map((e) => (
                    <MenuItem key={e.id} value={e.id}>
                      {e.name}
                    </MenuItem>
                  )),
                ],
              })}
            </Grid>
          </Grid>
        </Box>
        <Box component="section" aria-label="Price preview" sx={{ mt: 1, p: 2, borderRadius: 1, bgcolor: '#f7f4ec', border: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Price preview
          </Typography>
          {preview ? (
            <>
              <Typography variant="body2" color="text.secondary">
                A stay of {preview.nights} {preview.nights === 1 ? 'night' : 'nights'} ({preview.weekendNights} weekend) from {formatMonthDayYear(preview.checkIn)} to{' '}
                {formatMonthDayYear(preview.checkOut)} in {type?.name}:
              </Typography>
              <Grid container spacing={1} sx={{ mt: 0.5 }}>
                <Grid size={6}>
                  <Typography variant="caption" color="text.secondary">
                    Before
                  </Typography>
                  <Typography variant="h6" data-testid="preview-before">
                    {formatRand(preview.before)}
                  </Typography>
                </Grid>
                <Grid size={6}>
                  <Typography variant="caption" color="text.secondary">
                    After
                  </Typography>
                  <Typography variant="h6" data-testid="preview-after">
                    {preview.after === null ? '—' : formatRand(preview.after)}
                  </Typography>
                </Grid>
              </Grid>
              {preview.afterProblem && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  {preview.afterProblem}
                </Alert>
              )}
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Choose the accommodation type and the dates to see what a stay costs before and after this override.
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="override-form" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : override ? 'Save Changes' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
