import { useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventIcon from '@mui/icons-material/Event';
import Hotel from '@mui/icons-material/Hotel';
import type { Event } from '@shared/contracts/events.js';
import { formatLodgeLongDate, formatMonthDayYear } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { DateField, DateTimeField } from '@/components/date-field.js';
import { LoadProblem, OfflineNotice } from '@/components/needs-connection.js';
import { errorText } from '@/lib/api.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useOnline } from '@/offline/hooks.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { EVENTS_KEY, createEvent, deleteEvent, updateEvent, useEvents } from './api/events-api.js';
import { EventForm, eventFormValues, eventRequestOf, isPastEvent } from './event-form.js';
import { TicketTypesDialog } from './ticket-types-dialog.js';
import { ActiveChip } from './active-chip.js';

const SKELETONS = 6;

/** Event Management (docs/product.md, Event Management): online only, straight to the API. */
export function EventsPage() {
  const events = useEvents();
  const online = useOnline();
  const [editing, setEditing] = useState<Event | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Event | null>(null);
  const [tickets, setTickets] = useState<Event | null>(null);

  const addButton = (
    <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} disabled={!online} sx={{ minHeight: 44 }}>
      Add Event
    </Button>
  );

  return (
    <>
      <PageHeader title="Event Management" subtitle="Manage lodge events and ticket types" actions={addButton} />
      {/* Once loaded: a failed load says the same thing itself. */}
      {events.data && <OfflineNotice what="Event Management" />}
      {events.isPending && events.fetchStatus !== 'idle' ? (
        <Grid container spacing={3} role="status" aria-label="Loading events">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card>
                <CardContent>
                  <Skeleton width="60%" height={32} />
                  <Skeleton width="40%" />
                  <Skeleton variant="rectangular" height={64} sx={{ my: 1 }} />
                  <Skeleton width="30%" />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : events.error ? (
        <LoadProblem error={events.error} what="Event Management" onRetry={() => void events.refetch()} />
      ) : events.data && events.data.length === 0 ? (
        <Card sx={{ textAlign: 'center', py: 6, px: 2 }}>
          <EventIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            No Events
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Create your first event to start managing lodge activities.
          </Typography>
          {addButton}
        </Card>
      ) : (
        <Grid container spacing={3} component="section" aria-label="Events">
          {(events.data ?? []).map((event) => (
            <Grid key={event.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <EventCard event={event} online={online} onEdit={setEditing} onDelete={setDeleting} onTickets={setTickets} />
            </Grid>
          ))}
        </Grid>
      )}
      {editing !== null && <EventDialog event={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
      <TicketTypesDialog event={tickets} onClose={() => setTickets(null)} />
    </>
  );
}

function EventCard({
  event,
  online,
  onEdit,
  onDelete,
  onTickets,
}: {
  event: Event;
  online: boolean;
  onEdit: (e: Event) => void;
  onDelete: (e: Event) => void;
  onTickets: (e: Event) => void;
}) {
  const past = isPastEvent(event);
  const hasStay = Boolean(event.accommodationStartDate || event.accommodationEndDate);
  return (
    <Card component="article" aria-label={event.name} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, wordBreak: 'break-word' }}>
            {event.name}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            <ActiveChip active={event.isActive} />
            {past && <Chip size="small" label="Past" sx={{ fontWeight: 600, bgcolor: '#fee2e2', color: '#7f1d1d' }} />}
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 1 }}>
          <EventIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{formatLodgeLongDate(event.eventDate)}</Typography>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', mb: 2 }}
        >
          {event.description || 'No description available'}
        </Typography>
        {hasStay && (
          <Box sx={{ bgcolor: '#eff6ff', borderRadius: 1, p: 1.5, mb: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Hotel fontSize="small" sx={{ color: '#1e40af' }} aria-hidden />
              <Typography variant="subtitle2" component="h3" sx={{ color: '#1e3a8a' }}>
                Accommodation Period
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ color: '#1e3a8a' }}>
              {event.accommodationStartDate ? formatMonthDayYear(event.accommodationStartDate) : 'Open'} – {event.accommodationEndDate ? formatMonthDayYear(event.accommodationEndDate) : 'Open'}
            </Typography>
          </Box>
        )}
        <Typography variant="caption" color="text.secondary">
          Event date: {formatLodgeLongDate(event.eventDate)}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <Button variant="outlined" startIcon={<ConfirmationNumber />} onClick={() => onTickets(event)} sx={{ minHeight: 44 }}>
          Tickets
        </Button>
        <Box>
          <Tooltip title="Edit event">
            <span>
              <IconButton aria-label={`Edit ${event.name}`} onClick={() => onEdit(event)} disabled={!online}>
                <EditOutlined />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Delete event">
            <span>
              <IconButton aria-label={`Delete ${event.name}`} onClick={() => onDelete(event)} disabled={!online} sx={{ color: '#b91c1c' }}>
                <DeleteOutline />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </CardActions>
    </Card>
  );
}

/** 'Create New Event' or 'Edit Event' (prefilled with the event's values). */
export function EventDialog({ event, onClose }: { event: Event | null; onClose: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const online = useOnline();
  const form = useZodForm(EventForm, eventFormValues(event));
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof eventRequestOf>) => (event ? updateEvent(event.id, body) : createEvent(body)),
    onSuccess: async () => {
      toast({ title: event ? 'Event updated successfully!' : 'Event created successfully!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
      onClose();
    },
    onError: (err) => toast({ title: 'Error', description: errorText(err, event ? 'Failed to update event' : 'Failed to create event'), variant: 'destructive' }),
  });
  const title = event ? 'Edit Event' : 'Create New Event';
  // The form hook speaks input events; the DD/MM/YYYY pickers hand over 'YYYY-MM-DD' (and 'T HH:mm') strings.
  const dateField = (name: 'eventDate' | 'accommodationStartDate' | 'accommodationEndDate') => {
    const { onChange, value, ...rest } = form.field(name);
    return { ...rest, value: String(value ?? ''), onChange: (iso: string) => onChange({ target: { value: iso } } as ChangeEvent<HTMLInputElement>) };
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="event-dialog-title">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(eventRequestOf(values, event)))}>
        <DialogTitle id="event-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField label="Event Name *" {...form.field('name')} autoFocus />
            <TextField label="Description" {...form.field('description')} multiline minRows={3} />
            <DateTimeField label="Event Date *" {...dateField('eventDate')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateField label="Accommodation Start" fullWidth {...dateField('accommodationStartDate')} />
              <DateField label="Accommodation End" fullWidth {...dateField('accommodationEndDate')} />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || !online}>
            {save.isPending ? 'Saving...' : event ? 'Update Event' : 'Create Event'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteEventDialog({ event, onClose }: { event: Event | null; onClose: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const online = useOnline();
  const remove = useMutation({
    mutationFn: (id: string) => deleteEvent(id),
    onSuccess: async () => {
      toast({ title: 'Event deleted successfully!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
      onClose();
    },
    onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to delete event'), variant: 'destructive' }),
  });
  return (
    <Dialog open={event !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-event-title">
      <DialogTitle id="delete-event-title">Delete Event</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Are you sure you want to delete "{event?.name}"? This action cannot be undone and will also remove all associated ticket types.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={remove.isPending || !online} onClick={() => event && remove.mutate(event.id)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
