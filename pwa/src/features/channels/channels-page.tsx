import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import type { ChannelFeed, UnitExport } from '@shared/contracts/channels.js';
import { formatLodgeDateTime } from '@shared/format.js';
import { ClashList } from '@/components/channel-clash-list.js';
import { LoadingState } from '@/components/loading-state.js';
import { PageHeader } from '@/components/page-header.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { useToast } from '@/components/toast/use-toast.js';
import { errorText } from '@/lib/api.js';
import { useChannels, useDeleteFeed, useRotateExport, useSyncFeed } from './api/channels.js';
import { FeedDialog } from './feed-dialog.js';
import { timeAgo } from './time-ago.js';

/**
 * /admin/channels (docs/product.md, Channels): the calendars the lodge shares with Booking.com,
 * Airbnb and others. Each unit's export address to give a channel (copy, rotate), each feed the
 * lodge imports with its last good fetch, its events, its clashes and its last error; add, edit,
 * delete a feed, or fetch it now. Online only: it is about the channels' servers.
 */
export function ChannelsPage() {
  const channels = useChannels();
  const [editing, setEditing] = useState<ChannelFeed | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChannelFeed | null>(null);

  return (
    <>
      <PageHeader title="Channels" subtitle="Calendars shared with Booking.com, Airbnb and other channels" />
      {channels.isPending ? (
        <LoadingState label="Loading..." />
      ) : channels.isError ? (
        <LoadProblem error={channels.error} what="Channels" onRetry={() => void channels.refetch()} />
      ) : (
        <>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
            <Typography color="text.secondary">Each feed is fetched every few minutes; its stays block the unit here.</Typography>
            <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
              Add Feed
            </Button>
          </Stack>
          <Stack spacing={2} component="section" aria-label="Feeds" sx={{ mb: 3 }}>
            {channels.data.feeds.length === 0 && <Typography color="text.secondary">No feeds yet.</Typography>}
            {channels.data.feeds.map((f) => (
              <FeedCard key={f.id} feed={f} onEdit={() => setEditing(f)} onDelete={() => setDeleting(f)} />
            ))}
          </Stack>
          <ExportAddresses units={channels.data.units} />
        </>
      )}
      {editing && channels.data && <FeedDialog feed={editing === 'new' ? undefined : editing} units={channels.data.units} onClose={() => setEditing(null)} />}
      {deleting && <DeleteFeedDialog feed={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function FeedCard({ feed, onEdit, onDelete }: { feed: ChannelFeed; onEdit: () => void; onDelete: () => void }) {
  const { toast } = useToast();
  const sync = useSyncFeed();
  const syncNow = async () => {
    try {
      const after = await sync.mutateAsync(feed.id);
      if (after.lastError) toast({ title: 'The feed could not be fetched', description: after.lastError, variant: 'destructive' });
      else toast({ title: 'Feed synced', description: `${after.eventCount} events, ${after.clashes.length} ${after.clashes.length === 1 ? 'clash' : 'clashes'}`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to sync the feed'), variant: 'destructive' });
    }
  };
  const label = `${feed.channel}, ${feed.unitName}`;
  return (
    <Card variant="outlined" component="article" aria-label={label}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {feed.channel} · {feed.unitName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {feed.url}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => void syncNow()} disabled={sync.isPending} sx={{ minHeight: 44 }} aria-label={`Sync now: ${label}`}>
              {sync.isPending ? 'Syncing...' : 'Sync now'}
            </Button>
            <Button variant="outlined" onClick={onEdit} sx={{ minHeight: 44 }} aria-label={`Edit ${label}`}>
              Edit
            </Button>
            <Button variant="outlined" color="error" onClick={onDelete} sx={{ minHeight: 44 }} aria-label={`Delete ${label}`}>
              Delete
            </Button>
          </Stack>
        </Stack>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, my: 1.5 }}>
          <Fact term="Last successful fetch">
            {feed.lastSuccessAt ? `${formatLodgeDateTime(feed.lastSuccessAt)} (${timeAgo(feed.lastSuccessAt, new Date())})` : 'Never'}
          </Fact>
          <Fact term="Events">
            {feed.eventCount} ({feed.blockCount} blocking)
          </Fact>
          <Fact term="Clashes">{feed.clashes.length}</Fact>
          {feed.emptyFetches === 1 && feed.eventCount > 0 && <Fact term="Note">The last answer was empty: the stays are cancelled only if the next one is empty too.</Fact>}
        </Box>
        {feed.lastError && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            Last error: {feed.lastError}
          </Alert>
        )}
        {feed.clashes.length > 0 && <ClashList clashes={feed.clashes} />}
        <CopyAddress label={`Address to give ${feed.channel}`} url={feed.exportUrl} />
      </CardContent>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

function CopyAddress({ label, url, action }: { label: string; url: string; action?: ReactNode }) {
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Address copied', variant: 'success' });
    } catch {
      toast({ title: 'Copy it by hand', description: url, variant: 'destructive' });
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
          {url}
        </Typography>
      </Box>
      <Button variant="outlined" onClick={() => void copy()} sx={{ minHeight: 44 }} aria-label={`Copy: ${label}`}>
        Copy
      </Button>
      {action}
    </Box>
  );
}

function ExportAddresses({ units }: { units: UnitExport[] }) {
  const { toast } = useToast();
  const rotate = useRotateExport();
  const rotateNow = async (u: UnitExport) => {
    try {
      await rotate.mutateAsync(u.unitId);
      toast({ title: 'New address made', description: 'The old address no longer works: give the channels the new one.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to make a new address'), variant: 'destructive' });
    }
  };
  return (
    <Card variant="outlined" component="section" aria-label="Export addresses">
      <CardContent>
        <Typography variant="h6" component="h2">
          Export addresses
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Each unit's stays as a calendar (no guest details). A feed above has its own address for its channel, without the stays that channel sent.
        </Typography>
        <Stack spacing={1.5}>
          {units.map((u) => (
            <CopyAddress
              key={u.unitId}
              label={u.unitName}
              url={u.exportUrl ?? ''}
              action={
                <Button variant="outlined" onClick={() => void rotateNow(u)} disabled={rotate.isPending} sx={{ minHeight: 44 }} aria-label={`New address: ${u.unitName}`}>
                  New address
                </Button>
              }
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function DeleteFeedDialog({ feed, onClose }: { feed: ChannelFeed; onClose: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteFeed();
  const confirm = async () => {
    try {
      await remove.mutateAsync(feed.id);
      toast({ title: 'Feed deleted', variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to delete the feed'), variant: 'destructive' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-feed-title">
      <DialogTitle id="delete-feed-title">Delete this feed?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The {feed.channel} calendar of {feed.unitName} is no longer imported, and the {feed.blockCount} stays it blocked are cancelled.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={remove.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
