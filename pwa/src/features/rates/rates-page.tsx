import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import type { PromoCode, RateOverride } from '@shared/contracts/rates.js';
import type { SpecialOffer } from '@shared/contracts/specials.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { useAccommodationTypes } from '@/offline/hooks.js';
import { LoadingState } from '@/components/loading-state.js';
import { PageHeader } from '@/components/page-header.js';
import { CardList, ItemCard, useStacked } from '@/components/stacked-list.js';
import { useToast } from '@/components/toast/use-toast.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { errorText } from '@/lib/api.js';
import { formatMonthDayYear, formatRand } from '@shared/format.js';
import { useAdminEvents } from './api/events-list.js';
import { useDeletePromoCode, usePromoCodes } from './api/promo-codes.js';
import { useDeleteRateOverride, useRateOverrides } from './api/rate-overrides.js';
import { PromoCodeDialog } from './promo-code-dialog.js';
import { discountText, promoStatusLabel, type PromoStatusLabel } from './rate-forms.js';
import { RateOverrideDialog } from './rate-override-dialog.js';
import { useDeleteSpecialOffer, useSpecialOffers } from './api/special-offers.js';
import { SpecialOfferDialog } from './special-offer-dialog.js';
import { stayPayText } from './special-offer-form.js';

type TabName = 'overrides' | 'promos' | 'specials';

/** Rate Management (docs/product.md, Rate Management): 'Rate Overrides', 'Promo Codes' and 'Specials'. Online only. */
export function RatesPage() {
  const [tab, setTab] = useState<TabName>('overrides');
  return (
    <>
      <PageHeader title="Rate Management" subtitle="Seasonal rate overrides, promo codes and specials" />
      <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="overrides" label="Rate Overrides" />
        <Tab value="promos" label="Promo Codes" />
        <Tab value="specials" label="Specials" />
      </Tabs>
      {tab === 'overrides' ? <OverridesTab /> : tab === 'promos' ? <PromosTab /> : <SpecialsTab />}
    </>
  );
}

function TableCard({ label, children, minWidth }: { label: string; children: ReactNode; minWidth: number }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <TableContainer>
        <Table size="small" sx={{ minWidth, '& td, & th': { px: 1.5 } }}>
          {children}
        </Table>
      </TableContainer>
    </Card>
  );
}

function ActionButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${name}`} onClick={onEdit}>
          <Edit />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${name}`} onClick={onDelete} sx={{ color: '#b91c1c' }}>
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </>
  );
}

function RowActions(props: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <ActionButtons {...props} />
    </TableCell>
  );
}

