import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
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
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Cabin from '@mui/icons-material/Cabin';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import { can } from '@shared/roles.js';
import { useAccommodationTypes, useSyncStatus, useUnits } from '@/offline/hooks.js';
import type { DeskUnit } from '@/offline/queries.js';
import { AccommodationImage } from '@/components/accommodation-image.js';
import { PageHeader } from '@/components/page-header.js';
import { useToast } from '@/components/toast/use-toast.js';
import { NEEDS_CONNECTION, errorText } from '@/lib/api.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { formatRand } from '@shared/format.js';
import { cardAmenities, pricingModelLabel } from './accommodation-form.js';
import { AccommodationTypeDialog } from './accommodation-type-dialog.js';
import { deleteAccommodationType } from './api/accommodations-admin-api.js';

const SKELETON_CARDS = 6;
const TITLE = 'Accommodation Management';
const SUBTITLE = 'Accommodation types, their units and images';

type DialogState = { mode: 'create' } | { mode: 'edit'; id: string } | null;

/**
 * Accommodation Management (docs/product.md, Accommodation Management), read from this device's store (the
 * offline sync keeps types and units there, and the back office's sync engine refreshes it
 * on start, on reconnect and when the tab comes back), so reception sees it offline too. Changes of
 * types, units and images need the network; a unit's Active/Inactive goes through the outbox.
 */
export function AccommodationsAdminPage({ creating = false }: { creating?: boolean }) {
  const types = useAccommodationTypes();
  const units = useUnits();
  const { online, lastPullAt, loaded } = useSyncStatus();
  const { user } = useAuth();
  const canManage = can(user?.role, 'manageAccommodations');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogState>(creating && canManage ? { mode: 'create' } : null);
  const [deleting, setDeleting] = useState<AccommodationType | null>(null);

  const closeDialog = () => {
    setDialog(null);
    // /admin/accommodations/new opens the dialog once; closing it leaves the address.
    if (creating) navigate('/admin/accommodations', { replace: true });
  };

  // Until the first pull the store is empty for want of data, not because there are no types.
  const loading = !types || !units || !loaded || (types.length === 0 && lastPullAt === null && online);

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={SUBTITLE}
        actions={
          canManage && (
            <Tooltip title={online ? '' : NEEDS_CONNECTION}>
              <span>
                <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setDialog({ mode: 'create' })} disabled={!online} sx={{ minHeight: 44 }}>
                  Add Accommodation Type
                </Button>
              </span>
            </Tooltip>
          )
        }
      />
      {!online && canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Offline: you can still set units Active or Inactive (sent when the connection is back). Creating, editing and deleting types, units and images needs a connection.
        </Alert>
      )}

      {loading ? (
        <Grid container spacing={2} role="status" aria-busy="true" aria-label="Loading accommodation types">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card variant="outlined">
                <Skeleton variant="rectangular" height={160} />
                <CardContent>
                  <Skeleton variant="text" width="60%" />
                  <Skeleton variant="text" />
                  <Skeleton variant="text" width="80%" />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : types.length === 0 ? (
        <Card variant="outlined" sx={{ py: 6, textAlign: 'center' }}>
          <Cabin sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h6" component="h2">
            No Accommodation Types
          </Typography>
          {canManage && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Add the first type to start selling stays.
            </Typography>
          )}
        </Card>
      ) : (
        <Grid container spacing={2} component="section" aria-label="Accommodation types">
          {types.map((type) => (
            <Grid key={type.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <TypeCard
                type={type}
                units={units.filter((u) => u.accommodationTypeId === type.id)}
                included={type.includedAccommodationTypes.map((id) => types.find((t) => t.id === id)?.name ?? 'Unknown type')}
                canManage={canManage}
                online={online}
                onEdit={() => setDialog({ mode: 'edit', id: type.id })}
                onDelete={() => setDeleting(type)}
              />
            </Grid>
          ))}
        </Grid>
      )}

      {dialog && canManage && (
        <AccommodationTypeDialog
          key={dialog.mode === 'edit' ? dialog.id : 'new'}
          initialId={dialog.mode === 'edit' ? dialog.id : undefined}
          types={types ?? []}
          units={units ?? []}
          online={online}
          onClose={closeDialog}
        />
      )}
      <DeleteTypeDialog type={deleting} unitIds={(units ?? []).filter((u) => u.accommodationTypeId === deleting?.id).map((u) => u.id)} online={online} onClose={() => setDeleting(null)} />
    </>
  );
}

