import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { REGISTER_MESSAGES, type RegisterEntryFieldsInput } from '@shared/contracts/lodger-register.js';
import { registerProgressLabel } from '@shared/domain/lodger-register.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useBookingRegister, useOnline } from '@/offline/hooks.js';
import { OfflineEditError, saveRegisterEntry } from '@/offline/outbox.js';
import type { DeskBooking } from '@/offline/queries.js';
import { RegisterEntryForm } from './register-entry-form.js';

export const REGISTER_INCOMPLETE_WARNING = 'Not every adult is in the register yet. You may check in now; the stay is listed as Register incomplete until the rest are added.';

/**
 * Check-in with the register of lodgers: who is registered (pending ones saved here and not yet
 * sent), "Add to register" for the rest, and Check in, which the lodge's rule holds back until
 * the register is complete ('refuse') or lets through with a warning ('warn').
 */
export function CheckInDialog({
  booking,
  onClose,
  onCheckIn,
}: {
  /** The booking being checked in; null: closed. */
  booking: DeskBooking | null;
  onClose: () => void;
  /** Absent: the stay cannot be checked in now (already in, or later); the dialog only registers. */
  onCheckIn?: () => void | Promise<void>;
}) {
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  return (
    <Dialog
      open={booking !== null}
      // A tap beside the dialog (a signature stroke that runs over its edge) must not throw away a half-filled entry.
      onClose={(_e, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="check-in-title">
      {booking && <Body booking={booking} onClose={onClose} onCheckIn={onCheckIn} />}
    </Dialog>
  );
}

function Body({ booking, onClose, onCheckIn }: { booking: DeskBooking; onClose: () => void; onCheckIn?: () => void | Promise<void> }) {
  const register = useBookingRegister(booking.id);
  const [adding, setAdding] = useState(false);
  const { toast } = useToast();
  const online = useOnline();
  if (register === undefined) return null;
  const progress = register?.progress;
  const incomplete = progress !== undefined && !progress.complete;
  const refused = incomplete && register?.checkInRule === 'refuse';

  const save = async (fields: RegisterEntryFieldsInput, files: { signature: Blob; idCopy: Blob }): Promise<string | null> => {
    try {
      await saveRegisterEntry(booking.id, fields, files);
      toast({
        title: `Added to the register: ${fields.fullNames.trim()} ${fields.surname.trim()}`,
        description: online ? 'Saved. Sending to the server.' : 'Saved on this device. It is sent when the connection is back.',
        variant: 'success',
      });
      setAdding(false);
      return null;
    } catch (err) {
      return err instanceof OfflineEditError ? err.message : err instanceof Error ? err.message : String(err);
    }
  };

  return (
    <>
      <DialogTitle id="check-in-title">
        {onCheckIn ? 'Check in' : 'Register of'} {booking.guestName}
      </DialogTitle>
      <DialogContent dividers>
        {adding ? (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
              Add an adult to the register{progress ? ` (${progress.registered + 1} of ${progress.expected})` : ''}
            </Typography>
            <RegisterEntryForm onSave={save} onCancel={() => setAdding(false)} />
          </>
        ) : (
          <>
            {progress && (
              <Typography variant="h6" component="p" data-testid="register-progress" sx={{ mb: 1 }}>
                {registerProgressLabel(progress)}
              </Typography>
            )}
            {register && register.people.length > 0 ? (
              <Box component="ul" aria-label="Registered" sx={{ m: 0, p: 0, mb: 2 }}>
                {register.people.map((p) => (
                  <Box
                    component="li"
                    key={p.entryId}
                    sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}
                  >
                    <Typography sx={{ flexGrow: 1, fontWeight: 500 }}>
                      {p.fullNames} {p.surname}
                    </Typography>
                    {p.pending && <Chip size="small" color="warning" variant="outlined" label="Not synced" />}
                    {!p.complete && <Chip size="small" color="error" variant="outlined" label="Signature or ID copy missing" />}
                  </Box>
                ))}
              </Box>
            ) : (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Nobody of this stay is in the register yet.
              </Typography>
            )}
            {incomplete && (
              <Button variant="outlined" startIcon={<PersonAdd />} onClick={() => setAdding(true)} sx={{ minHeight: 48, mb: 2 }}>
                Add to register
              </Button>
            )}
            {!onCheckIn ? null : refused ? (
              <Alert severity="error">{REGISTER_MESSAGES.registerIncompleteRefused}</Alert>
            ) : incomplete ? (
              <Alert severity="warning">{REGISTER_INCOMPLETE_WARNING}</Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      {!adding && (
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} sx={{ minHeight: 48 }}>
            {onCheckIn ? 'Not yet' : 'Close'}
          </Button>
          {onCheckIn && (
            <Button variant="contained" disabled={refused} onClick={() => void onCheckIn()} sx={{ minHeight: 48, minWidth: 140 }}>
              Check in
            </Button>
          )}
        </DialogActions>
      )}
    </>
  );
}
