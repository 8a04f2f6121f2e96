import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CLEANING_STATUSES, type CleaningStatus, type HousekeepingStatus } from '@shared/domain/housekeeping.js';
import { lodgeTimeOf, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDay } from '@shared/format.js';
import type { DeskBooking, DeskHousekeepingUnit } from '@/offline/queries.js';

const CHIP_COLOR: Record<HousekeepingStatus, 'success' | 'error' | 'info' | 'default'> = {
  Clean: 'info',
  Dirty: 'error',
  Inspected: 'success',
  'Out of order': 'default',
};

export function HousekeepingChip({ status }: { status: HousekeepingStatus }) {
  return <Chip size="small" data-testid="housekeeping-status" label={status} color={CHIP_COLOR[status]} variant={status === 'Out of order' ? 'outlined' : 'filled'} />;
}

const stayText = (b: DeskBooking) => `${b.guestName} (${b.reference})`;

/**
 * One unit on the board: its status as a coloured chip, who arrives and leaves today ("Dirty,
 * arrival today" called out), the note and who set it when, one tap for each cleaning status,
 * the note, and (for those who manage units) the out of order dialog.
 */
export function UnitCard({
  row,
  onStatus,
  onNote,
  onOutOfOrder,
}: {
  row: DeskHousekeepingUnit;
  onStatus: (status: CleaningStatus) => void;
  onNote: (note: string) => void;
  onOutOfOrder?: () => void;
}) {
  const { unit } = row;
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(unit.housekeepingNote ?? '');
  const urgent = row.statusOnDate === 'Dirty' && row.arrivals.length > 0;
  const labelId = `hk-unit-${unit.id}`;

  return (
    <Card component="section" aria-labelledby={labelId} variant="outlined" sx={urgent ? { borderColor: 'error.main', borderWidth: 2 } : undefined}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={labelId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} noWrap>
              {unit.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {row.typeName}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
            {unit.pendingSync && <Chip size="small" label="Not synced" variant="outlined" color="warning" />}
            <HousekeepingChip status={row.statusOnDate} />
          </Stack>
        </Stack>

        {urgent && (
          <Alert severity="error" sx={{ mt: 1, py: 0 }}>
            Dirty, arrival today
          </Alert>
        )}
        {row.arrivals.map((b) => (
          <Typography key={`a-${b.id}`} variant="body2" sx={{ mt: 0.5 }}>
            <strong>Arrival today:</strong> {stayText(b)}
          </Typography>
        ))}
        {row.departures.map((b) => (
          <Typography key={`d-${b.id}`} variant="body2" sx={{ mt: 0.5 }}>
            <strong>{b.status === 'Checked-Out' ? 'Left today:' : 'Departure today:'}</strong> {stayText(b)}
          </Typography>
        ))}
        {row.outOfOrder.map((p) => (
          <Typography key={p.id} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Out of order {formatStayDay(p.startDate)} to {formatStayDay(p.endDate)}: {p.note}
          </Typography>
        ))}
        {unit.housekeepingNote && !editing && (
          <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
            Note: {unit.housekeepingNote}
          </Typography>
        )}
        {unit.housekeepingChangedAt && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {unit.housekeepingStatus} since {formatStayDay(todayInLodge(new Date(unit.housekeepingChangedAt)))} {lodgeTimeOf(new Date(unit.housekeepingChangedAt))}
            {unit.housekeepingChangedBy ? ` by ${unit.housekeepingChangedBy}` : ''}
          </Typography>
        )}

        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          value={unit.housekeepingStatus}
          aria-label={`Cleaning status of ${unit.name}`}
          onChange={(_, value: CleaningStatus | null) => value && onStatus(value)}
          sx={{ mt: 1.5 }}
        >
          {CLEANING_STATUSES.map((s) => (
            <ToggleButton key={s} value={s} sx={{ minHeight: 44 }}>
              {s}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>

        {editing ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <TextField size="small" fullWidth label={`Note for ${unit.name}`} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
            <Button
              variant="contained"
              onClick={() => {
                onNote(note);
                setEditing(false);
              }}
            >
              Save
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              size="small"
              onClick={() => {
                setNote(unit.housekeepingNote ?? '');
                setEditing(true);
              }}
            >
              {unit.housekeepingNote ? 'Edit note' : 'Add note'}
            </Button>
            {onOutOfOrder && (
              <Button size="small" onClick={onOutOfOrder}>
                Out of order…
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
