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
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { PROMO_CODE_MAX_LENGTH, type PromoCode } from '@shared/contracts/rates.js';
import { DISCOUNT_TYPES, type DiscountType } from '@shared/domain/pricing.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError } from '@/lib/api.js';
import { useSavePromoCode } from './api/promo-codes.js';
import { errorText } from '@/lib/api.js';
import { checkPromoCodeForm, emptyPromoCodeForm, formOfPromo, type PromoCodeField, type PromoCodeForm } from './rate-forms.js';
import { DateField } from '@/components/date-field.js';

/** Create or edit a promo code; usedCount is the server's and only shown. */
export function PromoCodeDialog({ promo, onClose }: { promo?: PromoCode; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSavePromoCode();
  const [form, setForm] = useState<PromoCodeForm>(() => (promo ? formOfPromo(promo) : emptyPromoCodeForm()));
  const [errors, setErrors] = useState<Partial<Record<PromoCodeField, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const set = (patch: Partial<PromoCodeForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) {
      const check = checkPromoCodeForm(next);
      setErrors(check.ok ? {} : check.errors);
    }
  };

  const submit = async () => {
    setSubmitted(true);
    const check = checkPromoCodeForm(form, promo?.version);
    if (!check.ok) return setErrors(check.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: promo?.id, body: check.body });
      toast({ title: promo ? 'Promo code updated successfully!' : 'Promo code created successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Partial<Record<PromoCodeField, string>>);
      toast({ title: 'Error', description: errorText(err, promo ? 'Failed to update promo code' : 'Failed to create promo code'), variant: 'destructive' });
    }
  };

  const field = (name: PromoCodeField, label: string, { helperText, ...props }: TextFieldProps = {}) => (
    <TextField
      label={label}
      fullWidth
      value={form[name]}
      onChange={(e) => set({ [name]: e.target.value } as Partial<PromoCodeForm>)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helperText ?? ' '}
      {...props}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby="promo-dialog-title">
      <DialogTitle id="promo-dialog-title">{promo ? 'Edit Promo Code' : 'Create Promo Code'}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="promo-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={12}>
              {field('code', 'Code', { required: true, slotProps: { htmlInput: { maxLength: PROMO_CODE_MAX_LENGTH + 10, autoCapitalize: 'characters' } } })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('discountType', 'Discount type', {
                select: true,
                required: true,
                onChange: (e) => set({ discountType: e.target.value as DiscountType }),
                children: DISCOUNT_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                )),
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('discountValue', form.discountType === 'Percentage' ? 'Discount value (%)' : 'Discount value (R)', {
                type: 'number',
                required: true,
                slotProps: { htmlInput: { min: 0, step: 0.01, ...(form.discountType === 'Percentage' ? { max: 100 } : {}) } },
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}><DateField
                label="Expiry date"
                name="expiryDate"
                required
                fullWidth
                value={form.expiryDate}
                onChange={(expiryDate) => set({ expiryDate })}
                error={Boolean(errors.expiryDate)}
                helperText={errors.expiryDate ?? ' '}
              /></Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('maxUses', 'Max uses', { type: 'number', helperText: 'Empty means unlimited', slotProps: { htmlInput: { min: 1, step: 1 } } })}
            </Grid>
          </Grid>
          <Stack sx={{ mt: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={form.applicableToAccommodation} onChange={(e) => set({ applicableToAccommodation: e.target.checked })} />}
              label="Applicable to accommodation"
            />
            <FormControlLabel control={<Checkbox checked={form.applicableToEvents} onChange={(e) => set({ applicableToEvents: e.target.checked })} />} label="Applicable to events" />
            <FormControlLabel control={<Switch checked={form.isActive} onChange={(e) => set({ isActive: e.target.checked })} />} label="Active" />
          </Stack>
          {promo && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Used {promo.usedCount} {promo.usedCount === 1 ? 'time' : 'times'}
              {promo.maxUses !== null ? ` of ${promo.maxUses}` : ''}.
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="promo-form" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : promo ? 'Save Changes' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
