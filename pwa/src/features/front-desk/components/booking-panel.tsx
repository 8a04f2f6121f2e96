import { useEffect, useRef, useState, type ComponentType } from 'react';
import { DeferredPart } from '@/components/deferred-part.js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import PersonAdd from '@mui/icons-material/PersonAdd';
import type { Role } from '@shared/roles.js';
import { PaymentReceivedButtons } from '@/components/payment-received-buttons.js';
import { StatusConfirmDialog, needsStatusConfirm } from '@/components/status-confirm-dialog.js';
import { EARLY_CHECK_IN, EarlyCheckInDialog } from '@/components/early-check-in-dialog.js';
import { bookingPlaceLabel, formatRand, NO_EMAIL } from '@shared/format.js';
import { channelLabel, takenByLabel } from '@shared/domain/booking-channel.js';
import { registerReloadBlocker } from '@/lib/reload-guard.js';
import { useBooking, useBookingRegister, useBookings, useOnline, usePendingRelease } from '@/offline/hooks.js';
import { leftEarlyText, releaseWaitingText } from '@/lib/early-departure.js';
import type { IsoDate } from '@shared/domain/dates.js';
import { offersEarlyCheckIn } from '@shared/domain/booking-status.js';
import { deskMoves, type DeskMove } from '@shared/domain/stay-movement.js';
import { STATUS_ACTION } from '@/lib/status-actions.js';
import { useDeskActions } from '../api/desk-actions.js';
import { folioBalanceForCheckOut } from '@/features/folio/api/folio-api.js';
import { stayLabel } from '../stay-words.js';
import { BookingChips } from './status-chips.js';
import { CheckInDialog } from './check-in-dialog.js';
import { needsRegisterAtCheckIn } from '../check-in-rule.js';
import { registerProgressLabel } from '@shared/domain/lodger-register.js';
import { partyText } from '@/lib/party-text.js';
import { bookingMoneyLines } from '@/lib/booking-money.js';

/** A booking's details with what the desk can do to it, as a side panel (full width on a phone). */
export function BookingPanel({
  bookingId,
  today,
  role,
  onClose,
  folioSection,
}: {
  bookingId: string | null;
  /** The lodge's date: what the desk may do can depend on it. */
  today: IsoDate;
  role: Role | null | undefined;
  onClose: () => void;
  /** The folio feature's section (lines, balance, Add charge), put in by the app layer. */
  folioSection?: ComponentType<{ bookingId: string }>;
}) {
  return (
    <Drawer
      anchor="right"
      open={bookingId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 460 }, bgcolor: 'background.default' } } }}
    >
      {bookingId && <PanelBody bookingId={bookingId} today={today} role={role} onClose={onClose} folioSection={folioSection} />}
    </Drawer>
  );
}

/** The folio asked for before this tablet had its code, with the connection gone. */
export const FOLIO_NOT_ON_DEVICE = 'The folio cannot be shown yet: the connection dropped before this tablet had it. Reconnect once; from then on it opens offline too.';

