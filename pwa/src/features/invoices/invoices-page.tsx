import { useState } from 'react';
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
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatMonthDayYear, formatRandToCent } from '@shared/format.js';
import { DateField } from '@/components/date-field.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { PageHeader } from '@/components/page-header.js';
import { useOnline } from '@/offline/hooks.js';
import { invoicesCsvUrl, useInvoices } from './api/invoices.js';
import { INVOICES_NEED_CONNECTION, PdfLink } from './booking-invoices.js';

/** On a phone a row keeps the number, the guest and the total; the rest shows from 600 px. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Invoices (SuperAdmin, Manager): the tax invoices and credit notes issued in a period (the
 * last 30 days at first), each with its PDF, and the period's CSV for the accountant.
 */
export function InvoicesPage() {
  const online = useOnline();
  const today = todayInLodge(new Date());
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const list = useInvoices({ from: from || undefined, to: to || undefined }, online);
  const rows = list.data ?? [];
  const totals = rows.reduce(
    (sum, r) => {
      const sign = r.kind === 'credit_note' ? -1 : 1;
      return { net: sum.net + sign * Math.round(r.net * 100), vat: sum.vat + sign * Math.round(r.vat * 100), total: sum.total + sign * Math.round(r.total * 100) };
    },
    { net: 0, vat: 0, total: 0 },
  );

  return (
    <>
      <PageHeader
        title="Invoices"
        subtitle="Tax invoices and credit notes, with their PDFs and the accountant's export"
        actions={
          <Button variant="outlined" startIcon={<Download />} href={invoicesCsvUrl({ from, to })} download disabled={!online} sx={{ minHeight: 44 }}>
            Export CSV
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <DateField label="From" value={from} onChange={setFrom} max={to || undefined} name="from" size="small" />
        <DateField label="To" value={to} onChange={setTo} min={from || undefined} name="to" size="small" />
      </Stack>
      {!online && (
        <Typography sx={{ mb: 2, color: '#7c2d12' }} role="status">
          {INVOICES_NEED_CONNECTION}
        </Typography>
      )}
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadProblem error={list.error} what="The invoices" onRetry={() => void list.refetch()} />
        </Box>
      )}
      <Card variant="outlined" component="section" aria-label="Invoices and credit notes">
        <TableContainer>
          <Table size="small" sx={{ minWidth: { xs: 0, sm: 720 }, '& td, & th': { px: { xs: 0.75, sm: 1 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell sx={WIDE_ONLY}>Kind</TableCell>
                <TableCell sx={WIDE_ONLY}>Date</TableCell>
                <TableCell sx={WIDE_ONLY}>Booking</TableCell>
                <TableCell>Guest</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell align="right">PDF</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {online && list.isPending && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      Loading invoices...
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {list.data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      No invoices or credit notes in this period.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={r.id} hover>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{r.number}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{r.kind === 'invoice' ? 'Invoice' : `Credit note (${r.creditedInvoiceNumber})`}</TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatMonthDayYear(r.issueDate)}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{r.bookingReference}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.guestName}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {r.kind === 'credit_note' ? `-${formatRandToCent(r.total)}` : formatRandToCent(r.total)}
                  </TableCell>
                  <TableCell align="right">
                    <PdfLink row={r} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {rows.length > 0 && (
          <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, justifyContent: 'flex-end' }}>
            <Typography variant="body2">Net {formatRandToCent(totals.net / 100)}</Typography>
            <Typography variant="body2">VAT {formatRandToCent(totals.vat / 100)}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              Total {formatRandToCent(totals.total / 100)}
            </Typography>
          </Box>
        )}
      </Card>
    </>
  );
}