/** /admin/accommodations/new: the same screen with the create dialog open. */
export function NewAccommodationPage() {
  return <AccommodationsAdminPage creating />;
}

export function ActiveChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      label={active ? 'Active' : 'Inactive'}
      sx={{ bgcolor: active ? '#dcfce7' : '#f3f4f6', color: active ? '#14532d' : '#374151', fontWeight: 600 }}
    />
  );
}

function TypeCard({
  type,
  units,
  included,
  canManage,
  online,
  onEdit,
  onDelete,
}: {
  type: AccommodationType;
  units: DeskUnit[];
  included: string[];
  canManage: boolean;
  online: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { shown, more } = cardAmenities(type.amenities);
  const activeUnits = units.filter((u) => u.isActive).length;
  return (
    <Card variant="outlined" component="article" aria-label={type.name} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative' }}>
        <AccommodationImage images={type.images} name={type.name} height={160} sizes="(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw" />
        {type.images.length > 1 && (
          <Chip size="small" label={`+${type.images.length - 1} more`} sx={{ position: 'absolute', right: 8, bottom: 8, bgcolor: 'rgba(0,0,0,0.7)', color: '#fff', fontWeight: 600 }} />
        )}
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, rowGap: 0.5, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
            {type.name}
          </Typography>
          {type.isPackage && <Chip size="small" label="Package" sx={{ bgcolor: '#ede9fe', color: '#4c1d95', fontWeight: 600 }} />}
          {type.systemKey && <Chip size="small" label="System" variant="outlined" />}
          <ActiveChip active={type.isActive} />
        </Stack>
        {type.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {type.description}
          </Typography>
        )}
        <Typography variant="body2">
          Sleeps {type.capacity} · Weekday {formatRand(type.baseWeekdayRate)} · Weekend {formatRand(type.baseWeekendRate)}
          {type.pricingModel === 'per_person_sharing' ? ' per adult' : ''}
        </Typography>
        {!type.isPackage && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {pricingModelLabel(type)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {type.isPackage
            ? `Includes: ${included.length ? included.join(', ') : 'no types yet'}`
            : `Units: ${units.length} (${activeUnits} active)`}
        </Typography>
        {type.amenities.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label="Amenities">
            {shown.map((a) => (
              <Chip key={a} size="small" label={a} variant="outlined" />
            ))}
            {more > 0 && <Chip size="small" label={`+${more} more`} />}
          </Stack>
        )}
      </CardContent>
      {canManage && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button startIcon={<Edit />} onClick={onEdit} aria-label={`Edit ${type.name}`}>
            Edit
          </Button>
          <Tooltip title={online ? '' : NEEDS_CONNECTION}>
            <span>
              <Button color="error" startIcon={<DeleteOutline />} onClick={onDelete} disabled={!online} aria-label={`Delete ${type.name}`}>
                Delete
              </Button>
            </span>
          </Tooltip>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * Delete with a confirmation. A system type (the Entire Lodge) is never deleted: the dialog
 * says so instead of offering Delete; the server refuses too. A type with bookings is refused
 * by the server, whose words are shown.
 */
function DeleteTypeDialog({ type, unitIds, online, onClose }: { type: AccommodationType | null; unitIds: string[]; online: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setRefusal(type?.systemKey ? 'System accommodation types cannot be deleted' : null), [type]);

  const confirm = async () => {
    if (!type) return;
    setBusy(true);
    try {
      await deleteAccommodationType(type.id, unitIds);
      toast({ title: 'Accommodation type deleted successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      const message = errorText(err, 'Failed to delete accommodation type');
      setRefusal(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const blocked = Boolean(type?.systemKey);
  return (
    <Dialog open={type !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Delete Accommodation Type</DialogTitle>
      <DialogContent>
        {!blocked && (
          <DialogContentText>
            Are you sure you want to delete &quot;{type?.name}&quot;? Its units are deleted with it. This action cannot be undone.
          </DialogContentText>
        )}
        {refusal && (
          <Alert severity="error" sx={{ mt: blocked ? 0 : 2 }}>
            {refusal}
          </Alert>
        )}
        {!online && !blocked && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {NEEDS_CONNECTION}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{blocked ? 'Close' : 'Cancel'}</Button>
        {!blocked && (
          <Button onClick={confirm} color="error" variant="contained" disabled={busy || !online}>
            Delete
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
