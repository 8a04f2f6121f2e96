import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatRand } from '@shared/format.js';

export const PAYMENT_RECEIVED_METHODS = ['Cash', 'EFT', 'Card'] as const;
export type PaymentReceivedMethod = (typeof PAYMENT_RECEIVED_METHODS)[number];

/** The server e-mails the guest a payment confirmation when it records the money. */
export const PAYMENT_EMAIL_NOTE = 'The guest will be e-mailed a payment confirmation.';

const METHOD_WORDS: Record<PaymentReceivedMethod, string> = { Cash: 'cash', EFT: 'EFT', Card: 'card at the desk' };

/**
 * "Payment received" by method, as the front desk and the back office's payments section
 * offer it; the caller sends it through the outbox (booking.paymentReceived), so it works
 * offline too. Each asks first, naming the amount and the method: the server records what is
 * still owed and e-mails the guest, neither of which a slip of the finger should do.
 */
export function PaymentReceivedButtons({
  amount,
  guestName,
  onReceived,
}: {
  /** What is recorded: the amount still owed (the booking's total while nothing is paid). */
  amount: number;
  guestName: string;
  onReceived: (method: PaymentReceivedMethod) => void;
}) {
  const [asking, setAsking] = useState<PaymentReceivedMethod | null>(null);
  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {PAYMENT_RECEIVED_METHODS.map((method) => (
          <Button key={method} variant="outlined" onClick={() => setAsking(method)} aria-label={`Payment received: ${method}`} sx={{ minHeight: 48, minWidth: 96 }}>
            {method}
          </Button>
        ))}
      </Stack>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} fullWidth maxWidth="xs" aria-labelledby="payment-confirm-title">
        {asking && (
          <>
            <DialogTitle id="payment-confirm-title">
              Record payment of {formatRand(amount)} by {METHOD_WORDS[asking]}?
            </DialogTitle>
            <DialogContent>
              <DialogContentText>
                From {guestName}. The booking is marked Paid. {PAYMENT_EMAIL_NOTE}
              </DialogContentText>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setAsking(null)} sx={{ minHeight: 44 }}>
                Not received
              </Button>
              <Button
                variant="contained"
                sx={{ minHeight: 44 }}
                onClick={() => {
                  const method = asking;
                  setAsking(null);
                  onReceived(method);
                }}
              >
                Record payment
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
