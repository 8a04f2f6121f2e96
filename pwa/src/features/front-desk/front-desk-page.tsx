import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { useLodgeToday } from '@/lib/lodge-today.js';
import { useProgressiveLimit } from '@/lib/use-progressive-limit.js';
import { formatStayDay } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { useBookingSearch, useOnline, useTodayBoard } from '@/offline/hooks.js';
import type { DeskBooking } from '@/offline/queries.js';
import { StatusConfirmDialog, needsStatusConfirm } from '@/components/status-confirm-dialog.js';
import { movementMove, type DeskMove, type MovementType } from '@shared/domain/stay-movement.js';
import { useDeskActions } from './api/desk-actions.js';
import { folioBalanceForCheckOut } from '@/features/folio/api/folio-api.js';
import { BookingRow } from './components/booking-row.js';
import { needsRegisterAtCheckIn } from './check-in-rule.js';
import { lazyPage } from '@/lib/lazy-page.js';
import { DeferredPart } from '@/components/deferred-part.js';
import { useAfterIdle } from '@/lib/use-after-idle.js';

export const NEW_BOOKING_OFFLINE = 'New bookings need a connection: availability is checked on the server.';

type ListKey = 'arrivals' | 'departures' | 'inHouse';
/** Cards per list in the desk's first frame: more than a tablet's screen holds (useProgressiveLimit). */
const DESK_FIRST_ROWS = 8;
/** A movement list offers its one tap (check in, check out) where the rules allow it. */
const LISTS: { key: ListKey; title: string; empty: string; movement?: MovementType }[] = [
  { key: 'arrivals', title: 'Arrivals', empty: 'No more arrivals today.', movement: 'arrival' },
  { key: 'departures', title: 'Departures', empty: 'No more departures today.', movement: 'departure' },
  { key: 'inHouse', title: 'In house', empty: 'No guests in house.' },
];

/** A booking opened before this tablet had the booking panel's code, with the connection gone. */
export const DETAILS_NOT_ON_DEVICE =
  "This booking's details cannot be opened yet: the connection dropped before this tablet had them. Reconnect once; from then on they open offline too.";

/**
 * The booking panel and the register's check-in dialog, with what they hold (the folio, the
 * invoices, the register's form and their dialogs), are most of the desk's code, and none of
 * it is on screen until a booking is opened. They load once the lists are drawn and the
 * browser is idle, or at once when a booking is opened first: a cold start on a slow tablet
 * evaluates only what draws the lists before it draws them.
 */
const BookingPanel = lazyPage(() => import('./components/booking-panel.js'), (m) => m.BookingPanel, { drawWhenLoaded: true });
const CheckInDialog = lazyPage(() => import('./components/check-in-dialog.js'), (m) => m.CheckInDialog, { drawWhenLoaded: true });

/**
 * /admin/front-desk: today's arrivals, departures and guests in house, search, and a
 * booking's details with what the desk does. Everything reads the device's store and every
 * edit goes through the outbox, so it works the same with the internet down.
 */
/**
 * The folio feature's section of the booking panel, put in by the app layer; `preload`, when it
 * has one, fetches its code with the panel's once the lists are drawn.
 */
type FolioSection = ComponentType<{ bookingId: string }> & { preload?(): void };

