import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@shared/contracts/audit.js';
import { formatLodgeDateTimeYear } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { DateField } from '@/components/date-field.js';
import { LoadingState } from '@/components/loading-state.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { useAudit, type AuditFilter } from './api/audit-api.js';
import { AUDIT_ENTITY_TYPES, actionLabel, auditChanges } from './audit-diff.js';

const END_BEFORE_START = 'The end date must be on or after the start date';

const entityLabel = (type: string) => AUDIT_ENTITY_TYPES.find(([t]) => t === type)?.[1] ?? type;

/** Typed text settles for a moment before it becomes a request. */
function useSettled(value: string, ms = 350): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Audit log (SuperAdmin, Manager): who changed what and when, with before and after. */
export function AuditPage() {
  const [entityType, setEntityType] = useState('');
  const [entityId, setEntityId] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const settledId = useSettled(entityId.trim());
  const settledActor = useSettled(actor.trim());
  const datesWrong = Boolean(from && to && to < from);
  const filter: AuditFilter = { entityType, entityId: settledId, actor: settledActor, from, to: datesWrong ? '' : to, page };
  const audit = useAudit(filter);

  // A new filter starts at its first page.
  useEffect(() => setPage(1), [entityType, settledId, settledActor, from, to]);

  const showRecord = (entry: AuditEntry) => {
    setEntityType(entry.entityType);
    setEntityId(entry.entityId ?? '');
  };
  const clear = () => {
    setEntityType('');
    setEntityId('');
    setActor('');
    setFrom('');
    setTo('');
  };

  return (
    <>
      <PageHeader title="Audit Log" subtitle="Who changed what and when, with the values before and after" />
      <Card variant="outlined" component="section" aria-label="Filters" sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr) auto' }, alignItems: 'start' }}>
            <TextField select label="Record type" value={entityType} onChange={(e) => setEntityType(e.target.value)}>
              <MenuItem value="">All records</MenuItem>
              {AUDIT_ENTITY_TYPES.map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Record ID" value={entityId} onChange={(e) => setEntityId(e.target.value)} />
            <TextField label="Person (username)" value={actor} onChange={(e) => setActor(e.target.value)} />
            <DateField label="From" value={from} onChange={setFrom} />
            <DateField label="To" value={to} onChange={setTo} error={datesWrong} helperText={datesWrong ? END_BEFORE_START : undefined} />
            <Button onClick={clear} sx={{ minHeight: 56 }}>
              Clear filters
            </Button>
          </Box>
        </CardContent>
      </Card>

      {audit.isPending ? (
        <LoadingState label="Loading audit log..." />
      ) : audit.error ? (
        <LoadProblem error={audit.error} what="The audit log" onRetry={() => void audit.refetch()} />
      ) : (
        <Box component="section" aria-label="Audit entries" sx={{ position: 'relative' }}>
          {audit.isFetching && <LinearProgress aria-label="Updating" sx={{ position: 'absolute', top: -8, left: 0, right: 0 }} />}
          {audit.data.items.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              No changes found.
            </Typography>
          ) : (
            <Stack spacing={2}>
              {audit.data.items.map((entry) => (
                <AuditCard key={entry.id} entry={entry} onShowRecord={showRecord} />
              ))}
            </Stack>
          )}
          <TablePagination
            component="div"
            count={audit.data.total}
            page={audit.data.total === 0 ? 0 : audit.data.page - 1}
            rowsPerPage={audit.data.pageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_, p) => setPage(p + 1)}
          />
        </Box>
      )}
    </>
  );
}

function AuditCard({ entry, onShowRecord }: { entry: AuditEntry; onShowRecord: (e: AuditEntry) => void }) {
  const changes = auditChanges(entry.before, entry.after);
  // A creation or a deletion has one side only: one value column, not an empty one.
  const side = entry.before == null ? 'after' : entry.after == null ? 'before' : null;
  return (
    <Card variant="outlined" component="article" aria-label={`${actionLabel(entry.action)} by ${entry.actorUsername}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" label={actionLabel(entry.action)} sx={{ fontWeight: 600 }} />
            <Typography variant="body2">
              by <strong>{entry.actorUsername}</strong>
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.createdAt}>
            {formatLodgeDateTimeYear(entry.createdAt)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ mb: changes.length || entry.note ? 1 : 0 }}>
          {entityLabel(entry.entityType)}{' '}
          {entry.entityId && (
            <Link component="button" type="button" onClick={() => onShowRecord(entry)} sx={{ fontFamily: 'monospace', verticalAlign: 'baseline' }} aria-label={`Show changes of ${entityLabel(entry.entityType)} ${entry.entityId}`}>
              {entry.entityId}
            </Link>
          )}
        </Typography>
        {entry.note && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {entry.note}
          </Typography>
        )}
        {changes.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Changes" sx={{ '& td, & th': { px: 1, verticalAlign: 'top' } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: side ? '40%' : '28%' }}>Field</TableCell>
                  {side !== 'after' && <TableCell sx={{ width: side ? '60%' : '36%' }}>{side ? 'Value' : 'Before'}</TableCell>}
                  {side !== 'before' && <TableCell sx={{ width: side ? '60%' : '36%' }}>{side ? 'Value' : 'After'}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((c) => (
                  <TableRow key={c.field}>
                    <TableCell sx={{ fontWeight: 600 }}>{c.field}</TableCell>
                    {side !== 'after' && <TableCell sx={{ color: '#991b1b', wordBreak: 'break-word' }}>{c.before}</TableCell>}
                    {side !== 'before' && <TableCell sx={{ color: '#166534', wordBreak: 'break-word' }}>{c.after}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
