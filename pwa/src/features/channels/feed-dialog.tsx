import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ChannelFeedRequest, type ChannelFeed, type UnitExport } from '@shared/contracts/channels.js';
import { FEED_CHANNELS } from '@shared/domain/booking-channel.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { useSaveFeed } from './api/channels.js';

type Field = 'unitId' | 'channel' | 'url';

/** Add a channel's calendar feed to a unit, or change one (checked by the shared contract). */
export function FeedDialog({ feed, units, onClose }: { feed?: ChannelFeed; units: UnitExport[]; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveFeed();
  const [form, setForm] = useState({ unitId: feed?.unitId ?? '', channel: feed?.channel ?? '', url: feed?.url ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async () => {
    const parsed = ChannelFeedRequest.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: feed?.id, body: parsed.data });
      toast({ title: feed ? 'Feed updated' : 'Feed added', variant: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Partial<Record<Field, string>>);
      toast({ title: 'Error', description: errorText(err, feed ? 'Failed to update the feed' : 'Failed to add the feed'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="feed-dialog-title">
      <DialogTitle id="feed-dialog-title">{feed ? 'Edit Feed' : 'Add Feed'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Unit"
            value={form.unitId}
            onChange={(e) => setForm({ ...form, unitId: e.target.value })}
            error={!!errors.unitId}
            helperText={errors.unitId}
          >
            {units.map((u) => (
              <MenuItem key={u.unitId} value={u.unitId}>
                {u.unitName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Channel"
            value={form.channel}
            onChange={(e) => setForm({ ...form, channel: e.target.value })}
            error={!!errors.channel}
            helperText={errors.channel}
          >
            {FEED_CHANNELS.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Calendar address (iCal)"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
            error={!!errors.url}
            helperText={errors.url ?? "The channel's export address of this unit's calendar (.ics)"}
            slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {feed ? 'Save' : 'Add Feed'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
