import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { addDays, compareIsoDates } from '@shared/domain/dates.js';
import { formatStayDay } from '@shared/format.js';
import { errorText, needsConnection } from '@/lib/api.js';
import { useOnline } from '@/offline/hooks.js';
import type { DeskHousekeepingUnit } from '@/offline/queries.js';
import { useToast } from '@/components/toast/use-toast.js';
import { DateField } from '@/components/date-field.js';
import { createOutOfOrder, endOutOfOrder } from '../out-of-order-api.js';

export const OUT_OF_ORDER_OFFLINE = needsConnection('Setting a unit out of order');

/**
 * "Out of order" for a unit: its periods not ended (each removed, or ended today when under
 * way) and a new one for dates with the reason. Online only, and it says so offline; a
 * booking in the way comes back in the server's words, naming it.
 */
export function OutOfOrderDialog({ row, today, onClose }: { row: DeskHousekeepingUnit; today: string; onClose: () => void }) {
  const online = useOnline();
  const { toast } = useToast();
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(addDays(today, 1));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await createOutOfOrder({ unitId: row.unit.id, startDate, endDate, note });
      toast({ title: `${row.unit.name} out of order`, description: `${formatStayDay(startDate)} to ${formatStayDay(endDate)}`, variant: 'success' });
      onClose();
    } catch (err) {
      setError(errorText(err, 'Could not set the unit out of order', OUT_OF_ORDER_OFFLINE));
    } finally {
      setBusy(false);
    }
  };

  const end = async (periodId: string) => {
    setBusy(true);
    setError(null);
    try {
      const res = await endOutOfOrder(periodId);
      toast({ title: row.unit.name, description: res.message, variant: 'success' });
    } catch (err) {
      setError(errorText(err, 'Could not end the period', OUT_OF_ORDER_OFFLINE));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="ooo-title">
      <DialogTitle id="ooo-title">Out of order: {row.unit.name}</DialogTitle>
      <DialogContent>
        {!online && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {OUT_OF_ORDER_OFFLINE}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {row.outOfOrder.length > 0 && (
          <List dense aria-label="Out of order periods">
            {row.outOfOrder.map((p) => (
              <ListItem
                key={p.id}
                disableGutters
                secondaryAction={
                  <Button size="small" disabled={!online || busy} onClick={() => void end(p.id)}>
                    {compareIsoDates(p.startDate, today) < 0 ? 'End today' : 'Remove'}
                  </Button>
                }
              >
                <ListItemText primary={`${formatStayDay(p.startDate)} to ${formatStayDay(p.endDate)}`} secondary={p.note} />
              </ListItem>
            ))}
          </List>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <DateField label="From" value={startDate} onChange={setStartDate} min={today} fullWidth />
          <DateField label="Back in service on" value={endDate} onChange={setEndDate} min={addDays(startDate || today, 1)} fullWidth />
          <TextField label="Reason" value={note} onChange={(e) => setNote(e.target.value)} required slotProps={{ htmlInput: { maxLength: 500 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" disabled={!online || busy || !note.trim() || !startDate || !endDate} onClick={() => void save()}>
          Set out of order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
