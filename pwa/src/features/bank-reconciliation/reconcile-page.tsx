import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  BANK_LAYOUTS,
  BANK_LAYOUT_LABELS,
  type BankLayout,
  type BankStatementLine,
  type BankStatementResponse,
} from '@shared/contracts/bank-statements.js';
import { formatMonthDayYear, formatRandToCent } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { ApiError, errorText } from '@/lib/api.js';
import { useBookings } from '@/offline/hooks.js';
import type { DeskBooking } from '@/offline/queries.js';
import { useConfirmStatement, useUploadStatement } from './api/bank-statements-api.js';
import { chosenLines, confirmSummary, initialChoices, MATCH_WORDS, statementSummary, type LineChoice } from './reconcile-lines.js';

type ColumnKey = 'dateColumn' | 'descriptionColumn' | 'amountColumn';
const COLUMN_LABELS: Record<ColumnKey, string> = { dateColumn: 'Date column', descriptionColumn: 'Description column', amountColumn: 'Amount column' };

/**
 * Bank reconciliation (SuperAdmin, Manager): the bank's CSV export uploaded, its credits shown
 * with the booking each pays (a reference in the description is ticked; an amount and surname
 * is a proposal to check), and the ticked lines recorded as EFT payments. A phone shows cards,
 * a tablet a table.
 */
