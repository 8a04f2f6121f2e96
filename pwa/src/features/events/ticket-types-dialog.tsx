import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Event, TicketType } from '@shared/contracts/events.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { errorText } from '@/lib/api.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useOnline } from '@/offline/hooks.js';
import { formatLodgeLongDate, formatRand } from '@shared/format.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { createTicketType, deleteTicketType, ticketTypesKey, updateTicketType, useTicketTypes } from './api/events-api.js';
import { TicketForm, ticketFormValues, ticketRequestOf } from './event-form.js';
import { ActiveChip } from './active-chip.js';

/** 'Manage Ticket Types': the event's ticket types (name, price, max quantity), added, edited and deleted here. */
export function TicketTypesDialog({ event, onClose }: { event: Event | null; onClose: () => void }) {
  const tickets = useTicketTypes(event?.id);
  const online = useOnline();
  const [editing, setEditing] = useState<TicketType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TicketType | null>(null);
  const close = () => {
    setEditing(null);
    setDeleting(null);
    onClose();
  };

  return (
    <Dialog open={event !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="tickets-title">
      <DialogTitle id="tickets-title">Manage Ticket Types</DialogTitle>
      <DialogContent>
        {event && (
          <Box sx={{ mb: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {event.name}
              </Typography>
              <ActiveChip active={event.isActive} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatLodgeLongDate(event.eventDate)}
            </Typography>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Ticket types are what guests can buy for this event, for example Day Visitor, Accommodation Package or VIP Experience.
        </Typography>
        {tickets.isPending ? (
          <Skeleton variant="rectangular" height={96} />
        ) : tickets.error ? (
          <LoadProblem error={tickets.error} what="Managing ticket types" onRetry={() => void tickets.refetch()} />
        ) : tickets.data.length === 0 ? (
          <Typography color="text.secondary">No ticket types yet.</Typography>
        ) : (
          <List aria-label="Ticket types" disablePadding>
            {tickets.data.map((t) => (
              <ListItem
                key={t.id}
                divider
                disableGutters
                secondaryAction={
                  <>
                    <IconButton aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)} disabled={!online}>
                      <EditOutlined />
                    </IconButton>
                    <IconButton aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)} disabled={!online} sx={{ color: '#b91c1c' }}>
                      <DeleteOutline />
                    </IconButton>
                  </>
                }
              >
                <ListItemText primary={t.name} secondary={`${formatRand(t.price)} · max ${t.maxQuantity}`} />
              </ListItem>
            ))}
          </List>
        )}
        {event && editing !== null && (
          <TicketTypeForm key={editing === 'new' ? 'new' : editing.id} eventId={event.id} ticket={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
        {event && deleting && <DeleteTicketType eventId={event.id} ticket={deleting} onDone={() => setDeleting(null)} />}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
        <Button startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} disabled={!event || !online || editing !== null}>
          Add Ticket Type
        </Button>
        <Button onClick={close} variant="outlined">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TicketTypeForm({ eventId, ticket, onDone }: { eventId: string; ticket: TicketType | null; onDone: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const online = useOnline();
  const form = useZodForm(TicketForm, ticketFormValues(ticket));
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof ticketRequestOf>) => (ticket ? updateTicketType(eventId, ticket.id, body) : createTicketType(eventId, body)),
    onSuccess: async () => {
      toast({ title: ticket ? 'Ticket type updated successfully!' : 'Ticket type created successfully!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ticketTypesKey(eventId) });
      onDone();
    },
    onError: (err) =>
      toast({ title: 'Error', description: errorText(err, ticket ? 'Failed to update ticket type' : 'Failed to create ticket type'), variant: 'destructive' }),
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={ticket ? 'Edit Ticket Type' : 'New Ticket Type'}
      onSubmit={form.handleSubmit((values) => save.mutate(ticketRequestOf(values, ticket)))}
      sx={{ p: 2, mt: 2 }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
        {ticket ? 'Edit Ticket Type' : 'New Ticket Type'}
      </Typography>
      <Stack spacing={1}>
        <TextField label="Ticket Name *" {...form.field('name')} autoFocus />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="Price (R) *" type="number" fullWidth {...form.field('price')} slotProps={{ htmlInput: { min: 0, step: 0.01 } }} />
          <TextField label="Max Quantity *" type="number" fullWidth {...form.field('maxQuantity')} slotProps={{ htmlInput: { min: 1, step: 1 } }} />
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={save.isPending || !online}>
          {ticket ? 'Save Ticket Type' : 'Add'}
        </Button>
      </Stack>
    </Paper>
  );
}

function DeleteTicketType({ eventId, ticket, onDone }: { eventId: string; ticket: TicketType; onDone: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const online = useOnline();
  const remove = useMutation({
    mutationFn: () => deleteTicketType(eventId, ticket.id),
    onSuccess: async () => {
      toast({ title: 'Ticket type deleted successfully!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ticketTypesKey(eventId) });
      onDone();
    },
    onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to delete ticket type'), variant: 'destructive' }),
  });
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" onClick={onDone}>
            Cancel
          </Button>
          <Button color="error" variant="contained" disabled={remove.isPending || !online} onClick={() => remove.mutate()}>
            Delete
          </Button>
        </Stack>
      }
    >
      Delete the ticket type "{ticket.name}"?
    </Alert>
  );
}
