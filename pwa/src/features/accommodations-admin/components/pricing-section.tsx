import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { MEAL_PLANS, type MealPlan, type PricingModel } from '@shared/domain/pricing-models.js';
import { emptyChildBand, type AccommodationForm, type AccommodationFormErrors, type ChildBandRow } from '../accommodation-form.js';

const MODEL_LABELS: Record<PricingModel, string> = {
  per_unit: 'Per unit',
  per_person_sharing: 'Per person sharing',
};

/**
 * The type's pricing: per unit (the rates are the unit's, whoever sleeps in it) or per person
 * sharing (the rates are per adult per night, with the child bands, the single supplement and
 * the limits below). The rate fields themselves stay in the dialog's details, relabelled.
 */
export function PricingSection({
  form,
  errors,
  onChange,
}: {
  form: AccommodationForm;
  errors: AccommodationFormErrors;
  onChange: (patch: Partial<AccommodationForm>) => void;
}) {
  const perPerson = form.pricingModel === 'per_person_sharing';
  const numberField = (name: 'singleSupplementPercent' | 'maxAdults' | 'minimumChildAge', label: string, helper: string, max?: number) => (
    <TextField
      label={label}
      type="number"
      fullWidth
      value={form[name]}
      onChange={(e) => onChange({ [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helper}
      slotProps={{ htmlInput: { min: 0, max, step: 1 } }}
    />
  );
  const setBand = (index: number, patch: Partial<ChildBandRow>) =>
    onChange({ childPolicy: form.childPolicy.map((b, i) => (i === index ? { ...b, ...patch } : b)) });

  return (
    <Box component="section" aria-labelledby="pricing-heading" sx={{ mt: 2 }}>
      <Typography id="pricing-heading" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Pricing
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Pricing model"
            fullWidth
            value={form.pricingModel}
            onChange={(e) => onChange({ pricingModel: e.target.value as PricingModel })}
            error={Boolean(errors.pricingModel)}
            helperText={errors.pricingModel ?? (perPerson ? 'Rates are per adult per night' : 'Rates are per unit per night, whoever stays')}
          >
            {(Object.keys(MODEL_LABELS) as PricingModel[]).map((m) => (
              <MenuItem key={m} value={m}>
                {MODEL_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {perPerson && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label="Meal plan"
                fullWidth
                value={form.mealPlan}
                onChange={(e) => onChange({ mealPlan: e.target.value as MealPlan | '' })}
                error={Boolean(errors.mealPlan)}
                helperText={errors.mealPlan ?? ' '}
              >
                <MenuItem value="">
                  <em>Not stated</em>
                </MenuItem>
                {MEAL_PLANS.map((plan) => (
                  <MenuItem key={plan} value={plan}>
                    {plan}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{numberField('singleSupplementPercent', 'Single supplement (%)', 'One adult pays the adult rate plus this', 100)}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{numberField('maxAdults', 'Maximum adults', 'Per unit; empty: up to the capacity')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{numberField('minimumChildAge', 'Minimum child age (optional)', 'Younger children are not accepted', 17)}</Grid>
          </>
        )}
      </Grid>

      {perPerson && (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1, mt: 1, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            Child age bands
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Ages 0 to 17. A child whose age no band covers pays the adult rate.
          </Typography>
          <Stack spacing={1.5}>
            {form.childPolicy.map((band, i) => {
              const err = (field: keyof ChildBandRow) => errors[`childPolicy.${i}.${field}`];
              return (
                <Grid container key={i} role="group" aria-label={`Band ${i + 1}`} columnSpacing={1} rowSpacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Grid size={{ xs: 3.5, sm: 2.5 }}>
                    <TextField label="From age" type="number" size="small" fullWidth value={band.fromAge} onChange={(e) => setBand(i, { fromAge: e.target.value })} error={Boolean(err('fromAge'))} helperText={err('fromAge')} slotProps={{ htmlInput: { min: 0, max: 17, step: 1 } }} />
                  </Grid>
                  <Grid size={{ xs: 3.5, sm: 2.5 }}>
                    <TextField label="To age" type="number" size="small" fullWidth value={band.toAge} onChange={(e) => setBand(i, { toAge: e.target.value })} error={Boolean(err('toAge'))} helperText={err('toAge')} slotProps={{ htmlInput: { min: 0, max: 17, step: 1 } }} />
                  </Grid>
                  <Grid size={{ xs: 5, sm: 3 }}>
                    <TextField
                      label="% of adult rate"
                      type="number"
                      size="small"
                      fullWidth
                      disabled={band.notAccepted}
                      value={band.notAccepted ? '' : band.percentOfAdult}
                      onChange={(e) => setBand(i, { percentOfAdult: e.target.value })}
                      error={Boolean(err('percentOfAdult'))}
                      helperText={err('percentOfAdult')}
                      // The label kept small when empty (a band not accepted): at full size it does not fit a phone's row.
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0, max: 100, step: 1 } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                    <FormControlLabel control={<Checkbox checked={band.notAccepted} onChange={(e) => setBand(i, { notAccepted: e.target.checked })} />} label="Not accepted" />
                    <IconButton aria-label={`Remove band ${i + 1}`} onClick={() => onChange({ childPolicy: form.childPolicy.filter((_, j) => j !== i) })} sx={{ color: '#b91c1c' }}>
                      <DeleteOutline />
                    </IconButton>
                  </Grid>
                </Grid>
              );
            })}
          </Stack>
          {form.childPolicy.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No bands: every child pays the adult rate.
            </Typography>
          )}
          {errors.childPolicy && <FormHelperText error>{errors.childPolicy}</FormHelperText>}
          <Button startIcon={<AddCircleOutline />} onClick={() => onChange({ childPolicy: [...form.childPolicy, emptyChildBand()] })} sx={{ mt: 1 }}>
            Add age band
          </Button>
        </Box>
      )}
    </Box>
  );
}