export function ReconcilePage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const upload = useUploadStatement();
  const confirm = useConfirmStatement();
  const bookings = useBookings({ includeChildren: false });

  const [bank, setBank] = useState<BankLayout>('fnb');
  const [columns, setColumns] = useState<Record<ColumnKey, string>>({ dateColumn: '1', descriptionColumn: '2', amountColumn: '3' });
  const [file, setFile] = useState<File | null>(null);
  const [statement, setStatement] = useState<BankStatementResponse | null>(null);
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [showMoneyOut, setShowMoneyOut] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const openBookings = useMemo(() => (bookings ?? []).filter((b) => b.status !== 'Cancelled'), [bookings]);
  const fieldErrors = upload.error instanceof ApiError ? upload.error.fieldErrors : {};
  const chosen = chosenLines(choices);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setResult(null);
    const cols = bank === 'other' ? { date: Number(columns.dateColumn), description: Number(columns.descriptionColumn), amount: Number(columns.amountColumn) } : undefined;
    const answer = await upload.mutateAsync({ file, bank, columns: cols }).catch(() => null);
    if (!answer) return;
    setStatement(answer);
    setChoices(initialChoices(answer.lines));
  };

  const record = async () => {
    if (!statement || !chosen.length) return;
    const answer = await confirm.mutateAsync({ statementId: statement.statementId, input: { lines: chosen } }).catch(() => null);
    if (!answer) return;
    setResult(confirmSummary(answer));
    const recordedTo = new Map<string, { bookingId: string; reference: string }>();
    for (const r of answer.recorded) recordedTo.set(r.lineId, { bookingId: r.bookingId, reference: r.reference });
    for (const r of answer.alreadyRecorded) recordedTo.set(r.lineId, { bookingId: r.bookingId, reference: choices[r.lineId]?.reference ?? '' });
    const lines = statement.lines.map((l) => (recordedTo.has(l.id) ? { ...l, recorded: recordedTo.get(l.id)!, match: undefined } : l));
    setStatement({ ...statement, lines });
    setChoices((c) => Object.fromEntries(Object.entries(c).filter(([id]) => !recordedTo.has(id))));
  };

  const setChoice = (lineId: string, patch: Partial<LineChoice>) => setChoices((c) => ({ ...c, [lineId]: { ...c[lineId], ...patch } }));
  const shown = statement ? statement.lines.filter((l) => showMoneyOut || l.amount > 0) : [];

  return (
    <>
      <PageHeader
        title="Reconcile bank statement"
        subtitle="Upload your bank's CSV export, check which booking each payment belongs to, and record the EFT payments."
        actions={
          <Button component={RouterLink} to="/admin/payments" sx={{ whiteSpace: 'nowrap' }}>
            Back to payments
          </Button>
        }
      />

      <Card variant="outlined" component="section" aria-label="Upload a statement" sx={{ mb: 3 }}>
        <CardContent>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <TextField
                select
                label="Bank"
                value={bank}
                onChange={(e) => setBank(e.target.value as BankLayout)}
                fullWidth={false}
                sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
                error={!!fieldErrors.bank}
                helperText={fieldErrors.bank}
              >
                {BANK_LAYOUTS.map((b) => (
                  <MenuItem key={b} value={b}>
                    {BANK_LAYOUT_LABELS[b]}
                  </MenuItem>
                ))}
              </TextField>
              {bank === 'other' &&
                (Object.keys(COLUMN_LABELS) as ColumnKey[]).map((key) => (
                  <TextField
                    key={key}
                    label={COLUMN_LABELS[key]}
                    type="number"
                    value={columns[key]}
                    onChange={(e) => setColumns((c) => ({ ...c, [key]: e.target.value }))}
                    slotProps={{ htmlInput: { min: 1, step: 1 } }}
                    sx={{ width: { xs: '100%', sm: 150 } }}
                    error={!!fieldErrors[key]}
                    helperText={fieldErrors[key] ?? 'The first column is 1'}
                  />
                ))}
              <Box>
                <Button variant="outlined" component="label" sx={{ minHeight: 56, whiteSpace: 'nowrap' }}>
                  {file ? 'Choose another file' : 'Choose CSV file'}
                  <input
                    hidden
                    type="file"
                    accept=".csv,text/csv"
                    aria-label="Statement CSV file"
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                </Button>
                <Typography variant="body2" color={fieldErrors.file ? 'error' : 'text.secondary'} sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {fieldErrors.file ?? file?.name ?? 'No file chosen yet'}
                </Typography>
              </Box>
              <Button type="submit" variant="contained" disabled={!file || upload.isPending} sx={{ minHeight: 56, whiteSpace: 'nowrap' }}>
                {upload.isPending ? 'Reading the statement...' : 'Upload statement'}
              </Button>
            </Stack>
            {upload.error && !Object.keys(fieldErrors).length && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(upload.error, 'The statement could not be read. Try again.')}
              </Alert>
            )}
          </Box>
        </CardContent>
      </Card>

      {statement && (
        <Box component="section" aria-label="Statement lines">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography>{statementSummary(statement.lines)}</Typography>
            <FormControlLabel control={<Switch checked={showMoneyOut} onChange={(e) => setShowMoneyOut(e.target.checked)} />} label="Show money out" />
          </Stack>
          {result && (
            <Alert severity="success" sx={{ mb: 2 }} role="status">
              {result}
            </Alert>
          )}
          {confirm.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(confirm.error, 'The payments could not be recorded. Try again.')}
            </Alert>
          )}

          {phone ? (
            <Stack spacing={1.5}>
              {shown.map((l) => (
                <Card key={l.id} variant="outlined" aria-label={`${formatMonthDayYear(l.date)} ${l.description}`} sx={{ opacity: l.amount > 0 ? 1 : 0.6 }}>
                  <CardContent sx={{ pb: '12px !important' }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <LineCheckbox line={l} choice={choices[l.id]} onChange={(checked) => setChoice(l.id, { checked })} />
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                          <Typography variant="body2" color="text.secondary">
                            {formatMonthDayYear(l.date)}
                          </Typography>
                          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatRandToCent(l.amount)}</Typography>
                        </Stack>
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                          {l.description}
                        </Typography>
                        <LineBooking line={l} choice={choices[l.id]} bookings={openBookings} onPick={(b) => setChoice(l.id, b)} />
                      </Box>
                    </Stack>
                  </CardContent>
                </Card>
              ))}
            </Stack>
          ) : (
            <Card variant="outlined">
              <TableContainer>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">Record</TableCell>
                      <TableCell>Date</TableCell>
                      <TableCell>Description</TableCell>
                      <TableCell align="right">Amount</TableCell>
                      <TableCell sx={{ width: 300 }}>Booking</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((l) => (
                      <TableRow key={l.id} sx={{ opacity: l.amount > 0 ? 1 : 0.6 }}>
                        <TableCell padding="checkbox">
                          <LineCheckbox line={l} choice={choices[l.id]} onChange={(checked) => setChoice(l.id, { checked })} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonthDayYear(l.date)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.description}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatRandToCent(l.amount)}
                        </TableCell>
                        <TableCell>
                          <LineBooking line={l} choice={choices[l.id]} bookings={openBookings} onPick={(b) => setChoice(l.id, b)} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>
          )}

          {/* On a phone the button stays in reach while the cards scroll by. */}
          <Box
            sx={{
              position: { xs: 'sticky', sm: 'static' },
              bottom: 0,
              py: 2,
              bgcolor: 'background.default',
              borderTop: { xs: 1, sm: 0 },
              borderColor: 'divider',
              display: 'flex',
              justifyContent: 'flex-end',
            }}
          >
            <Button variant="contained" size="large" disabled={!chosen.length || confirm.isPending} onClick={record} sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}>
              {chosen.length === 1 ? 'Record 1 payment' : `Record ${chosen.length} payments`}
            </Button>
          </Box>
        </Box>
      )}
    </>
  );
}

