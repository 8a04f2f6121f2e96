import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
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
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import { ACCOMMODATION_MESSAGES, type AccommodationType } from '@shared/contracts/accommodations.js';
import { OfflineEditError, setUnitActive, type DeskUnit } from '@/offline/index.js';
import { NotSyncedChip } from '@/components/booking-status-chip.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, NEEDS_CONNECTION, errorText } from '@/lib/api.js';
import { accommodationImageSrc } from '@/lib/images.js';
import {
  addAmenity,
  checkAccommodationForm,
  emptyAccommodationForm,
  formOfType,
  includableTypes,
  uploadProblem,
  type AccommodationForm,
  type AccommodationFormErrors,
} from './accommodation-form.js';
import {
  createAccommodationType,
  createUnit,
  deleteAccommodationImage,
  deleteUnit,
  updateAccommodationType,
  uploadAccommodationImages,
} from './api/accommodations-admin-api.js';


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
                label="Weekday rate (R)"
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
                label="Weekend rate (R)"
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

          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
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

function ImagesSection({ type, online, onVersion }: { type: AccommodationType; online: boolean; onVersion: (v: number) => void }) {
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; description: string } | null>(null);

  const show = (p: { title: string; description: string }) => {
    setProblem(p);
    toast({ title: p.title, description: p.description, variant: 'destructive' });
  };

  const upload = async (files: File[]) => {
    setProblem(null);
    if (!files.length) return;
    for (const file of files) {
      const refused = uploadProblem(file);
      if (refused) return show(refused);
    }
    setBusy(true);
    try {
      const updated = await uploadAccommodationImages(type.id, files);
      onVersion(updated.version);
      toast({ title: files.length === 1 ? 'Image uploaded successfully!' : 'Images uploaded successfully!', variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.serverMessage) show({ title: err.serverMessage, description: err.fieldErrors.images ?? '' });
      else show({ title: 'Error', description: errorText(err, 'Failed to upload images') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (url: string) => {
    try {
      const updated = await deleteAccommodationImage(type.id, url);
      onVersion(updated.version);
      toast({ title: 'Image deleted successfully!', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to delete image'), variant: 'destructive' });
    }
  };

  return (
    <Box component="section" aria-label="Images">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Images ({type.images.length})
        </Typography>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy || !online}>
          {busy ? 'Uploading...' : 'Upload Images'}
          <input
            ref={input}
            hidden
            type="file"
            accept="image/*"
            multiple
            aria-label="Upload images"
            onChange={(e) => void upload(Array.from(e.target.files ?? []))}
          />
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        JPG, PNG, GIF, WebP, max 10MB per file
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.description}
        </Alert>
      )}
      {type.images.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1, mt: 1 }}>
          {type.images.map((url, i) => (
            <Box key={url} sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', bgcolor: '#eee' }}>
              <img src={accommodationImageSrc(url, 320)} alt={`${type.name} image ${i + 1}`} loading="lazy" style={{ display: 'block', width: '100%', height: 90, objectFit: 'cover' }} />
              <IconButton
                size="small"
                aria-label={`Delete image ${i + 1}`}
                disabled={!online}
                onClick={() => void remove(url)}
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
              >
                <DeleteOutline fontSize="small" sx={{ color: '#b91c1c' }} />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function UnitsSection({ type, units, online }: { type: AccommodationType; units: readonly DeskUnit[]; online: boolean }) {
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);

  const add = async () => {
    if (!name.trim()) return setError(ACCOMMODATION_MESSAGES.unitNameRequired);
    setError(null);
    setBusy(true);
    try {
      await createUnit(type.id, name.trim());
      setName('');
      toast({ title: 'Unit created successfully!', variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.name) setError(err.fieldErrors.name);
      toast({ title: 'Error', description: errorText(err, 'Failed to create unit'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (unit: DeskUnit) => {
    setDeleting(unit.id);
    try {
      await deleteUnit(unit.id);
      toast({ title: 'Unit deleted successfully!', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to delete unit'), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  };

  // Through the outbox: works offline and shows "Not synced" until the server has it.
  const toggle = async (unit: DeskUnit, isActive: boolean) => {
    try {
      await setUnitActive(unit.id, isActive);
      toast({
        title: `${unit.name}: ${isActive ? 'Active' : 'Inactive'}`,
        description: online ? 'Saved. Sending to the server.' : 'Saved on this device. It is sent when the connection is back.',
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Not saved', description: err instanceof OfflineEditError ? err.message : 'Failed to update unit', variant: 'destructive' });
    }
  };

  return (
    <Box component="section" aria-label="Units">
      <Typography variant="subtitle2" component="h3">
        Units ({units.length})
      </Typography>
      <List dense sx={{ maxHeight: '12rem', overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, my: 1 }}>
        {units.length === 0 && (
          <ListItem>
            <ListItemText secondary="No units yet." />
          </ListItem>
        )}
        {units.map((unit) => (
          <ListItem
            key={unit.id}
            secondaryAction={
              <IconButton edge="end" aria-label={`Delete unit ${unit.name}`} disabled={!online || deleting === unit.id} onClick={() => void remove(unit)}>
                <DeleteOutline sx={{ color: online ? '#b91c1c' : undefined }} />
              </IconButton>
            }
          >
            <ListItemText primary={unit.name} sx={{ mr: 1 }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mr: 2 }}>
              {unit.pendingSync && <NotSyncedChip />}
              <FormControlLabel
                control={<Switch size="small" checked={unit.isActive} onChange={(e) => void toggle(unit, e.target.checked)} slotProps={{ input: { 'aria-label': `${unit.name} active` } }} />}
                label={unit.isActive ? 'Active' : 'Inactive'}
              />
            </Stack>
          </ListItem>
        ))}
      </List>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Unit name"
          size="small"
          fullWidth
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
        <Button variant="outlined" onClick={() => void add()} disabled={busy || !online} sx={{ flexShrink: 0, minHeight: 40 }}>
          Add Unit
        </Button>
      </Stack>
    </Box>
  );
}
