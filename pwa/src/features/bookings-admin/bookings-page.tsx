import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Download from '@mui/icons-material/Download';
import Visibility from '@mui/icons-material/Visibility';
import type { Booking } from '@shared/contracts/bookings.js';
import { BOOKING_STATUSES, allowedNextStatuses, type BookingStatus, type PaymentStatus } from '@shared/domain/booking-status.js';
import { can, type Role } from '@shared/roles.js';
import { OfflineEditError, setBookingStatus, useBookings, useSyncStatus, type DeskBooking } from '@/offline/index.js';
import { PageHeader } from '@/components/page-header.js';
import { CardList, ItemCard, useStacked } from '@/components/stacked-list.js';
import { ListFilters, type FilterOption } from '@/components/list-filters.js';
import { FigureCard } from '@/components/figure-card.js';
import { LoadingState } from '@/components/loading-state.js';
import { NotSyncedChip, STATUS_COLOURS } from '@/components/booking-status-chip.js';
import { BookingDetailsDialog } from '@/components/booking-details-dialog.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { ApiError, NetworkError } from '@/lib/api.js';
import { downloadCsv } from '@/lib/csv.js';
import { formatRand } from '@/lib/format.js';
import { formatMonthDay, formatMonthDayYear } from '@/lib/dates-display.js';
import { BookingPayments } from '@/features/payments-admin/booking-payments.js';
import { deleteBooking } from './api/delete-booking.js';
import { NewBookingDialog } from './new-booking-dialog.js';
import { useWindowedRows } from './windowed-rows.js';
import { EditBookingDialog } from './edit-booking-dialog.js';
import {
  bookingSummary,
  bookingsCsv,
  filterBookings,
  paymentBadgeColours,
  shortId,
  sortBookings,
  splitPackages,
  type SortDir,
  type SortKey,
  type StatusFilter,
} from './bookings-list.js';

const STATUS_OPTIONS: FilterOption<StatusFilter>[] = [{ value: 'all', label: 'All Statuses' }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: s }))];
const ALL_ROWS = -1;
const PAGE_SIZES = [25, 50, 100, { label: 'All', value: ALL_ROWS }];
/** Longer lists scroll inside the card with only the rows in view drawn (windowed-rows.ts). */
const WINDOW_FROM = 100;
/**
 * On a phone the cards are paged, never all drawn: at most 50 to a page (a page size of 100
 * or All chosen on a wider screen shows 50), so hundreds of bookings cost what 50 do. Paged
 * rather than windowed: a card's height varies (a long e-mail wraps, a Not synced chip), which
 * a fixed-height window gets wrong, and a box scrolling inside the page fights the thumb that
 * scrolls the page itself.
 */
const PHONE_MAX_PAGE = 50;
const PHONE_PAGE_SIZES = [10, 25, PHONE_MAX_PAGE];
/** The cards have no column headers to sort by: each header's two orders, as one choice. */
const SORT_CHOICES: { key: SortKey; dir: SortDir; label: string }[] = [
  { key: 'checkInDate', dir: 'desc', label: 'Check-in, latest first' },
  { key: 'checkInDate', dir: 'asc', label: 'Check-in, earliest first' },
  { key: 'guestName', dir: 'asc', label: 'Guest, A to Z' },
  { key: 'guestName', dir: 'desc', label: 'Guest, Z to A' },
  { key: 'unitName', dir: 'asc', label: 'Unit, A to Z' },
  { key: 'unitName', dir: 'desc', label: 'Unit, Z to A' },
  { key: 'totalAmount', dir: 'desc', label: 'Total, highest first' },
  { key: 'totalAmount', dir: 'asc', label: 'Total, lowest first' },
  { key: 'status', dir: 'asc', label: 'Status, A to Z' },
  { key: 'status', dir: 'desc', label: 'Status, Z to A' },
  { key: 'id', dir: 'asc', label: 'Booking ID, A to Z' },
  { key: 'id', dir: 'desc', label: 'Booking ID, Z to A' },
];
export const NEEDS_CONNECTION = 'This needs a connection. It will be available when this device is back online.';

