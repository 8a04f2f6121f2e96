import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CleaningStatus } from '@shared/domain/housekeeping.js';
import { can } from '@shared/roles.js';
import { formatStayDay } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { useLodgeToday } from '@/lib/lodge-today.js';
import { useHousekeepingBoard, useOnline } from '@/offline/hooks.js';
import { OfflineEditError, setUnitHousekeeping } from '@/offline/outbox.js';
import type { DeskHousekeepingUnit } from '@/offline/queries.js';
import { UnitCard } from './components/unit-card.js';
import { OutOfOrderDialog } from './components/out-of-order-dialog.js';

type Filter = 'all' | 'dirty';

/** Units the housekeeper goes to: Dirty today (an arrival there first). */
const needsCleaning = (r: DeskHousekeepingUnit) => r.statusOnDate === 'Dirty';

/**
 * /admin/housekeeping: every unit's cleaning status for the lodge's today, from the device's
 * store, and one tap to change it. Each tap goes through the outbox (`unit.setHousekeeping`),
 * so it works the same with the internet down and shows at once; setting a unit out of order
 * checks the bookings on the server and needs a connection.
 */
export function HousekeepingPage() {
  const today = useLodgeToday();
  const board = useHousekeepingBoard(today);
  const online = useOnline();
  const { user } = useAuth();
  const { toast } = useToast();
  const [filter, setFilter] = useState<Filter>('all');
  const [outOfOrderFor, setOutOfOrderFor] = useState<string | null>(null);
  const managesUnits = can(user?.role, 'manageAccommodations');

  const change = async (row: DeskHousekeepingUnit, status: CleaningStatus, note?: string) => {
    try {
      const queued = await setUnitHousekeeping(row.unit.id, status, note);
      const said = queued === null ? 'Nothing to change: it already is so.' : online ? 'Saved. Sending to the server.' : 'Saved on this device. It is sent when the connection is back.';
      toast({ title: `${row.unit.name}: ${status}`, description: said, variant: 'success' });
    } catch (err) {
      toast({ title: 'Not saved', description: err instanceof OfflineEditError || err instanceof Error ? err.message : String(err), variant: 'destructive' });
    }
  };

  const rows = board?.filter((r) => filter === 'all' || needsCleaning(r));
  const dirtyArrivals = board?.filter((r) => needsCleaning(r) && r.arrivals.length > 0).length ?? 0;
  const openRow = board?.find((r) => r.unit.id === outOfOrderFor);

  return (
    <Box>
      <PageHeader title="Housekeeping" subtitle={`Units for ${formatStayDay(today)}`} />
      {!online && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Offline: status changes are saved on this device and sent when the connection is back.
        </Alert>
      )}
      {dirtyArrivals > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {dirtyArrivals === 1 ? '1 dirty unit has an arrival today.' : `${dirtyArrivals} dirty units have an arrival today.`}
        </Alert>
      )}
      <ToggleButtonGroup exclusive size="small" value={filter} onChange={(_, v: Filter | null) => v && setFilter(v)} aria-label="Show units"
        // On the page's sand, MUI's grey for an unpressed toggle falls under 4.5:1 (axe): the theme's secondary text keeps it.
        sx={{ mb: 2, '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } }}>
        <ToggleButton value="all">All units</ToggleButton>
        <ToggleButton value="dirty">Needs cleaning</ToggleButton>
      </ToggleButtonGroup>
      {!rows ? (
        <LoadingState label="Loading units" />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{filter === 'dirty' ? 'No unit needs cleaning.' : 'No units on this device yet.'}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
          {rows.map((row) => (
            <UnitCard
              key={row.unit.id}
              row={row}
              onStatus={(status) => void change(row, status)}
              onNote={(note) => void change(row, row.unit.housekeepingStatus, note)}
              onOutOfOrder={managesUnits ? () => setOutOfOrderFor(row.unit.id) : undefined}
            />
          ))}
        </Box>
      )}
      {openRow && <OutOfOrderDialog row={openRow} today={today} onClose={() => setOutOfOrderFor(null)} />}
    </Box>
  );
}
