import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Extra } from '@shared/contracts/folio.js';
import { EXTRA_PRICINGS, type ExtraPricing } from '@shared/domain/folio.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { PRICING_WORDS, useSaveExtra } from './api/extras.js';
import { checkExtraForm, emptyExtraForm, formOfExtra, type ExtraField, type ExtraForm } from './extra-form.js';

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Create or edit an extra; a stale form (someone else saved first) is the server's 409. */
export function ExtraDialog({ extra, onClose }: { extra?: Extra; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveExtra();
  const [form, setForm] = useState<ExtraForm>(() => (extra ? formOfExtra(extra) : emptyExtraForm()));
  const [errors, setErrors] = useState<Partial<Record<ExtraField, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const set = (patch: Partial<ExtraForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) {
      const check = checkExtraForm(next);
      setErrors(check.ok ? {} : check.errors);
    }
  };

  const submit = async () => {
    setSubmitted(true);
    const check = checkExtraForm(form, extra?.version);
    if (!check.ok) return setErrors(check.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: extra?.id, body: check.body });
      toast({ title: extra ? 'Extra updated successfully!' : 'Extra created successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Partial<Record<ExtraField, string>>);
      toast({ title: 'Error', description: errorText(err, extra ? 'Failed to update extra' : 'Failed to create extra'), variant: 'destructive' });
    }
  };

  const field = (name: Exclude<ExtraField, 'vatInclusive' | 'bookableOnline' | 'isActive'>, label: string, { helperText, ...props }: TextFieldProps = {}) => (
    <TextField
      label={label}
      name={name}
      fullWidth
      value={form[name]}
      onChange={(e) => set({ [name]: e.target.value } as Partial<ExtraForm>)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helperText ?? ' '}
      {...props}
    />
  );
  const toggle = (name: 'vatInclusive' | 'bookableOnline' | 'isActive', label: string) => (
    <FormControlLabel control={<Switch checked={form[name]} onChange={(e) => set({ [name]: e.target.checked })} />} label={label} />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby="extra-dialog-title">
      <DialogTitle id="extra-dialog-title">{extra ? 'Edit Extra' : 'Add Extra'}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="extra-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={12}>{field('name', 'Name', { required: true, slotProps: { htmlInput: { maxLength: 110 } } })}</Grid>
            <Grid size={12}>{field('description', 'Description', { multiline: true, minRows: 2, helperText: 'Shown to guests when the extra is bookable online' })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {field('pricing', 'Pricing', {
                select: true,
                required: true,
                onChange: (e) => set({ pricing: e.target.value as ExtraPricing }),
                children: EXTRA_PRICINGS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {capitalised(PRICING_WORDS[p])}
                  </MenuItem>
                )),
              })}
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              {field('price', 'Price (R)', { type: 'number', required: true, slotProps: { htmlInput: { min: 0, step: 0.01 } } })}
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              {field('childPrice', 'Child price (R)', { type: 'number', helperText: 'Empty: same as adults', slotProps: { htmlInput: { min: 0, step: 0.01 } } })}
            </Grid>
          </Grid>
          <Stack>
            {toggle('vatInclusive', 'Price includes VAT')}
            {toggle('bookableOnline', 'Guests can add it when booking online')}
            {toggle('isActive', 'Active')}
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="extra-form" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : extra ? 'Save Changes' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
