import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { ACCOMMODATION_MESSAGES, type AccommodationType } from '@shared/contracts/accommodations.js';
import { OfflineEditError, setUnitActive } from '@/offline/outbox.js';
import type { DeskUnit } from '@/offline/queries.js';
import { NotSyncedChip } from '@/components/booking-status-chip.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { createUnit, deleteUnit } from '../api/accommodations-admin-api.js';

/**
 * The edit dialog's units: add and delete online; the active switch goes through the outbox,
 * so it works offline and shows "Not synced" until the server has it.
 */
export function UnitsSection({ type, units, online }: { type: AccommodationType; units: readonly DeskUnit[]; online: boolean }) {
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