function PanelBody({
  bookingId,
  today,
  role,
  onClose,
  folioSection: FolioSection,
}: {
  bookingId: string;
  today: IsoDate;
  role: Role | null | undefined;
  onClose: () => void;
  folioSection?: ComponentType<{ bookingId: string }>;
}) {
  const booking = useBooking(bookingId);
  const actions = useDeskActions();
  const [asking, setAsking] = useState<DeskMove | null>(null);
  const [early, setEarly] = useState(false);
  const [folioBalance, setFolioBalance] = useState<number | null>(null);
  const [checkingIn, setCheckingIn] = useState(false);
  const register = useBookingRegister(bookingId);
  const pendingRelease = usePendingRelease(bookingId);
  const online = useOnline();

  if (booking === undefined) return null;
  if (booking === null) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography>This booking is not on this device.</Typography>
        <Button onClick={onClose} sx={{ mt: 2 }}>
          Close
        </Button>
      </Box>
    );
  }
  const moves = deskMoves({ booking, today, actor: role });
  const leftEarly = leftEarlyText(booking);
  // A guest arriving later: no Check in, but a Manager may check them in early, with a reason.
  const earlyOffered = !booking.isEntireLodgeChild && offersEarlyCheckIn(booking.status, role, { today, checkInDate: booking.checkInDate });
  const unpaid = booking.paymentStatus !== 'Paid' && booking.status !== 'Cancelled';
  // Under 'warn' Check in is one tap; the register is finished from here, before or after it.
  const registerIncomplete = !!register?.checkInRule && !register.progress.complete && booking.status !== 'Cancelled';
  const canCheckIn = moves.includes('Checked-In');

  const onMove = async (to: DeskMove) => {
    if (to === 'Checked-In' && (await needsRegisterAtCheckIn(booking.id))) return setCheckingIn(true);
    // A check-out asks first when the folio's balance is not zero (the payment status when
    // this device never fetched the folio).
    const balance = to === 'Checked-Out' ? await folioBalanceForCheckOut(booking.id) : null;
    setFolioBalance(balance);
    if (needsStatusConfirm({ ...booking, folioBalance: balance }, to)) setAsking(to);
    else void actions.move(booking, to);
  };

  return (
    <Box role="region" aria-label="Booking details" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2.5, pb: 2, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {booking.reference}
          </Typography>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {booking.guestName}
          </Typography>
          <BookingChips status={booking.status} paymentStatus={booking.paymentStatus} pendingSync={booking.pendingSync} />
        </Box>
        <IconButton aria-label="Close details" onClick={onClose} sx={{ width: 44, height: 44 }}>
          <Close />
        </IconButton>
      </Box>

      <Stack spacing={2.5} sx={{ p: 2.5 }}>
        {booking.notApplied.map((n) => (
          <Alert key={n.entryId} severity="warning">
            A change made here no longer applies: {n.reason}. See Sync.
          </Alert>
        ))}
        {pendingRelease && (
          <Alert severity="info" data-testid="release-waiting">
            {releaseWaitingText(pendingRelease.nights, online)}
          </Alert>
        )}

        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          <Detail term="Stay" value={stayLabel(booking.checkInDate, booking.checkOutDate)} />
          {leftEarly && <Detail term="Left early" value={leftEarly} testId="panel-left-early" />}
          <Detail term="Unit" value={booking.unitId ? `${booking.unitName} (${booking.accommodationTypeName})` : bookingPlaceLabel(booking)} />
          {booking.unitId === null && <ChildUnits parentId={booking.id} checkIn={booking.checkInDate} />}
          <Detail term="Guests" value={partyText(booking) ?? String(booking.numberOfGuests)} />
          <Detail term="E-mail" value={booking.guestEmail ?? NO_EMAIL} />
          {booking.guestPhone && <Detail term="Phone" value={booking.guestPhone} />}
          <Detail term="Channel" value={channelLabel(booking.channel)} />
          <Detail term="Taken by" value={takenByLabel(booking)} />
          <Detail term="Total" value={formatRand(booking.totalAmount)} />
          {bookingMoneyLines(booking).map((line) => (
            <Detail key={line.term} term={line.term} value={line.value} />
          ))}
          {register?.checkInRule && (
            <Detail term="Register" value={registerProgressLabel(register.progress).replace(/^Register: /, '')} warning={!register.progress.complete} testId="panel-register-progress" />
          )}
          <Detail term="Payment" value={`${booking.paymentStatus}${booking.paymentMethod ? ` (${booking.paymentMethod})` : ''}`} />
          {booking.status === 'Cancelled' && booking.cancellationReason && <Detail term="Cancellation reason" value={booking.cancellationReason} />}
        </Box>

        {registerIncomplete && (
          <Box>
            <Button variant="outlined" startIcon={<PersonAdd />} onClick={() => setCheckingIn(true)} sx={{ minHeight: 48, color: DARK_AMBER, borderColor: DARK_AMBER }}>
              Add to register
            </Button>
          </Box>
        )}

        {(moves.length > 0 || earlyOffered) && (
          <Box>
            <SectionTitle>Status</SectionTitle>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
              {earlyOffered && (
                <Button variant="contained" onClick={() => setEarly(true)} sx={{ minHeight: 48, minWidth: 120 }}>
                  {EARLY_CHECK_IN}
                </Button>
              )}
              {moves.map((to) => (
                <Button
                  key={to}
                  variant={to === 'Cancelled' ? 'outlined' : 'contained'}
                  color={to === 'Cancelled' ? 'error' : 'primary'}
                  onClick={() => void onMove(to)}
                  sx={{ minHeight: 48, minWidth: 120 }}
                >
                  {STATUS_ACTION[to]}
                </Button>
              ))}
            </Stack>
          </Box>
        )}

        {unpaid && (
          <Box>
            <SectionTitle>Payment received at the desk</SectionTitle>
            <PaymentReceivedButtons amount={booking.balanceDue ? booking.balanceDue : booking.totalAmount} guestName={booking.guestName} onReceived={(method) => void actions.paymentReceived(booking, method)} />
          </Box>
        )}

        {FolioSection && (
          <>
            <Divider />
            {/* The folio's code loads after the desk's (a deferred part of the page). */}
            <DeferredPart retryKey={`${online}:${booking.id}`} fallback={<Alert severity="warning">{FOLIO_NOT_ON_DEVICE}</Alert>}>
              <FolioSection bookingId={booking.id} />
            </DeferredPart>
          </>
        )}

        <Divider />
        <SpecialRequests
          key={booking.id}
          value={booking.specialRequests ?? ''}
          onSave={(text) => actions.saveSpecialRequests(booking, text)}
        />
      </Stack>

      <StatusConfirmDialog
        booking={{ ...booking, folioBalance }}
        to={asking}
        onClose={() => setAsking(null)}
        onConfirm={async (reason, choice) => {
          if (!asking) return;
          const done = asking === 'Checked-Out' ? await actions.checkOut(booking, choice ?? { releaseNights: false }) : await actions.move(booking, asking, reason);
          if (done) setAsking(null);
        }}
      />
      <CheckInDialog
        booking={checkingIn ? booking : null}
        onClose={() => setCheckingIn(false)}
        onCheckIn={
          canCheckIn
            ? async () => {
                if (await actions.move(booking, 'Checked-In')) setCheckingIn(false);
              }
            : undefined
        }
      />
      <EarlyCheckInDialog
        booking={early ? booking : null}
        onClose={() => setEarly(false)}
        onConfirm={async (reason) => {
          if (await actions.checkInEarly(booking, reason)) setEarly(false);
        }}
      />
    </Box>
  );
}

