import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassTop from '@mui/icons-material/HourglassTop';
import type { BookingLookupResponse } from '@shared/contracts/bookings.js';
import { formatLodgeDateTimeSast, formatRand } from '@shared/format.js';
import { useBookingLookup } from '../api/lookup-booking.js';
import { PriceLine, StaySummary } from './stay-summary.js';
import { RequestProblem } from './network-notice.js';
import { useStayTimes } from '@/features/settings/api/use-public-settings.js';

/** The booking as the guest may see it (by reference and e-mail), with what happens next. */
export function BookingDetails({ reference, email, headingLevel = 'h2' }: { reference: string; email: string; headingLevel?: 'h1' | 'h2' }) {
  const lookup = useBookingLookup(reference, email);
  if (lookup.isPending) {
    return (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading your booking">
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  if (lookup.isError) {
    return <RequestProblem error={lookup.error} title="Booking not found" fallback="Booking not found" needs="Showing your booking" onRetry={() => lookup.refetch()} />;
  }
  return <BookingDetailsView booking={lookup.data} headingLevel={headingLevel} />;
}

export function BookingDetailsView({ booking, headingLevel }: { booking: BookingLookupResponse; headingLevel: 'h1' | 'h2' }) {
  const paid = booking.paymentStatus === 'Paid';
  const times = useStayTimes();
  const cancelled = booking.status === 'Cancelled';
  const heading = cancelled ? 'Booking cancelled' : paid ? 'Your booking is confirmed' : 'Your booking is reserved';
  const where = booking.unitName ? `${booking.accommodationTypeName} · ${booking.unitName}` : booking.accommodationTypeName;
  return (
    <Stack spacing={3}>
      <Box sx={{ textAlign: 'center' }}>
        {paid ? (
          <CheckCircle color="success" sx={{ fontSize: 56 }} aria-hidden />
        ) : (
          <HourglassTop color="secondary" sx={{ fontSize: 56 }} aria-hidden />
        )}
        <Typography variant="h4" component={headingLevel} sx={{ mt: 1 }}>
          {heading}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Booking reference
        </Typography>
        <Typography
          data-testid="booking-reference"
          sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '1.6rem', fontWeight: 700, letterSpacing: 2 }}
        >
          {booking.reference}
        </Typography>
        <Stack direction="row" spacing={1} justifyContent="center" sx={{ mt: 1 }}>
          <Chip label={booking.status} color={booking.status === 'Confirmed' ? 'success' : 'default'} size="small" />
          <Chip label={`Payment ${booking.paymentStatus}`} variant="outlined" size="small" />
        </Stack>
      </Box>

      <StaySummary name={where} checkIn={booking.checkInDate} checkOut={booking.checkOutDate} guests={booking.numberOfGuests} units={booking.unitCount}>
        <PriceLine label={paid ? `Paid by ${booking.paymentMethod === 'Card' ? 'card' : booking.paymentMethod}` : 'Amount due'} amount={formatRand(booking.totalAmount)} strong />
      </StaySummary>

      {booking.bankDetails && (
        <Alert severity="info" icon={false}>
          <AlertTitle>Pay by EFT to</AlertTitle>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            <BankRow label="Bank" value={booking.bankDetails.bankName} />
            <BankRow label="Account holder" value={booking.bankDetails.accountHolder} />
            <BankRow label="Account number" value={booking.bankDetails.accountNumber} />
            <BankRow label="Branch code" value={booking.bankDetails.branchCode} />
            <BankRow label="Reference" value={booking.reference} />
            <BankRow label="Amount" value={formatRand(booking.totalAmount)} />
          </Box>
        </Alert>
      )}

      <Box>
        <Typography variant="h6" component="h3" gutterBottom>
          What happens next
        </Typography>
        <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 0.75 } }}>
          {booking.bankDetails ? (
            <>
              <li>We have e-mailed you our banking details and this booking reference.</li>
              <li>
                Pay {formatRand(booking.totalAmount)} by EFT with <strong>{booking.reference}</strong> as the payment reference
                {booking.holdExpiresAt ? ` before ${formatLodgeDateTimeSast(booking.holdExpiresAt)}` : ''}. Your stay is held until then.
              </li>
              <li>Once we have verified your payment, we confirm your booking by e-mail.</li>
            </>
          ) : paid ? (
            <>
              <li>Your payment has been received and a confirmation e-mail is on its way.</li>
              <li>
                Check-in is from {times.checkIn} on your arrival day; check-out by {times.checkOut}.
              </li>
              <li>Questions or special requests? Reply to your confirmation e-mail or contact us.</li>
            </>
          ) : (
            <li>We will be in touch by e-mail about this booking.</li>
          )}
        </Box>
      </Box>
    </Stack>
  );
}

function BankRow({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" fontWeight={600} sx={{ m: 0 }}>
        {value ?? '-'}
      </Typography>
    </>
  );
}
