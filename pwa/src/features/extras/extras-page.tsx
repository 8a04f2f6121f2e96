import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import type { Extra } from '@shared/contracts/folio.js';
import { formatRand } from '@shared/format.js';
import { LoadingState } from '@/components/loading-state.js';
import { PageHeader } from '@/components/page-header.js';
import { CardList, ItemCard, useStacked } from '@/components/stacked-list.js';
import { useToast } from '@/components/toast/use-toast.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { errorText } from '@/lib/api.js';
import { PRICING_WORDS, useDeleteExtra, useExtras } from './api/extras.js';
import { ExtraDialog } from './extra-dialog.js';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const childPriceText = (e: Extra) => (e.childPrice == null ? '—' : formatRand(e.childPrice));

/**
 * The extras catalogue (docs/product.md, Extras): what the lodge sells beyond the room. The
 * desk posts them to a folio; those marked online are offered on /booking. Online only.
 */
export function ExtrasPage() {
  const extras = useExtras();
  const [editing, setEditing] = useState<Extra | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Extra | null>(null);
  const stacked = useStacked();

  const actions = (e: Extra) => (
    <>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${e.name}`} onClick={() => setEditing(e)}>
          <Edit />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${e.name}`} onClick={() => setDeleting(e)} sx={{ color: '#b91c1c' }}>
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <>
      <PageHeader title="Extras" subtitle="Game drives, meals, the bar and fees charged beyond the room" />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">The desk charges these to a guest’s folio; those marked online are offered when guests book.</Typography>
        <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
          Add Extra
        </Button>
      </Stack>
      {extras.isPending ? (
        <LoadingState label="Loading..." />
      ) : extras.isError ? (
        <LoadProblem error={extras.error} what="Extras" onRetry={() => void extras.refetch()} />
      ) : stacked ? (
        <CardList label="Extras" empty={extras.data.length === 0 ? 'No extras yet.' : null}>
          {extras.data.map((e) => (
            <ItemCard
              key={e.id}
              title={e.name}
              fields={[
                ['Pricing', PRICING_WORDS[e.pricing]],
                ['Price', formatRand(e.price)],
                ['Child price', childPriceText(e)],
                ['VAT incl.', yesNo(e.vatInclusive)],
                ['Online', yesNo(e.bookableOnline)],
                ['Active', yesNo(e.isActive)],
              ]}
              actions={actions(e)}
            />
          ))}
        </CardList>
      ) : (
        <Card variant="outlined" component="section" aria-label="Extras">
          <TableContainer>
            <Table size="small" sx={{ minWidth: 760, '& td, & th': { px: 1.5 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Pricing</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">Child Price</TableCell>
                  <TableCell>VAT Incl.</TableCell>
                  <TableCell>Online</TableCell>
                  <TableCell>Active</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {extras.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>
                      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                        No extras yet.
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {extras.data.map((e) => (
                  <TableRow key={e.id} hover sx={e.isActive ? undefined : { '& td': { color: 'text.secondary' } }}>
                    <TableCell sx={{ fontWeight: 600 }}>{e.name}</TableCell>
                    <TableCell>{PRICING_WORDS[e.pricing]}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatRand(e.price)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{childPriceText(e)}</TableCell>
                    <TableCell>{yesNo(e.vatInclusive)}</TableCell>
                    <TableCell>{yesNo(e.bookableOnline)}</TableCell>
                    <TableCell>{yesNo(e.isActive)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(e)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      {editing && <ExtraDialog extra={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {deleting && <ConfirmDeleteExtra extra={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

/**
 * Asks before deleting. An extra already charged is deactivated by the server instead; the
 * dialog then stays open and says so, rather than a toast that would be gone in a moment.
 */
function ConfirmDeleteExtra({ extra, onClose }: { extra: Extra; onClose: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteExtra();
  const [deactivated, setDeactivated] = useState<string | null>(null);
  const confirm = async () => {
    try {
      const message = await remove.mutateAsync(extra.id);
      if (message) return setDeactivated(message);
      toast({ title: 'Extra deleted successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to delete extra'), variant: 'destructive' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-extra-title">
      <DialogTitle id="delete-extra-title">{deactivated ? 'Extra Deactivated' : 'Delete Extra'}</DialogTitle>
      <DialogContent>
        <DialogContentText role={deactivated ? 'status' : undefined}>
          {deactivated ?? `Are you sure you want to delete the extra "${extra.name}"? This action cannot be undone.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {deactivated ? (
          <Button onClick={onClose} variant="contained">
            OK
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button onClick={() => void confirm()} color="error" variant="contained" disabled={remove.isPending}>
              Delete
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