/** Amber dark enough for 4.5:1 on the panel's cream (the theme's warning colours are not). */
const DARK_AMBER = '#7c2d12';

function Detail({ term, value, warning = false, testId }: { term: string; value: string; warning?: boolean; testId?: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" data-testid={testId} color={warning ? DARK_AMBER : undefined} sx={{ m: 0, fontWeight: warning ? 700 : 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** The units an entire-lodge or group booking holds (its children, which move with it). */
function ChildUnits({ parentId, checkIn }: { parentId: string; checkIn: IsoDate }) {
  const rows = useBookings({ from: checkIn, to: checkIn });
  const names = (rows ?? [])
    .filter((b) => b.parentBookingId === parentId && b.unitName)
    .map((b) => b.unitName!)
    .sort((a, b) => a.localeCompare(b));
  return names.length ? <Detail term="Units booked" value={names.join(', ')} /> : null;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography component="h3" variant="subtitle2" sx={{ mb: 1, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 1, fontSize: '0.75rem' }}>
      {children}
    </Typography>
  );
}

/** Special requests: edit and save; an unsaved edit holds back a new version's reload. */
function SpecialRequests({ value, onSave }: { value: string; onSave: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState(value);
  const [saving, setSaving] = useState(false);
  const dirty = text !== value;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // A newer value from the server (or a saved edit) replaces the box unless it is being edited.
  useEffect(() => {
    if (!dirtyRef.current) setText(value);
  }, [value]);
  useEffect(() => registerReloadBlocker(() => (dirtyRef.current ? 'Special requests are being edited.' : null)), []);

  return (
    <Box>
      <SectionTitle>Special requests</SectionTitle>
      <TextField
        label="Special requests"
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button disabled={!dirty || saving} onClick={() => setText(value)} sx={{ minHeight: 44 }}>
          Undo
        </Button>
        <Button
          variant="contained"
          disabled={!dirty || saving}
          sx={{ minHeight: 44 }}
          onClick={async () => {
            setSaving(true);
            await onSave(text);
            setSaving(false);
          }}
        >
          Save requests
        </Button>
      </Stack>
    </Box>
  );
}
