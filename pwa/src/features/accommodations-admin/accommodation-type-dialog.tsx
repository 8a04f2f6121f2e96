import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import type { DeskUnit } from '@/offline/queries.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, NEEDS_CONNECTION, errorText } from '@/lib/api.js';
import {
  addAmenity,
  checkAccommodationForm,
  emptyAccommodationForm,
  formOfType,
  includableTypes,
  type AccommodationForm,
  type AccommodationFormErrors,
} from './accommodation-form.js';
import {
  createAccommodationType,
  updateAccommodationType,
} from './api/accommodations-admin-api.js';
import { ImagesSection } from './components/images-section.js';
import { UnitsSection } from './components/units-section.js';
import { PricingSection } from './components/pricing-section.js';

/**
 * Create and edit in one dialog. Creating opens with the details only ("images can only be
 * uploaded after the type is created"); once created it stays open as the edit dialog, with
 * images and units, so a new type is set up in one go.
 */
export function AccommodationTypeDialog({
  initialId,
  types,
  units,
  online,
  onClose,
}: {
  initialId?: string;
  types: readonly AccommodationType[];
  units: readonly DeskUnit[];
  online: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [id, setId] = useState(initialId);
  const type = id ? types.find((t) => t.id === id) : undefined;
  const [form, setForm] = useState<AccommodationForm>(() => (type ? formOfType(type) : emptyAccommodationForm()));
  // The version this form was read at, moved on by this dialog's own image changes.
  const [version, setVersion] = useState(type?.version);
  const [errors, setErrors] = useState<AccommodationFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [amenity, setAmenity] = useState('');
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<AccommodationForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) {
      const check = checkAccommodationForm(next);
      setErrors(check.ok ? {} : check.errors);
    }
  };
  const perPerson = form.pricingModel === 'per_person_sharing' && !form.isPackage;
  const includable = includableTypes(types, id);
  const allIncluded = includable.length > 0 && includable.every((t) => form.includedAccommodationTypes.includes(t.id));

  const save = async () => {
    setSubmitted(true);
    const check = checkAccommodationForm(form, { images: type?.images ?? [], version });
    if (!check.ok) return setErrors(check.errors);
    setErrors({});
    setBusy(true);
    try {
      if (type) {
        const updated = await updateAccommodationType(type.id, check.body);
        setVersion(updated.version);
        toast({ title: 'Accommodation type updated successfully!', variant: 'success' });
        onClose();
      } else {
        const created = await createAccommodationType(check.body);
        setId(created.id);
        setVersion(created.version);
        toast({ title: 'Accommodation type created successfully!', variant: 'success' });
      }
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as AccommodationFormErrors);
      toast({ title: 'Error', description: errorText(err, type ? 'Failed to update accommodation type' : 'Failed to create accommodation type'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const addTyped = () => {
    set({ amenities: addAmenity(form.amenities, amenity) });
    setAmenity('');
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="accommodation-dialog-title">
      <DialogTitle id="accommodation-dialog-title">{type ? 'Edit Accommodation Type' : 'Create Accommodation Type'}</DialogTitle>
      <DialogContent dividers>
        {!online && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {NEEDS_CONNECTION}
          </Alert>
        )}
        <Box component="form" id="accommodation-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField label="Name" required fullWidth value={form.name} onChange={(e) => set({ name: e.target.value })} error={Boolean(errors.name)} helperText={errors.name ?? ' '} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label="Capacity"
                type="number"
                required
                fullWidth
                value={form.capacity}
                onChange={(e) => set({ capacity: e.target.value })}
                error={Boolean(errors.capacity)}
                helperText={errors.capacity ?? ' '}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
              />
            </Grid>
            <Grid size={12}>
              <TextField label="Description" fullWidth multiline minRows={2} value={form.description} onChange={(e) => set({ description: e.target.value })} error={Boolean(errors.description)} helperText={errors.description ?? ' '} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={perPerson ? 'Weekday rate per adult per night (R)' : 'Weekday rate (R)'}
                type="number"
                required
                fullWidth
                value={form.baseWeekdayRate}
                onChange={(e) => set({ baseWeekdayRate: e.target.value })}
                error={Boolean(errors.baseWeekdayRate)}
                helperText={errors.baseWeekdayRate ?? ' '}
                slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={perPerson ? 'Weekend rate per adult per night (R)' : 'Weekend rate (R)'}
                type="number"
                required
                fullWidth
                value={form.baseWeekendRate}
                onChange={(e) => set({ baseWeekendRate: e.target.value })}
                error={Boolean(errors.baseWeekendRate)}
                helperText={errors.baseWeekendRate ?? ' '}
                slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
              />
            </Grid>
          </Grid>

          {/* A package is priced as its units' whole (per unit); only a type of its own is priced per person. */}
          {!form.isPackage && <PricingSection form={form} errors={errors} onChange={set} />}

          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Amenities
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <TextField
              label="Add an amenity"
              size="small"
              fullWidth
              value={amenity}
              onChange={(e) => setAmenity(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTyped();
                }
              }}
            />
            <Button variant="outlined" onClick={addTyped} disabled={!amenity.trim()}>
              Add
            </Button>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1, minHeight: 32 }} aria-label="Chosen amenities">
            {form.amenities.map((a) => (
              <Chip key={a} label={a} onClick={() => set({ amenities: form.amenities.filter((x) => x !== a) })} onDelete={() => set({ amenities: form.amenities.filter((x) => x !== a) })} aria-label={`Remove ${a}`} />
            ))}
            {form.amenities.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                No amenities yet. Click an amenity to remove it.
              </Typography>
            )}
          </Stack>

          <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', columnGap: 3 }}>
            <FormControlLabel
              control={<Checkbox checked={form.isPackage} onChange={(e) => set({ isPackage: e.target.checked, includedAccommodationTypes: e.target.checked ? form.includedAccommodationTypes : [] })} />}
              label="Package (includes other types)"
            />
            <FormControlLabel control={<Switch checked={form.isActive} onChange={(e) => set({ isActive: e.target.checked })} />} label={form.isActive ? 'Active' : 'Inactive'} />
          </Stack>
          {form.isPackage && (
            <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1, mt: 1 }}>
              <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                Included accommodation types
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allIncluded}
                    indeterminate={!allIncluded && form.includedAccommodationTypes.length > 0}
                    onChange={(e) => set({ includedAccommodationTypes: e.target.checked ? includable.map((t) => t.id) : [] })}
                  />
                }
                label="Select All (Entire Lodge)"
              />
              <FormGroup sx={{ pl: 3 }}>
                {includable.map((t) => (
                  <FormControlLabel
                    key={t.id}
                    control={
                      <Checkbox
                        checked={form.includedAccommodationTypes.includes(t.id)}
                        onChange={(e) =>
                          set({
                            includedAccommodationTypes: e.target.checked
                              ? [...form.includedAccommodationTypes, t.id]
                              : form.includedAccommodationTypes.filter((x) => x !== t.id),
                          })
                        }
                      />
                    }
                    label={t.name}
                  />
                ))}
              </FormGroup>
              {errors.includedAccommodationTypes && <FormHelperText error>{errors.includedAccommodationTypes}</FormHelperText>}
            </Box>
          )}
        </Box>

        <Divider sx={{ my: 2 }} />
        {type ? (
          <>
            <ImagesSection type={type} online={online} onVersion={setVersion} />
            <Divider sx={{ my: 2 }} />
            {!type.isPackage && <UnitsSection type={type} units={units.filter((u) => u.accommodationTypeId === type.id)} online={online} />}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Images and units can be added once the type is created.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{type && !initialId ? 'Done' : 'Cancel'}</Button>
        <Button type="submit" form="accommodation-form" variant="contained" disabled={busy || !online}>
          {busy ? 'Saving...' : type ? 'Save Changes' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
