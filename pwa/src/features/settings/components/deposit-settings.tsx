import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { describeCancellationPolicy } from '@shared/domain/cancellation-policy.js';
import { checkPolicyRows, type PolicyRow } from '../settings-form.js';

type FieldProps = {
  name: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: boolean;
  helperText: string;
  disabled: boolean;
  fullWidth: boolean;
};

const MAX_TIERS = 10;

/**
 * The Payment Gateway tab's deposits block: what a guest pays when booking, when the balance
 * is due and when the reminder goes, and the cancellation policy as rows of tiers with the
 * words guests read shown below it.
 */
export function DepositSettings({
  field,
  rows,
  onRows,
  errors,
  disabled,
}: {
  field: (name: 'depositPercent' | 'balanceDueDays' | 'reminderDays', help: string) => FieldProps;
  rows: PolicyRow[];
  onRows: (rows: PolicyRow[]) => void;
  /** Problems of the policy, keyed as the API names them. */
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const checked = checkPolicyRows(rows);
  const set = (i: number, key: keyof PolicyRow, value: string) => onRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const rowError = (i: number, key: keyof PolicyRow) => errors[`cancellationPolicy.${i}.${key}`];
  const rowProblem = (i: number) => (rowError(i, 'daysBeforeArrival') || rowError(i, 'refundPercent') ? `policy-tier-${i}-problem` : undefined);
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Deposits and balances
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Guests booking well ahead pay a deposit now and the rest before they arrive. 100% takes the full amount when they book.
      </Typography>
      {/* The hints explain the fields before Edit too: MUI's disabled grey is too faint to read (contrast). */}
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="Deposit (%)"
            type="number"
            {...field('depositPercent', 'Of the total, paid when booking')}
            slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="Balance due (days before arrival)"
            type="number"
            {...field('balanceDueDays', 'Bookings made later pay in full')}
            slotProps={{ htmlInput: { min: 0, max: 180, step: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="Reminder (days before the due date)"
            type="number"
            {...field('reminderDays', 'The guest is e-mailed then, and on the due date')}
            slotProps={{ htmlInput: { min: 0, max: 60, step: 1 } }}
          />
        </Grid>
      </Grid>

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }} id="cancellation-policy-title">
        Cancellation policy
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        How much of what the guest has paid is refunded when they cancel, by how many days before arrival they do.
      </Typography>
      <Stack spacing={2} role="group" aria-labelledby="cancellation-policy-title" sx={{ mb: 1 }}>
        {rows.map((row, i) => (
          <Box key={i}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Days before arrival"
                type="number"
                value={row.daysBeforeArrival}
                onChange={(e) => set(i, 'daysBeforeArrival', e.target.value)}
                error={!!rowError(i, 'daysBeforeArrival')}
                disabled={disabled}
                slotProps={{ htmlInput: { min: 0, max: 365, step: 1, 'aria-label': `Tier ${i + 1}: days before arrival`, 'aria-describedby': rowProblem(i) } }}
                // The longer label keeps its words on a phone.
                sx={{ flex: 3 }}
              />
              <TextField
                label="Refund (%)"
                type="number"
                value={row.refundPercent}
                onChange={(e) => set(i, 'refundPercent', e.target.value)}
                error={!!rowError(i, 'refundPercent')}
                disabled={disabled}
                slotProps={{ htmlInput: { min: 0, max: 100, step: 1, 'aria-label': `Tier ${i + 1}: refund percent`, 'aria-describedby': rowProblem(i) } }}
                sx={{ flex: 2 }}
              />
              <IconButton
                aria-label={`Remove tier ${i + 1}`}
                onClick={() => onRows(rows.filter((_, j) => j !== i))}
                disabled={disabled || rows.length <= 1}
                sx={{ mt: 1, width: 44, height: 44 }}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
            {/* Under the whole row: a phone's narrow refund field would break the words up. */}
            {rowProblem(i) && (
              <Typography id={rowProblem(i)} variant="caption" color="error" sx={{ display: 'block', mt: 0.5, ml: 1.75 }}>
                {[...new Set([rowError(i, 'daysBeforeArrival'), rowError(i, 'refundPercent')].filter(Boolean))].join(' ')}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
      {errors.cancellationPolicy && (
        <Typography role="alert" variant="body2" color="error" sx={{ mb: 1 }}>
          {errors.cancellationPolicy}
        </Typography>
      )}
      <Button
        startIcon={<Add />}
        onClick={() => onRows([...rows, { daysBeforeArrival: '', refundPercent: '' }])}
        disabled={disabled || rows.length >= MAX_TIERS}
        sx={{ minHeight: 44 }}
      >
        Add tier
      </Button>
      <Box sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="policy-words">
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          What guests read
        </Typography>
        {checked.ok ? (
          describeCancellationPolicy(checked.policy).map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))
        ) : (
          <Typography variant="body2" color="text.secondary">
            Complete the tiers above to see the policy in words.
          </Typography>
        )}
      </Box>
    </Box>
  );
}
