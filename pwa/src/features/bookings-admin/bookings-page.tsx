import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Download from '@mui/icons-material/Download';
import type { Booking } from '@shared/contracts/bookings.js';
import { BOOKING_STATUSES } from '@shared/domain/booking-status.js';
import { can } from '@shared/roles.js';
import { useBookings, useSyncStatus } from '@/offline/hooks.js';
import type { DeskBooking } from '@/offline/queries.js';
import { PageHeader } from '@/components/page-header.js';
import { CardList, useStacked } from '@/components/stacked-list.js';
import { ListFilters, type FilterOption } from '@/components/list-filters.js';
import { FigureCard } from '@/components/figure-card.js';
import { LoadingState } from '@/components/loading-state.js';
import { BookingDetailsDialog } from '@/components/booking-details-dialog.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { downloadCsv } from '@/lib/csv.js';
import { formatRand } from '@shared/format.js';
import { NewBookingDialog } from './new-booking-dialog.js';
import { EditBookingDialog } from './edit-booking-dialog.js';
import {
  bookingSummary,
  bookingsCsv,
  filterBookings,
  sortBookings,
  splitPackages,
  type SortDir,
  type SortKey,
  type ChannelFilter,
  type StatusFilter,
  childUnitNames,
} from './bookings-list.js';
import { BookingCard } from './components/booking-card.js';
import { BookingRow } from './components/booking-row.js';
import { BookingsTable } from './components/bookings-table.js';
import { DeleteBookingDialog } from './components/delete-booking-dialog.js';
import { MOVE_OFFLINE, MoveBookingDialog } from '@/components/move-booking-dialog.js';
import { isBlockingStatus } from '@shared/domain/booking-status.js';
import { BOOKING_CHANNELS, STAFF_BOOKING_CHANNELS, channelLabel, type StaffBookingChannel } from '@shared/domain/booking-channel.js';

const STATUS_OPTIONS: FilterOption<StatusFilter>[] = [{ value: 'all', label: 'All Statuses' }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: s }))];
const CHANNEL_OPTIONS: FilterOption<ChannelFilter>[] = [
  { value: 'all', label: 'All Channels' },
  ...BOOKING_CHANNELS.map((c) => ({ value: c, label: c })),
  { value: 'none', label: channelLabel(null) },
];
const ALL_ROWS = -1;
const PAGE_SIZES = [25, 50, 100, { label: 'All', value: ALL_ROWS }];
/**
 * On a phone the cards are paged, never all drawn: at most 50 to a page (a page size of 100
 * or All chosen on a wider screen shows 50), so hundreds of bookings cost what 50 do. Paged
 * rather than windowed: a box scrolling inside the page fights the thumb that scrolls the
 * page itself.
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

/**
 * Booking Management (docs/product.md, Booking Management), read from this device's store.
 * `paymentsSection` is the payments feature's section of the details dialog, shown to those
 * who manage payments; `folioSection` the folio feature's (every staff member);
 * `invoicesSection` the invoices feature's, shown to those who invoice. The app layer hands
 * them in (app/pages/bookings-with-payments.tsx).
 */
