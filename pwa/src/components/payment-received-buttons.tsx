import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';

export const PAYMENT_RECEIVED_METHODS = ['Cash', 'EFT', 'Card'] as const;
export type PaymentReceivedMethod = (typeof PAYMENT_RECEIVED_METHODS)[number];

/**
 * "Payment received" by method, as the front desk and the back office's payments section
 * offer it; the caller sends it through the outbox (booking.paymentReceived), so it works
 * offline too.
 */
export function PaymentReceivedButtons({ onReceived }: { onReceived: (method: PaymentReceivedMethod) => void }) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {PAYMENT_RECEIVED_METHODS.map((method) => (
        <Button key={method} variant="outlined" onClick={() => onReceived(method)} aria-label={`Payment received: ${method}`} sx={{ minHeight: 48, minWidth: 96 }}>
          {method}
        </Button>
      ))}
    </Stack>
  );
}
