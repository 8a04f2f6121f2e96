import { useState, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SyncIcon from '@mui/icons-material/Sync';
import { Booking } from '@shared/contracts/bookings.js';
import { Unit } from '@shared/contracts/accommodations.js';
import { formatLodgeDateTime } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { useToast } from '@/components/toast/use-toast.js';
import { OfflineEditError, applyMineAgain, discardMine } from '@/offline/outbox.js';
import { db as offlineDb, type OutboxEntry, type OutcomeLogEntry } from '@/offline/db.js';
import { syncNow } from '@/offline/engine.js';
import { useOutbox, useOutcomes, useSyncStatus } from '@/offline/hooks.js';
import { connectionLabel } from './components/sync-indicator.js';
import { StorageSection } from './components/storage-section.js';
import { changesPhrase, operationInWords } from './words.js';

/** Names of the records the entries are about (guest of a booking, name of a unit). */
function useEntityNames(ids: string[]): Map<string, string> | undefined {
  const key = [...new Set(ids)].sort().join(',');
  return useLiveQuery(async () => {
    const unique = key ? key.split(',') : [];
    const [bookings, units] = await Promise.all([offlineDb.bookings.bulkGet(unique), offlineDb.units.bulkGet(unique)]);
    const names = new Map<string, string>();
    unique.forEach((id, i) => {
      const b = bookings[i];
      const u = units[i];
      if (b) names.set(id, `${b.guestName} (${b.reference})`);
      else if (u) names.set(id, u.name);
    });
    return names;
  }, [key]);
}

/** What the server has now, from a conflict's record: "Cancelled, payment Pending (v3)". */
function serverState(record: unknown): string | null {
  const booking = Booking.safeParse(record);
  if (booking.success) return `${booking.data.status}, payment ${booking.data.paymentStatus}`;
  const unit = Unit.safeParse(record);
  if (unit.success) return unit.data.isActive ? 'Active' : 'Inactive';
  return null;
}

const OUTCOME_WORDS: Record<OutcomeLogEntry['outcome'], { label: string; color: 'success' | 'default' | 'warning' | 'error' }> = {
  applied: { label: 'Applied', color: 'success' },
  duplicate: { label: 'Already there', color: 'default' },
  conflict: { label: 'Conflict', color: 'warning' },
  rejected: { label: 'Rejected', color: 'error' },
  discarded: { label: 'Dropped', color: 'default' },
};

/**
 * /admin/sync: what waits to be sent, what the server would not take (with its reason and
 * what it has now, to apply again or drop), and the last 50 answers.
 */
export function SyncPage() {
  const status = useSyncStatus();
  const outbox = useOutbox();
  const outcomes = useOutcomes();
  const [running, setRunning] = useState(false);
  const ids = [...(outbox ? [...outbox.pending, ...outbox.conflicts, ...outbox.rejected] : []), ...(outcomes ?? [])].map((e) => e.entityId);
  const names = useEntityNames(ids);
  const nameOf = (id: string) => names?.get(id) ?? 'A record no longer on this device';

  const sync = async () => {
    setRunning(true);
    try {
      await syncNow();
    } finally {
      setRunning(false);
    }
  };

  const attention = outbox ? [...outbox.conflicts, ...outbox.rejected] : [];
  return (
    <>
      <PageHeader
        title="Sync"
        subtitle="Changes made on this device and what the server answered"
        actions={
          <Button variant="contained" startIcon={<SyncIcon />} onClick={() => void sync()} disabled={running} sx={{ minHeight: 44 }}>
            {running ? 'Syncing...' : 'Sync now'}
          </Button>
        }
      />

      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Figure label="Connection" value={connectionLabel(status)} />
          <Figure label="Not synced" value={String(status.pendingCount)} />
          <Figure label="Last received" value={status.lastPullAt ? formatLodgeDateTime(status.lastPullAt) : 'Never'} />
          <Figure label="Last sent" value={status.lastPushAt ? formatLodgeDateTime(status.lastPushAt) : 'Never'} />
        </CardContent>
        {status.lastError && (
          <Alert severity={status.online ? 'warning' : 'info'} sx={{ borderRadius: 0 }}>
            Last attempt: {status.lastError}.
            {status.nextRetryAt ? ` Trying again at ${formatLodgeDateTime(new Date(status.nextRetryAt))}.` : ''}
          </Alert>
        )}
      </Card>

      {outbox === undefined ? (
        <LoadingState label="Loading..." />
      ) : (
        <Stack spacing={3}>
          <Section title={`Needs attention (${attention.length})`} id="sync-attention">
            {attention.length === 0 ? (
              <Empty>Nothing to resolve.</Empty>
            ) : (
              attention.map((entry) => <AttentionCard key={entry.id} entry={entry} name={nameOf(entry.entityId)} />)
            )}
          </Section>

          <Section title={`Waiting to send (${outbox.pending.length})`} id="sync-pending">
            {outbox.pending.length === 0 ? (
              <Empty>Everything made on this device has reached the server.</Empty>
            ) : (
              <Card>
                <Box component="ol" sx={{ m: 0, p: 0 }}>
                  {outbox.pending.map((entry, i) => (
                    <Box
                      component="li"
                      key={entry.id}
                      data-testid="pending-entry"
                      sx={{ listStyle: 'none', display: 'flex', gap: 2, alignItems: 'baseline', px: 2, py: 1.5, borderTop: i ? 1 : 0, borderColor: 'divider', flexWrap: 'wrap' }}
                    >
                      <Typography sx={{ fontWeight: 700, minWidth: 150 }}>{operationInWords(entry)}</Typography>
                      <Typography sx={{ flexGrow: 1 }}>{nameOf(entry.entityId)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {formatLodgeDateTime(entry.createdAt)} by {entry.madeBy.username}
                        {entry.lastError ? ` · ${entry.lastError}` : ''}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Card>
            )}
          </Section>

          <StorageSection />

          <Section title="Recent answers" id="sync-outcomes">
            {!outcomes || outcomes.length === 0 ? (
              <Empty>No answers yet.</Empty>
            ) : (
              <Card>
                <Box component="ol" sx={{ m: 0, p: 0 }}>
                  {outcomes.map((o, i) => {
                    const words = OUTCOME_WORDS[o.outcome];
                    return (
                      <Box
                        component="li"
                        key={o.id}
                        data-testid="outcome"
                        sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.25, borderTop: i ? 1 : 0, borderColor: 'divider', flexWrap: 'wrap' }}
                      >
                        <Chip size="small" label={words.label} color={words.color} variant={words.color === 'default' ? 'outlined' : 'filled'} sx={{ fontWeight: 700, minWidth: 92 }} />
                        <Typography sx={{ fontWeight: 600 }}>{operationInWords(o)}</Typography>
                        <Typography sx={{ flexGrow: 1 }}>{nameOf(o.entityId)}</Typography>
                        {(o.note || o.reason) && (
                          <Typography variant="body2" sx={{ flexBasis: { xs: '100%', md: 'auto' } }}>
                            {o.note ?? o.reason}
                          </Typography>
                        )}
                        <Typography variant="body2" color="text.secondary">
                          {formatLodgeDateTime(o.at)}
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
              </Card>
            )}
          </Section>
        </Stack>
      )}
    </>
  );
}

/** A conflict or rejection: the server's words, what it has now, and the two ways out. */
function AttentionCard({ entry, name }: { entry: OutboxEntry; name: string }) {
  const { toast } = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const now = serverState(entry.record);
  const conflict = entry.status === 'conflict';

  const again = async () => {
    try {
      await applyMineAgain(entry.id);
      toast({ title: 'Queued again', description: `${operationInWords(entry)}: ${name}`, variant: 'success' });
    } catch (err) {
      setRefusal(err instanceof OfflineEditError ? err.message : String(err));
    }
  };
  const drop = async () => {
    try {
      await discardMine(entry.id);
      toast({ title: 'Dropped', description: `${operationInWords(entry)}: ${name}` });
    } catch (err) {
      setRefusal(err instanceof OfflineEditError ? err.message : String(err));
    }
  };

  return (
    <Card data-testid="attention-entry" sx={{ borderLeft: 4, borderLeftColor: conflict ? 'warning.main' : 'error.main' }}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
          <Chip size="small" label={conflict ? 'Conflict' : 'Rejected'} color={conflict ? 'warning' : 'error'} sx={{ fontWeight: 700 }} />
          <Typography sx={{ fontWeight: 700 }}>{operationInWords(entry)}</Typography>
          <Typography>{name}</Typography>
        </Stack>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          <strong>Why:</strong> {entry.reason ?? 'Refused by the server'}
        </Typography>
        {now && (
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            <strong>On the server now:</strong> {now}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Made {formatLodgeDateTime(entry.createdAt)} by {entry.madeBy.username}
        </Typography>
        {refusal && (
          <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
            {refusal}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => void again()} sx={{ minHeight: 44 }}>
            Apply mine again
          </Button>
          <Button variant="outlined" color="inherit" onClick={() => void drop()} sx={{ minHeight: 44 }}>
            Discard mine
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{value}</Typography>
    </Box>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

export { changesPhrase };
