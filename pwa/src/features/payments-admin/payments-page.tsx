import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAYMENT_STATUSES } from '@shared/domain/booking-status.js';
import { FigureCard } from '@/components/figure-card.js';
import { LoadingState } from '@/components/loading-state.js';
import { PageHeader } from '@/components/page-header.js';
import { ListFilters, type FilterOption } from '@/components/list-filters.js';
import { formatMonthDay, formatMonthDayYear, formatRand, bookingPlaceLabel, guestContactLabel } from '@shared/format.js';
import { useBookings } from '@/offline/hooks.js';
import type { DeskBooking } from '@/offline/queries.js';
import { BookingPayments } from './booking-payments.js';
import { PaymentStatusBadge } from '@/components/payment-status-badge.js';
import { paymentStatusLabel } from '@/components/payment-status-badge.js';
import { filterPayments, paymentCounts, type PaymentFilter } from './payments-list.js';

const FILTER_OPTIONS: FilterOption<PaymentFilter>[] = [
  { value: 'all', label: 'All Payments' },
  { value: 'awaiting', label: 'Awaiting Payment' },
  ...PAYMENT_STATUSES.map((s) => ({ value: s, label: s })),
];
const PAGE_SIZES = [25, 50, 100];
/** On a phone the row keeps the guest (with the reference), the payment state and the action; the rest is in the dialog. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Payments (SuperAdmin, Manager): every booking's payment state from this device's store,
 * EFT holds waiting for their money first, and one booking's ledger, refunds and "Payment
 * received" in a dialog (the same section as the booking details). ?booking=<id> opens it.
 */
export function PaymentsPage() {
  const all = useBookings({ includeChildren: false });
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<PaymentFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const openId = params.get('booking');

  const rows = useMemo(() => (all ? filterPayments(all, filter, search) : []), [all, filter, search]);
  const counts = useMemo(() => paymentCounts(all ?? []), [all]);

  const header = (
    <PageHeader
      title="Payments"
      subtitle="Payment history, refunds and payments received"
      actions={
        <Button variant="outlined" component={RouterLink} to="/admin/payments/reconcile">
          Reconcile bank statement
        </Button>
      }
    />
  );
  if (!all)
    return (
      <>
        {header}
        <LoadingState label="Loading..." />
      </>
    );

  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('booking', id);
    else next.delete('booking');
    setParams(next, { replace: true });
  };
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = rows.slice(shownPage * pageSize, shownPage * pageSize + pageSize);
  const opened = openId ? all.find((b) => b.id === openId) : undefined;

  return (
    <>
      {header}
      <Grid container spacing={2} component="section" aria-label="Payment summary" sx={{ mb: 3 }}>
        <FigureCard title="Awaiting Payment" value={String(counts.awaiting)} />
        <FigureCard title="Paid" value={String(counts.paid)} />
        <FigureCard title="Partially Refunded" value={String(counts.partiallyRefunded)} />
        <FigureCard title="Refunded" value={String(counts.refunded)} />
      </Grid>

      <ListFilters
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(0);
        }}
        searchPlaceholder="Guest name, email or reference"
        filterLabel="Payment"
        filter={filter}
        onFilter={(value) => {
          setFilter(value);
          setPage(0);
        }}
        options={FILTER_OPTIONS}
        filterWidth={240}
      />

      <Card variant="outlined" component="section" aria-label="Bookings and their payments">
        <TableContainer>
          <Table size="small" sx={{ minWidth: { xs: 0, sm: 720 }, '& td, & th': { px: { xs: 0.75, sm: 1 } } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={WIDE_ONLY}>Reference</TableCell>
                <TableCell>Guest</TableCell>
                <TableCell sx={WIDE_ONLY}>Dates</TableCell>
                <TableCell sx={WIDE_ONLY}>Total</TableCell>
                <TableCell sx={WIDE_ONLY}>Method</TableCell>
                <TableCell>Payment</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      No bookings found.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {pageRows.map((b) => (
                <PaymentRow key={b.id} booking={b} onOpen={() => open(b.id)} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={shownPage}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </Card>

      <Dialog open={opened !== undefined} onClose={() => open(null)} fullWidth maxWidth="sm">
        {opened && (
          <>
            <DialogTitle>
              {opened.guestName} · {opened.reference}
            </DialogTitle>
            <DialogContent>
              <Typography color="text.secondary">
                {formatMonthDay(opened.checkInDate)} – {formatMonthDayYear(opened.checkOutDate)} · {bookingPlaceLabel(opened)} · Total{' '}
                {formatRand(opened.totalAmount)}
              </Typography>
              <BookingPayments bookingId={opened.id} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => open(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}

function PaymentRow({ booking: b, onOpen }: { booking: DeskBooking; onOpen: () => void }) {
  return (
    <TableRow hover>
      <TableCell sx={{ ...WIDE_ONLY, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{b.reference}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {b.guestName}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, fontFamily: 'monospace' }}>
          {b.reference}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, overflowWrap: 'anywhere' }}>
          {guestContactLabel(b)}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
        {formatMonthDay(b.checkInDate)} – {formatMonthDayYear(b.checkOutDate)}
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{formatRand(b.totalAmount)}</TableCell>
      <TableCell sx={WIDE_ONLY}>{b.paymentMethod ?? 'Not set'}</TableCell>
      <TableCell>
        <PaymentStatusBadge status={paymentStatusLabel(b.paymentStatus)} wrap />
      </TableCell>
      <TableCell align="right">
        <Button size="small" onClick={onOpen} aria-label={`Payments of ${b.reference}`} sx={{ minHeight: 44 }}>
          Payments
        </Button>
      </TableCell>
    </TableRow>
  );
}
