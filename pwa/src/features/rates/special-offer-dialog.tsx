import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import type { SpecialOffer } from '@shared/contracts/specials.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { DateField } from '@/components/date-field.js';
import { useSaveSpecialOffer } from './api/special-offers.js';
import { checkSpecialOfferForm, emptySpecialOfferForm, formOfSpecial, stayPayText, type SpecialOfferField, type SpecialOfferForm } from './special-offer-form.js';

/** Create or edit a special offer ("stay 4, pay 3"). */
export function SpecialOfferDialog({ special, types, onClose }: { special?: SpecialOffer; types: readonly AccommodationType[]; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveSpecialOffer();
  const [form, setForm] = useState<SpecialOfferForm>(() => (special ? formOfSpecial(special) : emptySpecialOfferForm()));
  const [errors, setErrors] = useState<Partial<Record<SpecialOfferField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const typeName = (id: string) => types.find((t) => t.id === id)?.name ?? special?.accommodationTypeNames[special.accommodationTypeIds.indexOf(id)] ?? 'Unknown type';

  const set = (patch: Partial<SpecialOfferForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) {
      const check = checkSpecialOfferForm(next);
      setErrors(check.ok ? {} : check.errors);
    }
  };

  const submit = async () => {
    setSubmitted(true);
    const check = checkSpecialOfferForm(form, special?.version);
    if (!check.ok) return setErrors(check.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: special?.id, body: check.body });
      toast({ title: special ? 'Special offer updated successfully!' : 'Special offer created successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Partial<Record<SpecialOfferField, string>>);
      toast({ title: 'Error', description: errorText(err, special ? 'Failed to update special offer' : 'Failed to create special offer'), variant: 'destructive' });
    }
  };

  const field = (name: 'name' | 'description' | 'stayNights' | 'payNights', label: string, { helperText, ...props }: TextFieldProps = {}) => (
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
  const dateField = (name: 'stayFrom' | 'stayTo' | 'bookFrom' | 'bookTo', label: string, { required = false, min, helper }: { required?: boolean; min?: string; helper?: string } = {}) => (
    <DateField label={label} name={name} required={required} fullWidth min={min} value={form[name]} onChange={(iso) => set({ [name]: iso })} error={Boolean(errors[name])} helperText={errors[name] ?? helper ?? ' '} />
  );
  const stay = Number(form.stayNights);
  const pay = Number(form.payNights);
  const dealReady = Number.isInteger(stay) && Number.isInteger(pay) && pay >= 1 && pay < stay;

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby="special-dialog-title">
      <DialogTitle id="special-dialog-title">{special ? 'Edit Special Offer' : 'Create Special Offer'}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="special-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={12}>{field('name', 'Name', { required: true })}</Grid>
            <Grid size={12}>{field('description', 'Description', { multiline: true, minRows: 2 })}</Grid>
            <Grid size={12}>
              <TextField
                select
                label="Accommodation types"
                required
                fullWidth
                value={form.accommodationTypeIds}
                onChange={(e) => {
                  const value = e.target.value as unknown as string[] | string;
                  set({ accommodationTypeIds: typeof value === 'string' ? value.split(',') : value });
                }}
                error={Boolean(errors.accommodationTypeIds)}
                helperText={errors.accommodationTypeIds ?? ' '}
                slotProps={{ select: { multiple: true, renderValue: (ids) => (ids as string[]).map(typeName).join(', ') } }}
              >
                {types.map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    <Checkbox checked={form.accommodationTypeIds.includes(t.id)} sx={{ p: 0, mr: 1 }} />
                    <ListItemText primary={t.name} />
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{dateField('stayFrom', 'Stay from', { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{dateField('stayTo', 'Stay to', { required: true, min: form.stayFrom || undefined })}</Grid>
            <Grid size={{ xs: 6 }}>{field('stayNights', 'Stay nights', { type: 'number', required: true, slotProps: { htmlInput: { min: 2, max: 30, step: 1 } } })}</Grid>
            <Grid size={{ xs: 6 }}>{field('payNights', 'Pay nights', { type: 'number', required: true, slotProps: { htmlInput: { min: 1, step: 1 } } })}</Grid>
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {dealReady
                  ? `${stayPayText({ stayNights: stay, payNights: pay })}: of every ${stay} nights in the stay dates, ${stay - pay === 1 ? 'the cheapest night is free' : `the cheapest ${stay - pay} nights are free`}.`
                  : 'Of every stay nights, the guest pays for the pay nights; the cheapest nights are free.'}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{dateField('bookFrom', 'Book from (optional)', { helper: 'Empty: bookable now' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{dateField('bookTo', 'Book by (optional)', { min: form.bookFrom || undefined, helper: 'Empty: no closing date' })}</Grid>
          </Grid>
          <Stack sx={{ mt: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={form.combinableWithPromo} onChange={(e) => set({ combinableWithPromo: e.target.checked })} />}
              label="Can be combined with a promo code"
            />
            <FormControlLabel control={<Switch checked={form.isActive} onChange={(e) => set({ isActive: e.target.checked })} />} label="Active" />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="special-form" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : special ? 'Save Changes' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
