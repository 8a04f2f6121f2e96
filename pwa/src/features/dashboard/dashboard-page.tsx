import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RoomService from '@mui/icons-material/RoomService';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Cabin from '@mui/icons-material/Cabin';
import Event from '@mui/icons-material/Event';
import MenuBook from '@mui/icons-material/MenuBook';
import Sell from '@mui/icons-material/Sell';
import Settings from '@mui/icons-material/Settings';
import Download from '@mui/icons-material/Download';
import type { DeskBooking } from '@/offline/queries.js';
import { OfflineEditError, checkOutGuest, setBookingStatus } from '@/offline/outbox.js';
import { useAccommodationTypes, useBookings, useSyncStatus, useUnits } from '@/offline/hooks.js';
import { can, type Role } from '@shared/roles.js';
import { todayInLodge, type IsoDate } from '@shared/domain/dates.js';
import { movementMove, type MovementType } from '@shared/domain/stay-movement.js';
import { StatusConfirmDialog, needsStatusConfirm, type CheckOutChoice } from '@/components/status-confirm-dialog.js';
import { PageHeader } from '@/components/page-header.js';
import { FigureCard, GUEST_SATISFACTION } from '@/components/figure-card.js';
import { LoadingState } from '@/components/loading-state.js';
import { BookingStatusChip, NotSyncedChip } from '@/components/booking-status-chip.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { formatLodgeDateTime, formatMonthDay, formatRand, bookingPlaceLabel } from '@shared/format.js';
import { ApiError, NetworkError } from '@/lib/api.js';
import { useSystemStatus } from './api/system-status.js';
import { SetupChecklistCard } from './setup-checklist-card.js';
import { PaymentsAttentionCard } from './payments-attention-card.js';
import { RegisterIncompleteCard } from './register-incomplete-card.js';
import { ChannelClashesCard } from './channel-clashes-card.js';
import { downloadCsv } from '@/lib/csv.js';
import {
  OVERVIEW_TYPE_COUNT,
  dashboardFigures,
  nightlyOccupancy,
  recentBookings,
  upcomingCsv,
  upcomingMovements,
} from './dashboard-figures.js';

const OccupancyChart = lazy(() => import('./occupancy-chart.js'));

/**
 * The staff dashboard (docs/product.md, Dashboard), read from this device's store so it
 * renders offline from the last data; Check in / Check out go through the outbox.
 */
