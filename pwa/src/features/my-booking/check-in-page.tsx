import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { GuestRegisterEntry, GuestRegisterResponse } from '@shared/contracts/lodger-register.js';
import { registerProgress, registerProgressLabel } from '@shared/domain/lodger-register.js';
import { formatStayDate } from '@shared/format.js';
import { ApiError, isNetworkError, serverMessage } from '@/lib/api.js';
import { useGuestRegister } from './api/guest-register.js';
import { newDraft, useCheckInStorage, type CheckInDraft, type CheckInStorage } from './check-in-storage.js';
import { dropIdCopy } from './id-copy-store.js';
import { useBrowserOnline } from './last-answer.js';
import { RegisterEntryForm } from './components/register-entry-form.js';
import { RegisterNotice } from './components/register-notice.js';
import { RequestLinkForm } from './components/request-link-form.js';

/**
 * /my-booking/:token/check-in: the guest registers every adult of the stay before arrival
 * (the register of lodgers), on their phone. The POPIA notice comes first; the form only after
 * the guest has read it and continued.
 */
export function CheckInPage() {
  const { token = '' } = useParams();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        <GuestCheckIn token={token} />
        <Box sx={{ mt: 3 }}>
          <Button component={RouterLink} to={`/my-booking/${encodeURIComponent(token)}`} variant="outlined">
            Back to your booking
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}

function Title() {
  return (
    <Typography variant="h4" component="h1">
      Pre-arrival check-in
    </Typography>
  );
}

function GuestCheckIn({ token }: { token: string }) {
  const query = useGuestRegister(token);
  const storage = useCheckInStorage(token);
  const online = useBrowserOnline();
  const { saveAnswer } = storage;

  useEffect(() => {
    if (query.data) saveAnswer(query.data);
  }, [query.data, saveAnswer]);

  const weakSignal = query.isPending || isNetworkError(query.error);
  const answer = query.data ?? (weakSignal ? storage.last : null);
  if (answer && storage.ready) {
    return <CheckIn token={token} answer={answer} storage={storage} offline={!query.data || !online} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending || !storage.ready) {
    return (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading your check-in">
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Stack spacing={3}>
        <Title />
        <Alert severity="warning" role="alert">
          {serverMessage(query.error)}
        </Alert>
        <RequestLinkForm />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Title />
      <Alert
        severity={isNetworkError(query.error) ? 'warning' : 'error'}
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()} sx={{ fontWeight: 700 }}>
            Retry
          </Button>
        }
      >
        <AlertTitle>{isNetworkError(query.error) ? 'You appear to be offline' : 'Check-in could not be shown'}</AlertTitle>
        {isNetworkError(query.error)
          ? 'Opening check-in needs an internet connection the first time. Tap Retry when you have signal.'
          : (serverMessage(query.error) ?? 'Please try again.')}
      </Alert>
    </Stack>
  );
}

function CheckIn({
  token,
  answer,
  storage,
  offline,
  onRetry,
}: {
  token: string;
  answer: GuestRegisterResponse;
  storage: CheckInStorage;
  offline: boolean;
  onRetry: () => void;
}) {
  const [accepted, setAccepted] = useState(false);
  // What a send just wrote, shown at once whatever the refetch brings (it may not come on a weak signal).
  const [sent, setSent] = useState<GuestRegisterEntry[]>([]);
  // The draft as the page opened (or a fresh one after each send); the form keeps what is typed since.
  const [draft, setDraft] = useState<CheckInDraft>(() => storage.draft ?? newDraft());
  const { saveDraft, clearDraft } = storage;

  const entries = [...answer.entries, ...sent.filter((s) => !answer.entries.some((e) => e.id === s.id))];
  const progress = registerProgress(entries, answer.adultsExpected);

  // A send whose answer was lost on the way (then a reload) is already on the server: start afresh.
  const draftSent = entries.some((e) => e.id === draft.entryId);
  useEffect(() => {
    if (!draftSent) return;
    void dropIdCopy(draft.entryId);
    clearDraft();
    setDraft(newDraft());
  }, [draftSent, clearDraft, draft.entryId]);

  const registered = (entry: GuestRegisterEntry) => {
    setSent((s) => [...s.filter((e) => e.id !== entry.id), entry]);
    void dropIdCopy(entry.id);
    clearDraft();
    setDraft(newDraft());
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Title />
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {answer.lodgeName} · booking {answer.reference}
        </Typography>
        <Typography color="text.secondary">
          {formatStayDate(answer.checkInDate)} to {formatStayDate(answer.checkOutDate)}
        </Typography>
        <Chip
          sx={{ mt: 1 }}
          size="small"
          color={progress.complete ? 'success' : 'default'}
          variant={progress.complete ? 'filled' : 'outlined'}
          label={registerProgressLabel(progress)}
          data-testid="register-progress"
        />
      </Box>

      {offline && (
        <Alert
          severity="warning"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={onRetry} sx={{ fontWeight: 700 }}>
              Retry
            </Button>
          }
        >
          <AlertTitle>You appear to be offline</AlertTitle>
          What you type is kept on this phone. Sending it needs an internet connection.
        </Alert>
      )}

      {entries.length > 0 && (
        <Box component="section" aria-labelledby="registered-heading">
          <Typography variant="subtitle1" component="h2" id="registered-heading" sx={{ fontWeight: 700 }}>
            Registered
          </Typography>
          <Box component="ul" aria-labelledby="registered-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((e) => (
              <Box component="li" key={e.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
                <CheckCircle color="success" fontSize="small" titleAccess="Registered" />
                <Typography>
                  {e.fullNames} {e.surname}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}

      {progress.complete ? (
        <Alert severity="success" role="status" data-testid="check-in-done">
          <AlertTitle>Thank you, everyone is registered</AlertTitle>
          The lodge has the register for your stay. Please bring your ID or passport; we look forward to welcoming you on{' '}
          {formatStayDate(answer.checkInDate)}.
        </Alert>
      ) : !answer.open ? (
        <Alert severity="info" role="status">
          <AlertTitle>Check-in here is closed</AlertTitle>
          This stay is over or cancelled, so the register can no longer be filled in here. Please contact the lodge.
        </Alert>
      ) : !accepted ? (
        <RegisterNotice lodgeName={answer.lodgeName} retentionMonths={answer.retentionMonths} onContinue={() => setAccepted(true)} />
      ) : (
        <>
          <Divider />
          <RegisterEntryForm
            key={draft.entryId}
            token={token}
            adultNumber={progress.registered + 1}
            adultsExpected={answer.adultsExpected}
            draft={draft}
            onDraft={saveDraft}
            onRegistered={registered}
          />
        </>
      )}
    </Stack>
  );
}
