import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import type { PublicExtra } from '@shared/contracts/guest-extras.js';
import { MAX_GUEST_EXTRAS } from '@shared/contracts/guest-extras.js';
import { formatRand } from '@shared/format.js';
import { PRICING_WORDS, usePublicExtras } from '@/features/extras/api/extras.js';
import { useRate, type RateArgs } from '../api/calculate-rate.js';
import type { ChosenExtra, GuestPaymentMethod } from '../booking-draft.js';

const MAX_QUANTITY = 99;

/**
 * Step 3's extras: what the lodge lets guests add online (a game drive, a bush dinner), none
 * chosen by default, each with a quantity stepper. The total comes from the server
 * (/api/calculate-rate with the extras), as every price on this page does. Nothing is drawn
 * when the lodge offers none, or the list cannot be loaded (booking goes on without).
 */
export function ExtrasPicker({
  chosen,
  rateArgs,
  paymentMethod,
  onChange,
}: {
  chosen: ChosenExtra[];
  rateArgs: RateArgs;
  paymentMethod: GuestPaymentMethod;
  onChange: (extras: ChosenExtra[]) => void;
}) {
  const extras = usePublicExtras();
  const offered = extras.data ?? [];
  // A chosen extra no longer offered (withdrawn meanwhile) is dropped from what is sent.
  const live = chosen.filter((c) => offered.some((e) => e.id === c.extraId));
  const rate = useRate({ ...rateArgs, extras: live }, { enabled: live.length > 0 });
  if (offered.length === 0) return null;

  const quantityOf = (id: string) => chosen.find((c) => c.extraId === id)?.quantity ?? 0;
  const setQuantity = (id: string, quantity: number) => {
    const rest = chosen.filter((c) => c.extraId !== id);
    onChange(quantity > 0 ? [...rest, { extraId: id, quantity }] : rest);
  };
  const full = live.length >= MAX_GUEST_EXTRAS;

  return (
    <Box component="section" aria-labelledby="extras-heading" sx={{ mt: 1, mb: 3 }}>
      <Typography id="extras-heading" variant="h6" component="h3">
        Add to your stay
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Optional. Booked with your stay and paid with it.
      </Typography>
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {offered.map((extra) => (
          <ExtraRow
            key={extra.id}
            extra={extra}
            quantity={quantityOf(extra.id)}
            canAdd={!full || quantityOf(extra.id) > 0}
            onQuantity={(q) => setQuantity(extra.id, q)}
          />
        ))}
      </Stack>
      {live.length > 0 && (
        <Stack direction="row" justifyContent="space-between" sx={{ mt: 1.5, px: 0.5 }} role="status" aria-live="polite">
          <Typography fontWeight={600}>Stay with extras</Typography>
          <Typography fontWeight={600}>
            {rate.isSuccess
              ? formatRand(paymentMethod === 'Card' ? rate.data.cardTotal : rate.data.totalAmount)
              : rate.isError
                ? 'Price shown on the next step'
                : 'Calculating...'}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

function ExtraRow({ extra, quantity, canAdd, onQuantity }: { extra: PublicExtra; quantity: number; canAdd: boolean; onQuantity: (q: number) => void }) {
  const selected = quantity > 0;
  return (
    <Box
      component="li"
      aria-label={extra.name}
      sx={{
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 1.5,
        bgcolor: selected ? 'rgba(75,90,42,0.06)' : 'transparent',
        display: 'flex',
        gap: 1.5,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography fontWeight={600}>{extra.name}</Typography>
        {extra.description && (
          <Typography variant="body2" color="text.secondary">
            {extra.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
          {formatRand(extra.price)} {PRICING_WORDS[extra.pricing]}
        </Typography>
      </Box>
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ ml: 'auto', flexShrink: 0 }}>
        <IconButton aria-label={`Fewer: ${extra.name}`} onClick={() => onQuantity(quantity - 1)} disabled={quantity === 0} sx={{ border: 1, borderColor: 'divider' }}>
          <Remove />
        </IconButton>
        <Typography aria-label={`Quantity of ${extra.name}`} sx={{ minWidth: 32, textAlign: 'center', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {quantity}
        </Typography>
        <IconButton
          aria-label={`More: ${extra.name}`}
          onClick={() => onQuantity(quantity + 1)}
          disabled={!canAdd || quantity >= MAX_QUANTITY}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          <Add />
        </IconButton>
      </Stack>
    </Box>
  );
}
