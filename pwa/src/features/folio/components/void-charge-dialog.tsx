import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { EXTRA_MESSAGES } from '@shared/contracts/folio.js';
import { formatRand } from '@shared/format.js';
import { serverMessage } from '@/lib/api.js';
import { useToast } from '@/components/toast/use-toast.js';
import { voidFolioCharge } from '../api/folio-api.js';

/** Void a posted charge, with the reason (kept with the charge; the line stays, marked voided). */
export function VoidChargeDialog({
  bookingId,
  line,
  onClose,
}: {
  bookingId: string;
  line: { chargeId: string; description: string; amount: number };
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!reason.trim()) return setError(EXTRA_MESSAGES.voidReasonRequired);
    setSaving(true);
    try {
      await voidFolioCharge(bookingId, line.chargeId, reason.trim());
      toast({ title: `Charge voided: ${line.description}`, variant: 'success' });
      onClose();
    } catch (err) {
      setError(serverMessage(err) ?? 'The charge could not be voided. Check the connection and try again.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="void-charge-title">
      <DialogTitle id="void-charge-title">Void charge?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {line.description}, {formatRand(line.amount)}. The line stays on the folio, marked voided.
        </DialogContentText>
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} fullWidth required slotProps={{ htmlInput: { maxLength: 500 } }} />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          Keep it
        </Button>
        <Button color="error" variant="contained" disabled={saving} onClick={() => void submit()} sx={{ minHeight: 44 }}>
          Void charge
        </Button>
      </DialogActions>
    </Dialog>
  );
}