/** `folioSection`: see FolioSection. */
export function FrontDeskPage({ folioSection }: { folioSection?: FolioSection } = {}) {
  const today = useLodgeToday();
  const board = useTodayBoard(today);
  const shown = useProgressiveLimit(DESK_FIRST_ROWS, board !== undefined);
  const { user } = useAuth();
  const role = user?.role;
  const [query, setQuery] = useState('');
  const results = useBookingSearch(query);
  const [openId, setOpenId] = useState<string | null>(null);
  const [tab, setTab] = useState<ListKey>('arrivals');
  const [newBookingRefused, setNewBookingRefused] = useState(false);
  const columns = useMediaQuery('(min-width:900px)', { noSsr: true });
  const online = useOnline();
  const navigate = useNavigate();
  const actions = useDeskActions();
  const idle = useAfterIdle();

  useEffect(() => {
    if (online) setNewBookingRefused(false);
  }, [online]);
  // The panel and the check-in dialog mount (and load) below once idle; the folio's code with them.
  useEffect(() => {
    if (idle) folioSection?.preload?.();
  }, [idle, folioSection]);

  const newBooking = () => {
    if (!online) setNewBookingRefused(true);
    // The same form the dashboard's New Booking opens: Booking Management with ?action=new,
    // its channel starting at Walk-in (the guest at the desk; a phone call is one tap away).
    else void navigate('/admin/bookings?action=new&channel=Walk-in');
  };

  const [checkingOut, setCheckingOut] = useState<(DeskBooking & { folioBalance: number | null }) | null>(null);
  const [checkingIn, setCheckingIn] = useState<DeskBooking | null>(null);
  const onMove = async (booking: DeskBooking, to: DeskMove) => {
    if (to === 'Cancelled') return setOpenId(booking.id);
    // A stay whose register is incomplete checks in through the register's dialog.
    if (to === 'Checked-In' && (await needsRegisterAtCheckIn(booking.id))) return setCheckingIn(booking);
    // A check-out with money still owed on the folio asks first, naming the amount.
    const withBalance = { ...booking, folioBalance: to === 'Checked-Out' ? await folioBalanceForCheckOut(booking.id) : null };
    if (needsStatusConfirm(withBalance, to)) setCheckingOut(withBalance);
    else void actions.move(booking, to);
  };

  const list = (rows: DeskBooking[], empty: string, movement?: MovementType, stacked = false) =>
    rows.length === 0 ? (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {empty}
      </Typography>
    ) : (
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {rows.slice(0, shown).map((b) => (
          <BookingRow
            key={b.id}
            booking={b}
            quickMove={movement && movementMove(movement, { booking: b, today, actor: role })}
            onOpen={() => setOpenId(b.id)}
            onMove={(to) => void onMove(b, to)}
            stacked={stacked}
          />
        ))}
      </Box>
    );

  const searching = query.trim() !== '';

  return (
    <>
      <PageHeader
        title="Front Desk"
        subtitle={`Today, ${formatStayDay(today)}`}
        actions={
          <Button variant="outlined" startIcon={<Add />} onClick={newBooking} sx={{ minHeight: 44 }}>
            New booking
          </Button>
        }
      />
      {newBookingRefused && (
        <Alert severity="info" role="alert" onClose={() => setNewBookingRefused(false)} sx={{ mb: 2 }}>
          {NEW_BOOKING_OFFLINE}
        </Alert>
      )}
      <TextField
        fullWidth
        type="search"
        label="Find a booking"
        placeholder="Guest name, phone or reference"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        sx={{ mb: 3, bgcolor: 'background.paper', borderRadius: 2.5 }}
        slotProps={{
          input: {
            sx: { minHeight: 52 },
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />

      {searching ? (
        <Section title={`Search results${results ? ` (${results.length})` : ''}`} headingId="desk-search">
          {results === undefined ? <LoadingState label="Searching..." /> : list(results, 'No booking on this device matches.')}
        </Section>
      ) : board === undefined ? (
        <LoadingState label="Loading the desk..." />
      ) : columns ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2.5, alignItems: 'start' }}>
          {LISTS.map((l) => (
            <Section key={l.key} title={`${l.title} (${board[l.key].length})`} headingId={`desk-${l.key}`}>
              {list(board[l.key], l.empty, l.movement, true)}
            </Section>
          ))}
        </Box>
      ) : (
        <>
          <Tabs value={tab} onChange={(_e, v: ListKey) => setTab(v)} variant="fullWidth" sx={{ mb: 2, '& .MuiTab-root': { minHeight: 48 } }}>
            {LISTS.map((l) => (
              <Tab key={l.key} value={l.key} label={`${l.title} (${board[l.key].length})`} id={`desk-tab-${l.key}`} aria-controls={`desk-panel-${l.key}`} />
            ))}
          </Tabs>
          {LISTS.filter((l) => l.key === tab).map((l) => (
            <div key={l.key} role="tabpanel" id={`desk-panel-${l.key}`} aria-labelledby={`desk-tab-${l.key}`}>
              {list(board[l.key], l.empty, l.movement)}
            </div>
          ))}
        </>
      )}

      {(idle || openId !== null || checkingIn !== null) && (
        <DeferredPart
          retryKey={`${online}:${openId}:${checkingIn?.id}`}
          fallback={
            (openId !== null || checkingIn !== null) && (
              <Alert
                severity="warning"
                role="alert"
                onClose={() => {
                  setOpenId(null);
                  setCheckingIn(null);
                }}
                // Placed and raised like the app's other notices (a snackbar): above the lists
                // at the foot of the screen, as wide as a phone allows and no wider than a toast.
                sx={{
                  position: 'fixed',
                  bottom: { xs: 8, sm: 24 },
                  left: { xs: 8, sm: '50%' },
                  right: { xs: 8, sm: 'auto' },
                  transform: { sm: 'translateX(-50%)' },
                  width: { sm: 560 },
                  boxShadow: 6,
                  zIndex: 'snackbar',
                }}
              >
                {DETAILS_NOT_ON_DEVICE}
              </Alert>
            )
          }
        >
          <BookingPanel bookingId={openId} today={today} role={role} onClose={() => setOpenId(null)} folioSection={folioSection} />
          <CheckInDialog
            booking={checkingIn}
            onClose={() => setCheckingIn(null)}
            onCheckIn={async () => {
              if (checkingIn && (await actions.move(checkingIn, 'Checked-In'))) setCheckingIn(null);
            }}
          />
        </DeferredPart>
      )}
      {checkingOut && (
        <StatusConfirmDialog
          booking={checkingOut}
          to="Checked-Out"
          onClose={() => setCheckingOut(null)}
          onConfirm={async (_reason, choice) => {
            if (await actions.checkOut(checkingOut, choice ?? { releaseNights: false })) setCheckingOut(null);
          }}
        />
      )}
    </>
  );
}

function Section({ title, headingId, children }: { title: string; headingId: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