export function DashboardPage() {
  const bookings = useBookings();
  const units = useUnits();
  const types = useAccommodationTypes();
  const { user } = useAuth();
  const today = todayInLodge(new Date());

  const activeUnitIds = useMemo(() => (units ? units.filter((u) => u.isActive).map((u) => u.id) : undefined), [units]);
  const figures = useMemo(() => (bookings && activeUnitIds ? dashboardFigures(bookings, activeUnitIds, today) : undefined), [bookings, activeUnitIds, today]);
  const upcoming = useMemo(() => (bookings ? upcomingMovements(bookings, today) : []), [bookings, today]);
  const recent = useMemo(() => (bookings ? recentBookings(bookings) : []), [bookings]);
  const occupancy = useMemo(
    () => (bookings && activeUnitIds ? nightlyOccupancy(bookings, activeUnitIds, today) : []),
    [bookings, activeUnitIds, today],
  );

  const header = <PageHeader title="Dashboard" subtitle="Today's lodge operations at a glance" />;
  if (!bookings || !units || !types || !figures)
    return (
      <>
        {header}
        <SetupChecklistCard role={user?.role} />
        <FrontDeskCard />
        <LoadingState label="Loading..." />
      </>
    );
  const manager = can(user?.role, 'rates');
  const reports = can(user?.role, 'reports');

  return (
    <>
      {header}
      <SetupChecklistCard role={user?.role} />
      <FrontDeskCard />
      <RegisterIncompleteCard />
      <ChannelClashesCard role={user?.role} />
      <PaymentsAttentionCard role={user?.role} />
      <Grid container spacing={2} component="section" aria-label="Key figures">
        <FigureCard title="Total Bookings" value={String(figures.total)} caption={`${figures.confirmed} confirmed`} />
        <FigureCard
          title="Occupancy Rate"
          value={`${figures.occupancyPercent}%`}
          caption={`Nights sold / nights available, this month (${figures.bookedUnitNights} of ${figures.availableUnitNights})`}
          to={reports ? '/admin/reports' : undefined}
        />
        <FigureCard title="Revenue" value={formatRand(figures.revenue)} caption="Booked value, cancelled excluded" to={reports ? '/admin/reports' : undefined} />
        <FigureCard title="Guest Satisfaction" value={GUEST_SATISFACTION} caption="Average guest rating" />
      </Grid>

      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Panel
            title="Upcoming Arrivals & Departures"
            subtitle="Next 7 days"
            action={
              <Button size="small" startIcon={<Download />} onClick={() => downloadCsv('arrivals-departures.csv', upcomingCsv(upcoming))} disabled={upcoming.length === 0} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                Export CSV
              </Button>
            }
          >
            {upcoming.length === 0 ? (
              <Typography color="text.secondary">No arrivals or departures in the next 7 days.</Typography>
            ) : (
              <Stack spacing={2}>
                {upcoming.map((day) => (
                  <Box key={day.date} component="section" aria-label={day.label}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                      {day.label}
                    </Typography>
                    <List dense disablePadding>
                      {day.arrivals.map((b) => (
                        <Movement key={`a-${b.id}`} booking={b} kind="arrival" today={today} actor={user?.role} />
                      ))}
                      {day.departures.map((b) => (
                        <Movement key={`d-${b.id}`} booking={b} kind="departure" today={today} actor={user?.role} />
                      ))}
                    </List>
                  </Box>
                ))}
              </Stack>
            )}
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <Panel title="Quick Actions">
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <QuickAction to="/admin/bookings?action=new" icon={<AddCircleOutline />} label="New Booking" />
                <QuickAction to="/admin/calendar" icon={<CalendarMonth />} label="View Calendar" />
                <QuickAction to="/admin/bookings" icon={<MenuBook />} label="Manage Bookings" />
                <QuickAction to="/admin/accommodations" icon={<Cabin />} label="Accommodations" />
                {manager && <QuickAction to="/admin/rates" icon={<Sell />} label="Rates" />}
                {manager && <QuickAction to="/admin/events" icon={<Event />} label="Events" />}
                {manager && <QuickAction to="/admin/settings" icon={<Settings />} label="Settings" />}
              </Stack>
            </Panel>
            <Panel title="Recent Activity">
              {recent.length === 0 ? (
                <Typography color="text.secondary">No bookings yet.</Typography>
              ) : (
                <List dense disablePadding aria-label="Recent bookings">
                  {recent.map((b) => (
                    <ListItem key={b.id} disableGutters sx={{ justifyContent: 'space-between', gap: 1 }}>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }}>{b.guestName}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {bookingPlaceLabel(b)} · {formatMonthDay(b.checkInDate)} – {formatMonthDay(b.checkOutDate)} · {formatRand(b.totalAmount)}
                        </Typography>
                      </Box>
                      <BookingStatusChip status={b.status} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Panel>
            <SystemStatus />
          </Stack>
        </Grid>

        <Grid size={12}>
          <Panel title="Occupancy, next 30 nights" subtitle="Share of active units booked each night">
            <Box sx={{ minHeight: 260 }} role="img" aria-label={chartSummary(occupancy)}>
              <Suspense fallback={<LoadingState label="Loading chart..." minHeight={260} />}>
                <OccupancyChart points={occupancy} />
              </Suspense>
            </Box>
          </Panel>
        </Grid>

        <Grid size={12}>
          <Panel title="Accommodation Overview">
            <Grid container spacing={2}>
              {types.slice(0, OVERVIEW_TYPE_COUNT).map((t) => (
                <Grid key={t.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                  <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, height: '100%' }}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                      <Typography component="h3" sx={{ fontWeight: 700 }}>
                        {t.name}
                      </Typography>
                      <Chip
                        size="small"
                        label={t.isActive ? 'Active' : 'Inactive'}
                        sx={t.isActive ? { bgcolor: '#dcfce7', color: '#14532d' } : { bgcolor: '#e5e7eb', color: '#1f2937' }}
                      />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      Capacity: {t.capacity} guests
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Weekday: {formatRand(t.baseWeekdayRate)} · Weekend: {formatRand(t.baseWeekendRate)}
                    </Typography>
                  </Box>
                </Grid>
              ))}
            </Grid>
          </Panel>
        </Grid>
      </Grid>
    </>
  );
}

function chartSummary(points: { date: string; percent: number }[]): string {
  if (!points.length) return 'Occupancy chart: no data';
  const values = points.map((p) => p.percent);
  return `Occupancy over the next ${points.length} nights: lowest ${Math.min(...values)}%, highest ${Math.max(...values)}%, tonight ${values[0]}%`;
}


function Panel({ title, subtitle, action, children }: { title: string; subtitle?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Button component={RouterLink} to={to} variant="outlined" startIcon={icon} sx={{ minHeight: 44 }}>
      {label}
    </Button>
  );
}

function Movement({ booking, kind, today, actor }: { booking: DeskBooking; kind: MovementType; today: IsoDate; actor: Role | null | undefined }) {
  const { toast } = useToast();
  // The desk's one tap, as the front desk offers it: the state machine decides, not this screen.
  const move = movementMove(kind, { booking, today, actor });
  const label = move === 'Checked-In' ? 'Check in' : 'Check out';
  const [asking, setAsking] = useState(false);
  const act = async (to: NonNullable<typeof move>, confirmed = false, choice?: CheckOutChoice) => {
    // A check-out with money still owed asks first, naming the amount.
    if (!confirmed && needsStatusConfirm(booking, to)) return setAsking(true);
    setAsking(false);
    try {
      if (to === 'Checked-Out' && choice?.releaseNights) await checkOutGuest(booking.id, { releaseNights: true });
      else await setBookingStatus(booking.id, to);
    } catch (err) {
      toast({ title: 'Error', description: err instanceof OfflineEditError ? err.message : 'Failed to update booking', variant: 'destructive' });
    }
  };
  return (
    <ListItem disableGutters sx={{ gap: 1, justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {kind === 'arrival' ? 'Arrival' : 'Departure'}:
          </Box>{' '}
          {booking.guestName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {bookingPlaceLabel(booking)} · {booking.numberOfGuests} guests · {booking.reference}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {booking.pendingSync && <NotSyncedChip />}
        {move ? (
          <Button variant="contained" size="small" sx={{ minHeight: 40 }} onClick={() => act(move)} aria-label={`${label} ${booking.guestName}`}>
            {label}
          </Button>
        ) : (
          <BookingStatusChip status={booking.status} />
        )}
      </Stack>
      {move && (
        <StatusConfirmDialog booking={booking} to={asking ? move : null} onClose={() => setAsking(false)} onConfirm={(_reason, choice) => act(move, true, choice)} />
      )}
    </ListItem>
  );
}

/**
 * The server's health as the API reports it (database, e-mail outbox, payment provider) and
 * this device's sync state. Offline, the server's part says it cannot be checked.
 */
function SystemStatus() {
  const sync = useSyncStatus();
  const server = useSystemStatus();
  const lastPull = sync.lastPullAt ? formatLodgeDateTime(sync.lastPullAt) : null;
  const status = server.data;
  const unanswered = !status && (server.error instanceof NetworkError || !sync.online);
  const serverError = !status && server.error instanceof ApiError && server.error.status >= 500;
  const unknown = unanswered ? 'Not checked (offline)' : server.isPending ? 'Checking...' : 'Unknown';
  const database = status ? (status.database.reachable ? 'Reachable' : 'Not reachable') : serverError ? 'Not reachable' : unknown;
  const email = status?.email
    ? `${status.email.backlog} waiting${status.email.failed ? `, ${status.email.failed} failed` : ''}`
    : status ? 'Unknown' : unknown;
  const lastFailure = status?.email?.lastFailure;
  const payments = status?.paymentProvider
    ? status.paymentProvider.configured
      ? `${status.paymentProvider.name} configured`
      : 'Not configured'
    : status ? 'Unknown' : unknown;
  return (
    <Panel title="System Status">
      <List dense disablePadding>
        <StatusRow label="Connection" value={sync.online ? 'Online' : 'Offline'} tone={sync.online ? 'ok' : 'warn'} />
        <StatusRow label="Database" value={database} tone={status ? (status.database.reachable ? 'ok' : 'bad') : serverError ? 'bad' : undefined} />
        <StatusRow label="E-mail outbox" value={email} tone={status?.email ? (status.email.failed ? 'bad' : status.email.backlog ? 'warn' : 'ok') : undefined} />
        {lastFailure && (
          <ListItem disableGutters sx={{ display: 'block', pt: 0 }}>
            <Typography variant="body2" color="text.secondary">
              Last e-mail failure {formatLodgeDateTime(lastFailure.at)} to {lastFailure.to}: {lastFailure.error}
            </Typography>
          </ListItem>
        )}
        <StatusRow label="Payment provider" value={payments} tone={status?.paymentProvider ? (status.paymentProvider.configured ? 'ok' : 'warn') : undefined} />
        <StatusRow label="Last synced" value={lastPull ?? 'Not yet on this device'} />
        <StatusRow label="This device's unsynced entries" value={String(sync.pendingCount)} tone={sync.pendingCount ? 'warn' : 'ok'} />
        <StatusRow label="Conflicts to resolve" value={String(sync.conflictCount)} tone={sync.conflictCount ? 'bad' : 'ok'} />
      </List>
    </Panel>
  );
}

/** Text colours with 4.5:1 on white (axe), so the word carries the state, the colour helps. */
const TONES = { ok: '#166534', warn: '#92400e', bad: '#b91c1c' } as const;

function StatusRow({ label, value, tone }: { label: string; value: string; tone?: keyof typeof TONES }) {
  return (
    <ListItem disableGutters sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right', color: tone ? TONES[tone] : undefined }}>
        {value}
      </Typography>
    </ListItem>
  );
}

/** The way to the front desk, first thing staff see: it works with or without the internet. */
function FrontDeskCard() {
  return (
    <Card sx={{ mb: 3, bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.dark' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap', p: { xs: 2.5, sm: 3 } }}>
        <RoomService sx={{ fontSize: 44, opacity: 0.9 }} aria-hidden />
        <Box sx={{ flexGrow: 1, minWidth: 220 }}>
          <Typography variant="h5" component="h2">
            Front Desk
          </Typography>
          <Typography sx={{ opacity: 0.9 }}>Today's arrivals, departures and guests in house. Works offline.</Typography>
        </Box>
        <Button component={RouterLink} to="/admin/front-desk" variant="contained" color="secondary" size="large" sx={{ minHeight: 48 }}>
          Open the front desk
        </Button>
      </CardContent>
    </Card>
  );
}