function OverridesTab() {
  const overrides = useRateOverrides();
  const types = useAccommodationTypes();
  const events = useAdminEvents();
  const remove = useDeleteRateOverride();
  const [editing, setEditing] = useState<RateOverride | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RateOverride | null>(null);
  const typeName = (o: RateOverride) => o.accommodationTypeName ?? types?.find((t) => t.id === o.accommodationTypeId)?.name ?? 'Unknown type';
  const eventName = (id: string | null) => (id ? (events.data?.find((e) => e.id === id)?.name ?? 'Linked event') : '—');
  const rate = (value: number | null) => (value === null ? <Typography variant="body2" color="text.secondary" component="span">Base rate</Typography> : formatRand(value));
  const label = (o: RateOverride) => `override ${typeName(o)} ${o.startDate} to ${o.endDate}`;
  const stacked = useStacked();
  const dates = (o: RateOverride) => `${formatMonthDayYear(o.startDate)} – ${formatMonthDayYear(o.endDate)}`;
  const nights = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`;

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">Prices for chosen dates, in place of the base weekday and weekend rates.</Typography>
        <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
          Add Rate Override
        </Button>
      </Stack>
      {overrides.isPending ? (
        <LoadingState label="Loading..." />
      ) : overrides.isError ? (
        <LoadProblem error={overrides.error} what="Rate Management" onRetry={() => void overrides.refetch()} />
      ) : stacked ? (
        <CardList label="Rate Overrides" empty={overrides.data.length === 0 ? 'No rate overrides yet.' : null}>
          {overrides.data.map((o) => (
            <ItemCard
              key={o.id}
              title={typeName(o)}
              fields={[
                ['Dates', dates(o)],
                ['Weekday Rate', rate(o.weekdayRate)],
                ['Weekend Rate', rate(o.weekendRate)],
                ['Min Stay', nights(o.minLengthOfStay)],
                ['Event', eventName(o.eventId)],
              ]}
              actions={<ActionButtons name={label(o)} onEdit={() => setEditing(o)} onDelete={() => setDeleting(o)} />}
            />
          ))}
        </CardList>
      ) : (
        <TableCard label="Rate Overrides" minWidth={760}>
          <TableHead>
            <TableRow>
              <TableCell>Accommodation Type</TableCell>
              <TableCell>Dates</TableCell>
              <TableCell>Weekday Rate</TableCell>
              <TableCell>Weekend Rate</TableCell>
              <TableCell>Min Stay</TableCell>
              <TableCell>Event</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {overrides.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    No rate overrides yet.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {overrides.data.map((o) => (
              <TableRow key={o.id} hover>
                <TableCell sx={{ fontWeight: 600 }}>{typeName(o)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates(o)}</TableCell>
                <TableCell>{rate(o.weekdayRate)}</TableCell>
                <TableCell>{rate(o.weekendRate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{nights(o.minLengthOfStay)}</TableCell>
                <TableCell>{eventName(o.eventId)}</TableCell>
                <RowActions name={label(o)} onEdit={() => setEditing(o)} onDelete={() => setDeleting(o)} />
              </TableRow>
            ))}
          </TableBody>
        </TableCard>
      )}
      {editing && (
        <RateOverrideDialog
          override={editing === 'new' ? undefined : editing}
          types={types ?? []}
          overrides={overrides.data ?? []}
          events={events.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDelete
        title="Delete Rate Override"
        open={deleting !== null}
        text={deleting ? `Are you sure you want to delete the rate override for ${typeName(deleting)} (${formatMonthDayYear(deleting.startDate)} – ${formatMonthDayYear(deleting.endDate)})? This action cannot be undone.` : ''}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync(deleting!.id)}
        done="Rate override deleted successfully!"
        failed="Failed to delete rate override"
      />
    </>
  );
}

/** Green for live, amber for used up (it needs a decision: more uses or retire it), grey for off. */
const PROMO_STATUS_COLOURS: Record<PromoStatusLabel, { bg: string; fg: string }> = {
  Active: { bg: '#dcfce7', fg: '#14532d' },
  'Used up': { bg: '#fef3c7', fg: '#78350f' },
  Inactive: { bg: '#f3f4f6', fg: '#374151' },
};

function PromosTab() {
  const promos = usePromoCodes();
  const remove = useDeletePromoCode();
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const today = todayInLodge(new Date());
  const stacked = useStacked();
  const appliesTo = (p: PromoCode) => [p.applicableToAccommodation && 'Accommodation', p.applicableToEvents && 'Events'].filter(Boolean).join(', ') || '—';
  const status = (label: PromoStatusLabel) => (
    <Chip size="small" label={label} sx={{ bgcolor: PROMO_STATUS_COLOURS[label].bg, color: PROMO_STATUS_COLOURS[label].fg, fontWeight: 600 }} />
  );

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">Codes guests enter when they book. Active until the end of the expiry day.</Typography>
        <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
          Add Promo Code
        </Button>
      </Stack>
      {promos.isPending ? (
        <LoadingState label="Loading..." />
      ) : promos.isError ? (
        <LoadProblem error={promos.error} what="Rate Management" onRetry={() => void promos.refetch()} />
      ) : stacked ? (
        <CardList label="Promo Codes" empty={promos.data.length === 0 ? 'No promo codes yet.' : null}>
          {promos.data.map((p) => (
            <ItemCard
              key={p.id}
              title={p.code}
              mono
              fields={[
                ['Discount', discountText(p, formatRand)],
                ['Expiry Date', formatMonthDayYear(p.expiryDate)],
                ['Uses', `${p.usedCount} / ${p.maxUses ?? '∞'}`],
                ['Applies To', appliesTo(p)],
                ['Status', status(promoStatusLabel(p, today))],
              ]}
              actions={<ActionButtons name={`promo code ${p.code}`} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />}
            />
          ))}
        </CardList>
      ) : (
        <TableCard label="Promo Codes" minWidth={760}>
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell>Discount</TableCell>
              <TableCell>Expiry Date</TableCell>
              <TableCell>Uses</TableCell>
              <TableCell>Applies To</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {promos.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    No promo codes yet.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {promos.data.map((p) => {
              const label = promoStatusLabel(p, today);
              return (
                <TableRow key={p.id} hover>
                  <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{p.code}</TableCell>
                  <TableCell>{discountText(p, formatRand)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonthDayYear(p.expiryDate)}</TableCell>
                  <TableCell aria-label={`Uses of ${p.code}`}>
                    {p.usedCount} / {p.maxUses ?? '∞'}
                  </TableCell>
                  <TableCell>{appliesTo(p)}</TableCell>
                  <TableCell>{status(label)}</TableCell>
                  <RowActions name={`promo code ${p.code}`} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />
                </TableRow>
              );
            })}
          </TableBody>
        </TableCard>
      )}
      {editing && <PromoCodeDialog promo={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        title="Delete Promo Code"
        open={deleting !== null}
        text={deleting ? `Are you sure you want to delete the promo code "${deleting.code}"? This action cannot be undone.` : ''}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync(deleting!.id)}
        done="Promo code deleted successfully!"
        failed="Failed to delete promo code"
      />
    </>
  );
}

/** 'Any time', 'From Jan 1, 2027', 'Until Mar 31, 2027' or both dates. */
function bookingWindowText(s: Pick<SpecialOffer, 'bookFrom' | 'bookTo'>): string {
  if (s.bookFrom && s.bookTo) return `${formatMonthDayYear(s.bookFrom)} – ${formatMonthDayYear(s.bookTo)}`;
  if (s.bookFrom) return `From ${formatMonthDayYear(s.bookFrom)}`;
  if (s.bookTo) return `Until ${formatMonthDayYear(s.bookTo)}`;
  return 'Any time';
}

function SpecialsTab() {
  const specials = useSpecialOffers();
  const types = useAccommodationTypes();
  const remove = useDeleteSpecialOffer();
  const [editing, setEditing] = useState<SpecialOffer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SpecialOffer | null>(null);
  const stacked = useStacked();
  const typeNames = (s: SpecialOffer) => s.accommodationTypeNames.join(', ') || '—';
  const stayDates = (s: SpecialOffer) => `${formatMonthDayYear(s.stayFrom)} – ${formatMonthDayYear(s.stayTo)}`;
  const active = (s: SpecialOffer) => <ActiveStatus active={s.isActive} />;

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">Stay longer, pay for fewer nights: the best special applies to a booking by itself.</Typography>
        <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
          Add Special
        </Button>
      </Stack>
      {specials.isPending ? (
        <LoadingState label="Loading..." />
      ) : specials.isError ? (
        <LoadProblem error={specials.error} what="Rate Management" onRetry={() => void specials.refetch()} />
      ) : stacked ? (
        <CardList label="Specials" empty={specials.data.length === 0 ? 'No specials yet.' : null}>
          {specials.data.map((s) => (
            <ItemCard
              key={s.id}
              title={s.name}
              fields={[
                ['Types', typeNames(s)],
                ['Stay Dates', stayDates(s)],
                ['Offer', stayPayText(s)],
                ['Booking Window', bookingWindowText(s)],
                ['Status', active(s)],
              ]}
              actions={<ActionButtons name={`special ${s.name}`} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />}
            />
          ))}
        </CardList>
      ) : (
        <TableCard label="Specials" minWidth={860}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Accommodation Types</TableCell>
              <TableCell>Stay Dates</TableCell>
              <TableCell>Offer</TableCell>
              <TableCell>Booking Window</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {specials.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    No specials yet.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {specials.data.map((s) => (
              <TableRow key={s.id} hover>
                <TableCell sx={{ fontWeight: 600 }}>{s.name}</TableCell>
                <TableCell>{typeNames(s)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{stayDates(s)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{stayPayText(s)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{bookingWindowText(s)}</TableCell>
                <TableCell>{active(s)}</TableCell>
                <RowActions name={`special ${s.name}`} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />
              </TableRow>
            ))}
          </TableBody>
        </TableCard>
      )}
      {editing && <SpecialOfferDialog special={editing === 'new' ? undefined : editing} types={types ?? []} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        title="Delete Special"
        open={deleting !== null}
        text={deleting ? `Are you sure you want to delete the special "${deleting.name}"? Bookings it already priced keep their totals. This action cannot be undone.` : ''}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync(deleting!.id)}
        done="Special offer deleted successfully!"
        failed="Failed to delete special offer"
      />
    </>
  );
}

function ActiveStatus({ active }: { active: boolean }) {
  const label: PromoStatusLabel = active ? 'Active' : 'Inactive';
  return <Chip size="small" label={label} sx={{ bgcolor: PROMO_STATUS_COLOURS[label].bg, color: PROMO_STATUS_COLOURS[label].fg, fontWeight: 600 }} />;
}

function ConfirmDelete({
  title,
  open,
  text,
  onClose,
  onConfirm,
  done,
  failed,
}: {
  title: string;
  open: boolean;
  text: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
  done: string;
  failed: string;
}) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      toast({ title: done, variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Box>
          <Button onClick={() => void confirm()} color="error" variant="contained" disabled={busy}>
            Delete
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
