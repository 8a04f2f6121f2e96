import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import Search from '@mui/icons-material/Search';
import type { LodgerRegisterEntry } from '@shared/contracts/lodger-register.js';
import { formatMonthDayYear, formatMonthDay } from '@shared/format.js';
import { DateField } from '@/components/date-field.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { PageHeader } from '@/components/page-header.js';
import { CardList, ItemCard, useStacked } from '@/components/stacked-list.js';
import { needsConnection } from '@/lib/api.js';
import { useOnline } from '@/offline/hooks.js';
import { lodgeWeek, lodgerRegisterPdfUrl, useLodgerRegister } from './api/lodger-register-api.js';
import { RegisterFileDialog, type RegisterFile } from './register-file-dialog.js';

const REGISTER_NEEDS_CONNECTION = needsConnection('The register of lodgers');
const REMOVED_AFTER_RETENTION = 'Removed after the retention period';
const EMPTY = 'No register entries for stays in this period.';
const EMPTY_SEARCH = 'No register entries match this search in this period.';

const stayText = (e: LodgerRegisterEntry) => `${formatMonthDay(e.checkInDate)} – ${formatMonthDayYear(e.checkOutDate)}`;
const personName = (e: LodgerRegisterEntry) => `${e.fullNames} ${e.surname}`;
const capturedByText = (e: LodgerRegisterEntry) => (e.capturedBy === 'guest' ? 'Guest, before arrival' : e.capturedBy);

/** By stay (check-in, then check-out), then booking, then surname: how an officer reads a register. */
function byStay(a: LodgerRegisterEntry, b: LodgerRegisterEntry): number {
  return (
    a.checkInDate.localeCompare(b.checkInDate) ||
    a.checkOutDate.localeCompare(b.checkOutDate) ||
    a.reference.localeCompare(b.reference) ||
    a.surname.localeCompare(b.surname) ||
    a.fullNames.localeCompare(b.fullNames)
  );
}

/**
 * The register of lodgers (every staff role), for an inspection: the entries of the stays in a
 * range (this week, Monday to Sunday, at first), searched by name or ID number, each with its
 * ID copy and signature on request, and the range's printable PDF. Entries past the retention
 * period stay as greyed rows without personal data. A tablet shows a table, a phone cards.
 */
export function LodgerRegisterPage() {
  const online = useOnline();
  const stacked = useStacked();
  const [range, setRange] = useState(() => lodgeWeek(new Date()));
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [file, setFile] = useState<RegisterFile | null>(null);
  const ready = Boolean(range.from && range.to && range.from <= range.to);
  const list = useLodgerRegister({ ...range, q: q || undefined }, online && ready);
  const entries = [...(list.data?.entries ?? [])].sort(byStay);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
  };
  const empty = list.data && entries.length === 0 ? (q ? EMPTY_SEARCH : EMPTY) : null;
  const buttons = (e: LodgerRegisterEntry) => <FileButtons entry={e} onOpen={setFile} />;

  return (
    <>
      <PageHeader
        title="Lodger register"
        subtitle="Every adult lodger by stay, as the Immigration Act (section 40) requires, for an inspection"
        actions={
          <Button
            variant="outlined"
            startIcon={<Download />}
            href={lodgerRegisterPdfUrl(range)}
            download={`lodger-register-${range.from}-to-${range.to}.pdf`}
            disabled={!online || !ready}
            sx={{ minHeight: 44 }}
          >
            Download PDF
          </Button>
        }
      />
      <Stack component="form" role="search" aria-label="Register" onSubmit={search} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
        <DateField label="From" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} max={range.to || undefined} name="from" size="small" />
        <DateField label="To" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} min={range.from || undefined} name="to" size="small" />
        <TextField
          label="Name or ID number"
          name="q"
          size="small"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: { sm: '1 1 220px' } }}
        />
        <Button type="submit" variant="contained" startIcon={<Search />} sx={{ minHeight: 40 }}>
          Search
        </Button>
      </Stack>
      {!online && (
        <Typography sx={{ mb: 2, color: '#7c2d12' }} role="status">
          {REGISTER_NEEDS_CONNECTION}
        </Typography>
      )}
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadProblem error={list.error} what="The register" onRetry={() => void list.refetch()} />
        </Box>
      )}
      {online && list.isPending && ready && <Typography color="text.secondary">Loading the register...</Typography>}
      {list.data &&
        (stacked ? (
          <CardList label="Register entries" empty={empty}>
            {entries.map((e) =>
              e.deidentified ? (
                <Box key={e.id} sx={{ color: 'text.disabled' }}>
                  <ItemCard title={REMOVED_AFTER_RETENTION} label={`${e.reference}: ${REMOVED_AFTER_RETENTION}`} subtitle={`${e.reference} · ${stayText(e)}`} fields={[]} actions={null} />
                </Box>
              ) : (
                <ItemCard
                  key={e.id}
                  title={personName(e)}
                  subtitle={`${e.reference} · ${stayText(e)}`}
                  fields={[
                    ['ID', `${e.idType} ${e.idNumber}`],
                    ['Nationality', e.nationalityName],
                    ['Residence', e.residenceStatus],
                    ['Address', e.homeAddress],
                    ['Captured by', capturedByText(e)],
                  ]}
                  actions={buttons(e)}
                />
              ),
            )}
          </CardList>
        ) : (
          <RegisterTable entries={entries} empty={empty} buttons={buttons} />
        ))}
      <RegisterFileDialog file={file} onClose={() => setFile(null)} />
    </>
  );
}