/** Booking Management (docs/product.md, Booking Management), read from this device's store. */
export function BookingsPage() {
  const all = useBookings();
  const { user } = useAuth();
  const role = user?.role ?? null;
  const { online } = useSyncStatus();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>({ key: 'checkInDate', dir: 'desc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [details, setDetails] = useState<Booking | null>(null);
  const [deleting, setDeleting] = useState<Booking | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const stacked = useStacked();
  const rowsPerPage = stacked && (pageSize === ALL_ROWS || pageSize > PHONE_MAX_PAGE) ? PHONE_MAX_PAGE : pageSize;

  // ?action=new opens the new-booking dialog once, then leaves the address.
  useEffect(() => {
    if (params.get('action') === 'new') {
      setCreating(true);
      const next = new URLSearchParams(params);
      next.delete('action');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const filtered = useMemo(() => (all ? filterBookings(all, status, search) : undefined), [all, status, search]);
  const { unitBookings, packageBookings } = useMemo(() => splitPackages(filtered ?? []), [filtered]);
  const sorted = useMemo(() => sortBookings(unitBookings, sort.key, sort.dir), [unitBookings, sort]);
  const summary = useMemo(() => bookingSummary([...unitBookings, ...packageBookings]), [unitBookings, packageBookings]);
  const perPage = rowsPerPage === ALL_ROWS ? Math.max(1, sorted.length) : rowsPerPage;
  const lastPage = Math.max(0, Math.ceil(sorted.length / perPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = useMemo(() => sorted.slice(shownPage * perPage, shownPage * perPage + perPage), [sorted, shownPage, perPage]);
  const windowed = !stacked && pageRows.length > WINDOW_FROM;
  const rowsWindow = useWindowedRows(pageRows.length, windowed);

  if (!all)
    return (
      <>
        <PageHeader title="Booking Management" subtitle="Search, create and update guest bookings" />
        <LoadingState label="Loading..." />
      </>
    );
  const canDelete = can(role, 'deleteBookings');
  // The row as it is now (a pull or a queued edit may have changed it since the dialog opened).
  const editing = editingId ? (all.find((b) => b.id === editingId) ?? null) : null;

  const sortBy = (key: SortKey) => setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }));
  const sortedPackages = sortBookings(packageBookings, sort.key, sort.dir);
  const exportCsv = () => downloadCsv('bookings.csv', bookingsCsv([...sorted, ...sortedPackages]));
  const itemProps = { role, canDelete, online, onView: setDetails, onEdit: (b: DeskBooking) => setEditingId(b.id), onDelete: setDeleting };
  const pager = (
    <TablePagination
      component="div"
      count={sorted.length}
      page={shownPage}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={stacked ? PHONE_PAGE_SIZES : PAGE_SIZES}
      // 'Rows per page:' pushes the pager past a 390 px screen (it then scrolls inside itself).
      labelRowsPerPage={stacked ? 'Per page:' : undefined}
      onPageChange={(_, p) => setPage(p)}
      onRowsPerPageChange={(e) => {
        setPageSize(Number(e.target.value));
        setPage(0);
      }}
    />
  );

  return (
    <>
      <PageHeader
        title="Booking Management"
        subtitle="Search, create and update guest bookings"
        actions={
          <>
            <Button component={RouterLink} to="/admin/calendar" variant="outlined" startIcon={<CalendarMonth />} sx={{ minHeight: 44 }}>
              View Calendar
            </Button>
            <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setCreating(true)} sx={{ minHeight: 44 }}>
              New Booking
            </Button>
          </>
        }
      />

      <Grid container spacing={2} component="section" aria-label="Booking summary" sx={{ mb: 3 }}>
        <FigureCard title="Total Bookings" value={String(summary.total)} />
        <FigureCard title="Confirmed" value={String(summary.confirmed)} />
        <FigureCard title="Total Revenue" value={formatRand(summary.revenue)} />
        <FigureCard title="Average Booking" value={formatRand(summary.average)} />
      </Grid>

      <ListFilters
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(0);
        }}
        searchPlaceholder="Guest name, email or booking ID"
        filterLabel="Status"
        filter={status}
        onFilter={(value) => {
          setStatus(value);
          setPage(0);
        }}
        options={STATUS_OPTIONS}
        filterWidth={220}
      >
        <Button variant="outlined" startIcon={<Download />} onClick={exportCsv} sx={{ minHeight: 56 }}>
          Export CSV
        </Button>
      </ListFilters>

      {stacked ? (
        <Box sx={{ mb: 3 }}>
          <TextField
            select
            label="Sort by"
            value={`${sort.key} ${sort.dir}`}
            onChange={(e) => {
              const [key, dir] = e.target.value.split(' ') as [SortKey, SortDir];
              setSort({ key, dir });
            }}
            sx={{ mb: 2, maxWidth: { sm: 320 } }}
          >
            {SORT_CHOICES.map((c) => (
              <MenuItem key={`${c.key} ${c.dir}`} value={`${c.key} ${c.dir}`}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          <CardList label="Bookings" empty={pageRows.length === 0 ? 'No bookings found.' : null} footer={pager}>
            {pageRows.map((b) => (
              <BookingCard key={b.id} booking={b} {...itemProps} />
            ))}
          </CardList>
        </Box>
      ) : (
        <Card variant="outlined" component="section" aria-label="Bookings" sx={{ mb: 3 }}>
          <TableContainer
            ref={rowsWindow.boxRef}
            onScroll={windowed ? rowsWindow.onScroll : undefined}
            data-testid="bookings-scroll"
            sx={windowed ? { maxHeight: '70vh', overflowY: 'auto' } : undefined}
          >
            <Table size="small" stickyHeader={windowed} sx={{ minWidth: 860, '& td, & th': { px: { md: 0.75, xl: 1 } } }}>
              <TableHead>
                <TableRow>
                  <SortHead label="Booking ID" k="id" sort={sort} onSort={sortBy} />
                  <SortHead label="Guest" k="guestName" sort={sort} onSort={sortBy} />
                  <SortHead label="Unit" k="unitName" sort={sort} onSort={sortBy} />
                  <SortHead label="Dates" k="checkInDate" sort={sort} onSort={sortBy} />
                  <SortHead label="Total" k="totalAmount" sort={sort} onSort={sortBy} />
                  <SortHead label="Status" k="status" sort={sort} onSort={sortBy} />
                  <TableCell>Payment</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {pageRows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>
                      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                        No bookings found.
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {rowsWindow.padTop > 0 && <TableRow aria-hidden sx={{ height: rowsWindow.padTop }} />}
                {pageRows.slice(rowsWindow.first, rowsWindow.last).map((b) => (
                  <BookingRow key={b.id} booking={b} {...itemProps} />
                ))}
                {rowsWindow.padBottom > 0 && <TableRow aria-hidden sx={{ height: rowsWindow.padBottom }} />}
              </TableBody>
            </Table>
          </TableContainer>
          {pager}
        </Card>
      )}

      {stacked ? (
        <CardList label="Entire Lodge Bookings" heading="Entire Lodge Bookings" empty={packageBookings.length === 0 ? 'No entire-lodge bookings found.' : null}>
          {sortedPackages.map((b) => (
            <BookingCard key={b.id} booking={b} {...itemProps} />
          ))}
        </CardList>
      ) : (
        <Card variant="outlined" component="section" aria-label="Entire Lodge Bookings">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Entire Lodge Bookings
            </Typography>
            {packageBookings.length === 0 ? (
              <Typography color="text.secondary">No entire-lodge bookings found.</Typography>
            ) : (
              <TableContainer>
                <Table size="small" sx={{ minWidth: 860, '& td, & th': { px: { md: 0.75, xl: 1 } } }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Booking ID</TableCell>
                      <TableCell>Guest</TableCell>
                      <TableCell>Unit</TableCell>
                      <TableCell>Dates</TableCell>
                      <TableCell>Total</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Payment</TableCell>
                      <TableCell align="right">Actions</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {sortedPackages.map((b) => (
                      <BookingRow key={b.id} booking={b} {...itemProps} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </CardContent>
        </Card>
      )}

      <BookingDetailsDialog booking={details} onClose={() => setDetails(null)}>
        {details && can(role, 'managePayments') ? <BookingPayments bookingId={details.id} /> : null}
      </BookingDetailsDialog>
      <EditBookingDialog booking={editing} role={role} online={online} onClose={() => setEditingId(null)} />
      <DeleteDialog booking={deleting} online={online} onClose={() => setDeleting(null)} />
      <NewBookingDialog open={creating} online={online} onClose={() => setCreating(false)} />
    </>
  );
}


function SortHead({ label, k, sort, onSort }: { label: string; k: SortKey; sort: { key: SortKey; dir: SortDir }; onSort: (k: SortKey) => void }) {
  const active = sort.key === k;
  return (
    <TableCell sortDirection={active ? sort.dir : false}>
      <TableSortLabel active={active} direction={active ? sort.dir : 'asc'} onClick={() => onSort(k)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

function PaymentBadge({ status }: { status: PaymentStatus | null | undefined }) {
  const c = paymentBadgeColours(status);
  return <Chip size="small" label={status ?? 'Pending'} sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 600 }} />;
}

interface BookingItemProps {
  booking: DeskBooking;
  role: Role | null;
  canDelete: boolean;
  online: boolean;
  onView: (b: Booking) => void;
  onEdit: (b: DeskBooking) => void;
  onDelete: (b: Booking) => void;
}

const stayDates = (b: Booking) => `${formatMonthDay(b.checkInDate)} – ${formatMonthDayYear(b.checkOutDate)}`;

function UnitName({ booking }: { booking: Booking }) {
  if (booking.unitId !== null) return <>{booking.unitName}</>;
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>Entire Lodge</span>
      <Chip size="small" label="Package" sx={{ bgcolor: '#ede9fe', color: '#4c1d95', fontWeight: 600 }} />
    </Stack>
  );
}

/** The status as a chip-coloured select offering the moves the state machine allows this role. */
function StatusSelect({ booking, role, fullWidth = true }: { booking: DeskBooking; role: Role | null; fullWidth?: boolean }) {
  const { toast } = useToast();
  const options = role ? allowedNextStatuses(booking.status, role) : [booking.status];
  const change = async (next: BookingStatus) => {
    if (next === booking.status) return;
    try {
      await setBookingStatus(booking.id, next);
      toast({ title: 'Booking updated successfully!', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof OfflineEditError ? err.message : 'Failed to update booking', variant: 'destructive' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        fullWidth={fullWidth}
        value={booking.status}
        onChange={(e) => void change(e.target.value as BookingStatus)}
        slotProps={{ htmlInput: { 'aria-label': `Status of ${booking.guestName}` } }}
        sx={{ minWidth: 120, '& .MuiSelect-select': { fontSize: 14, bgcolor: STATUS_COLOURS[booking.status].bg, color: STATUS_COLOURS[booking.status].fg, fontWeight: 600 } }}
      >
        {options.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      {booking.pendingSync && <NotSyncedChip />}
    </Stack>
  );
}

function BookingActions({ booking, canDelete, online, onView, onEdit, onDelete }: Omit<BookingItemProps, 'role'>) {
  return (
    <>
      <Tooltip title="View details">
        <IconButton aria-label={`View booking ${shortId(booking.id)}`} onClick={() => onView(booking)}>
          <Visibility />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit booking">
        <IconButton aria-label={`Edit booking ${shortId(booking.id)}`} onClick={() => onEdit(booking)}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      {canDelete && (
        <Tooltip title={online ? 'Delete booking' : NEEDS_CONNECTION}>
          <span>
            <IconButton aria-label={`Delete booking ${shortId(booking.id)}`} onClick={() => onDelete(booking)} disabled={!online} sx={{ color: '#b91c1c' }}>
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );
}

function BookingRow({ booking, role, ...actions }: BookingItemProps) {
  return (
    <TableRow hover data-row>
      <TableCell sx={{ fontFamily: 'monospace' }}>{shortId(booking.id)}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {booking.guestName}
        </Typography>
        {/* On a tablet or a laptop beside the sidebar (900-1536 px) the whole row must fit beside its actions: a long
            address is cut short there, in full on hover and in the details dialog. */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          noWrap
          title={booking.guestEmail}
          sx={{ maxWidth: { md: 130, xl: 260 } }}
        >
          {booking.guestEmail}
        </Typography>
      </TableCell>
      <TableCell>
        <UnitName booking={booking} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{stayDates(booking)}</TableCell>
      <TableCell>{formatRand(booking.totalAmount)}</TableCell>
      <TableCell>
        <StatusSelect booking={booking} role={role} />
      </TableCell>
      <TableCell>
        <PaymentBadge status={booking.paymentStatus} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <BookingActions booking={booking} {...actions} />
      </TableCell>
    </TableRow>
  );
}

/** A row of the table as a card on a phone: the same fields, select and buttons (same names). */
function BookingCard({ booking, role, ...actions }: BookingItemProps) {
  const id = shortId(booking.id);
  return (
    <ItemCard
      title={booking.guestName}
      label={`Booking ${id} of ${booking.guestName}`}
      subtitle={booking.guestEmail}
      fields={[
        ['Booking ID', <Box component="span" sx={{ fontFamily: 'monospace' }}>{id}</Box>],
        ['Unit', <UnitName booking={booking} />],
        ['Dates', stayDates(booking)],
        ['Total', formatRand(booking.totalAmount)],
        // As wide as its text, like the chip it looks like: the theme makes text fields full width.
        ['Status', <StatusSelect booking={booking} role={role} fullWidth={false} />],
        ['Payment', <PaymentBadge status={booking.paymentStatus} />],
      ]}
      actions={<BookingActions booking={booking} {...actions} />}
    />
  );
}

function DeleteDialog({ booking, online, onClose }: { booking: Booking | null; online: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!booking) return;
    setBusy(true);
    try {
      await deleteBooking(booking);
      toast({ title: 'Booking deleted successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      const description =
        err instanceof NetworkError ? NEEDS_CONNECTION : err instanceof ApiError ? (err.serverMessage ?? 'Failed to delete booking') : 'Failed to delete booking';
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={booking !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Delete Booking</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Are you sure you want to delete the booking {booking ? shortId(booking.id) : ''} of {booking?.guestName}? This cannot be undone.
        </DialogContentText>
        {!online && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {NEEDS_CONNECTION}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={busy || !online}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