export function BookingsPage({
  paymentsSection: PaymentsSection,
  folioSection: FolioSection,
  invoicesSection: InvoicesSection,
}: {
  paymentsSection?: ComponentType<{ bookingId: string }>;
  folioSection?: ComponentType<{ bookingId: string }>;
  invoicesSection?: ComponentType<{ bookingId: string }>;
} = {}) {
  const all = useBookings();
  const { user } = useAuth();
  const role = user?.role ?? null;
  const { online } = useSyncStatus();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [channel, setChannel] = useState<ChannelFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>({ key: 'checkInDate', dir: 'desc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [details, setDetails] = useState<Booking | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);
  const [deleting, setDeleting] = useState<Booking | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // The front desk's New booking starts the channel at Walk-in (?channel=Walk-in).
  const [newChannel, setNewChannel] = useState<StaffBookingChannel | ''>('');
  const stacked = useStacked();
  const rowsPerPage = stacked && (pageSize === ALL_ROWS || pageSize > PHONE_MAX_PAGE) ? PHONE_MAX_PAGE : pageSize;

  // ?action=new opens the new-booking dialog once, then leaves the address.
  useEffect(() => {
    if (params.get('action') === 'new') {
      const channel = params.get('channel');
      setNewChannel(STAFF_BOOKING_CHANNELS.find((c) => c === channel) ?? '');
      setCreating(true);
      const next = new URLSearchParams(params);
      next.delete('action');
      next.delete('channel');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  // ?booking=<id> (the dashboard's payments list) opens that booking's details once it is on this device.
  useEffect(() => {
    const id = params.get('booking');
    if (!id || !all) return;
    const found = all.find((b) => b.id === id);
    if (found) setDetails(found);
    const next = new URLSearchParams(params);
    next.delete('booking');
    setParams(next, { replace: true });
  }, [params, setParams, all]);

  const filtered = useMemo(() => (all ? filterBookings(all, status, search, channel) : undefined), [all, status, search, channel]);
  const { unitBookings, packageBookings } = useMemo(() => splitPackages(filtered ?? []), [filtered]);
  const sorted = useMemo(() => sortBookings(unitBookings, sort.key, sort.dir), [unitBookings, sort]);
  const summary = useMemo(() => bookingSummary([...unitBookings, ...packageBookings]), [unitBookings, packageBookings]);
  const perPage = rowsPerPage === ALL_ROWS ? Math.max(1, sorted.length) : rowsPerPage;
  const lastPage = Math.max(0, Math.ceil(sorted.length / perPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = useMemo(() => sorted.slice(shownPage * perPage, shownPage * perPage + perPage), [sorted, shownPage, perPage]);

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
        <FigureCard title="Total Revenue" value={formatRand(summary.revenue)} caption="Booked value, cancelled excluded" />
        <FigureCard title="Average Booking" value={formatRand(summary.average)} caption="Per booking not cancelled" />
      </Grid>

      <ListFilters
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(0);
        }}
        searchPlaceholder="Guest name, email, booking ID or reference"
        filterLabel="Status"
        filter={status}
        onFilter={(value) => {
          setStatus(value);
          setPage(0);
        }}
        options={STATUS_OPTIONS}
        filterWidth={220}
      >
        <TextField
          select
          label="Channel"
          value={channel}
          onChange={(e) => {
            setChannel(e.target.value as ChannelFilter);
            setPage(0);
          }}
          sx={{ flex: { sm: '0 0 170px' } }}
        >
          {CHANNEL_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
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
        <BookingsTable rows={pageRows} sort={sort} onSort={sortBy} itemProps={itemProps} footer={pager} />
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

      <BookingDetailsDialog
        booking={details}
        onClose={() => setDetails(null)}
        unitNames={details ? childUnitNames(all, details.id) : undefined}
        actions={
          // A stay on one unit or a split stay (all of it, or from a date); not the entire lodge or a group.
          details && (details.unitId !== null || details.isSplitStay) && !details.parentBookingId && isBlockingStatus(details.status) ? (
            <Button
              onClick={() => {
                setMoving(details);
                setDetails(null);
              }}
              disabled={!online}
              title={online ? undefined : MOVE_OFFLINE}
            >
              Move
            </Button>
          ) : null
        }
      >
        {details && FolioSection ? <FolioSection bookingId={details.id} /> : null}
        {details && PaymentsSection && can(role, 'managePayments') ? <PaymentsSection bookingId={details.id} /> : null}
        {details && InvoicesSection && can(role, 'invoices') ? <InvoicesSection bookingId={details.id} /> : null}
      </BookingDetailsDialog>
      <EditBookingDialog booking={editing} role={role} online={online} onClose={() => setEditingId(null)} />
      <DeleteBookingDialog booking={deleting} online={online} onClose={() => setDeleting(null)} />
      <MoveBookingDialog booking={moving} onClose={() => setMoving(null)} />
      <NewBookingDialog
        open={creating}
        online={online}
        channel={newChannel}
        onClose={() => {
          setCreating(false);
          setNewChannel('');
        }}
      />
    </>
  );
}