function RegisterTable({ entries, empty, buttons }: { entries: LodgerRegisterEntry[]; empty: string | null; buttons: (e: LodgerRegisterEntry) => ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label="Register entries">
      <TableContainer>
        <Table size="small" sx={{ '& td, & th': { px: 1, verticalAlign: 'top' } }}>
          <TableHead>
            <TableRow>
              <TableCell>Stay</TableCell>
              <TableCell>Reference</TableCell>
              <TableCell>Names</TableCell>
              <TableCell>ID</TableCell>
              <TableCell>Nationality</TableCell>
              <TableCell>Residence status</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Captured by</TableCell>
              <TableCell align="right">Files</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {empty !== null && (
              <TableRow>
                <TableCell colSpan={9}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {entries.map((e) =>
              e.deidentified ? (
                <TableRow key={e.id} sx={{ '& td': { color: 'text.disabled' } }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{stayText(e)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.reference}</TableCell>
                  <TableCell colSpan={7}>{REMOVED_AFTER_RETENTION}</TableCell>
                </TableRow>
              ) : (
                <TableRow key={e.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{stayText(e)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.reference}</TableCell>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{personName(e)}</TableCell>
                  <TableCell>
                    {e.idType}
                    <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {e.idNumber}
                    </Box>
                  </TableCell>
                  <TableCell>{e.nationalityName}</TableCell>
                  <TableCell>{e.residenceStatus}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', minWidth: 140 }}>{e.homeAddress}</TableCell>
                  <TableCell>{capturedByText(e)}</TableCell>
                  <TableCell align="right">{buttons(e)}</TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

/** "View ID" and "Signature", named by whose they are (many rows share the words). */
function FileButtons({ entry, onOpen }: { entry: LodgerRegisterEntry; onOpen: (file: RegisterFile) => void }) {
  const person = personName(entry);
  return (
    <Stack direction={{ xs: 'row', md: 'column' }} spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      {entry.idCopyAttachmentId && (
        <Button size="small" variant="outlined" aria-label={`View ID of ${person}`} onClick={() => onOpen({ attachmentId: entry.idCopyAttachmentId!, kind: 'id-copy', person })} sx={{ minHeight: 40, whiteSpace: 'nowrap' }}>
          View ID
        </Button>
      )}
      {entry.signatureAttachmentId && (
        <Button size="small" aria-label={`Signature of ${person}`} onClick={() => onOpen({ attachmentId: entry.signatureAttachmentId!, kind: 'signature', person })} sx={{ minHeight: 40, whiteSpace: 'nowrap' }}>
          Signature
        </Button>
      )}
    </Stack>
  );
}