function LineCheckbox({ line, choice, onChange }: { line: BankStatementLine; choice: LineChoice | undefined; onChange: (checked: boolean) => void }) {
  if (!choice) return <Box sx={{ width: 42 }} />;
  return (
    <Checkbox
      checked={choice.checked}
      disabled={!choice.bookingId}
      onChange={(e) => onChange(e.target.checked)}
      slotProps={{ input: { 'aria-label': `Record ${formatRandToCent(line.amount)} on ${formatMonthDayYear(line.date)}` } }}
    />
  );
}

/** The booking a line goes to: recorded before, proposed, or to pick by reference. */
function LineBooking({
  line,
  choice,
  bookings,
  onPick,
}: {
  line: BankStatementLine;
  choice: LineChoice | undefined;
  bookings: DeskBooking[];
  onPick: (c: Partial<LineChoice>) => void;
}) {
  const [changing, setChanging] = useState(false);
  if (line.recorded) return <Chip color="success" size="small" label={`Recorded to ${line.recorded.reference}`} />;
  if (line.amount <= 0) return <Typography variant="body2" color="text.secondary">Money out</Typography>;
  const match = line.match && line.match.bookingId === choice?.bookingId ? line.match : undefined;
  const picked = !match && choice?.bookingId ? (bookings.find((b) => b.id === choice.bookingId) ?? null) : null;
  return (
    <Stack spacing={0.5}>
      {match && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {match.reference} · {match.guestName}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip size="small" color={match.reason === 'reference' ? 'primary' : 'warning'} variant="outlined" label={MATCH_WORDS[match.reason]} />
            {!changing && (
              <Button size="small" onClick={() => setChanging(true)} aria-label={`Choose another booking for ${line.description}`}>
                Change
              </Button>
            )}
          </Stack>
        </Box>
      )}
      {(!match || changing) && <Autocomplete
        size="small"
        options={bookings}
        value={picked}
        onChange={(_, b) => onPick(b ? { bookingId: b.id, reference: b.reference, checked: true } : { bookingId: null, reference: null, checked: false })}
        getOptionLabel={(b) => `${b.reference} · ${b.guestName}`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={match ? 'Another booking' : 'Match to booking'} placeholder="Reference or guest" />}
        noOptionsText="No booking with that reference"
      />}
    </Stack>
  );
}

