import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CalculateRateResponse } from '@shared/contracts/pricing.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDate } from '@shared/format.js';
import { AppProviders } from '@/app/providers.js';
import { createQueryClient } from '@/app/query-client.js';
import { publicSettings } from '@/test/fixtures.js';
import { emptyDraft, type BookingDraft } from '../booking-draft.js';
import { PaymentStep } from './payment-step.js';

const today = todayInLodge(new Date());

function rate(total: number, card: number): CalculateRateResponse {
  return {
    totalAmount: total,
    cardTotal: card,
    amountDue: total,
    breakdown: { nights: [], nightCount: 2, subtotal: total, promoDiscount: 0, cardDiscount: total - card, totalAmount: total, cardTotal: card, minimumStay: 1 },
  } as unknown as CalculateRateResponse;
}

function draft(daysAhead: number, paymentMethod: 'Card' | 'EFT'): BookingDraft {
  const checkIn = addDays(today, daysAhead);
  return {
    ...emptyDraft(),
    step: 3,
    checkIn,
    checkOut: addDays(checkIn, 2),
    accommodationTypeId: 'type-1',
    unitId: 'unit-1',
    paymentMethod,
    idempotencyKey: 'key-1',
    guest: { firstName: 'Thandi', lastName: 'Mokoena', email: 'thandi@example.test', phone: '+27 82 555 0199', address: '', specialRequests: '', promoCode: '' },
  };
}

function renderStep(d: BookingDraft, settings: Partial<typeof publicSettings>, r = rate(4950, 4702.5)) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <PaymentStep draft={d} typeName="Luxury Tent" rate={r} settings={{ ...publicSettings, ...settings }} onBack={() => {}} onConfirmed={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('payment step with a deposit', () => {
  it('EFT 60 days ahead at 30%: the deposit due now and the balance with its due date; the button books for the deposit', () => {
    renderStep(draft(60, 'EFT'), { depositPercent: 30, balanceDueDays: 30 });
    const due = screen.getByTestId('deposit-due');
    expect(due).toHaveTextContent('Deposit due now: R1,485.00 (30%)');
    expect(due).toHaveTextContent(`Balance of R3,465.00 due by ${formatStayDate(addDays(today, 30))}`);
    expect(screen.getByRole('button', { name: 'Book and pay R1,485 by EFT' })).toBeInTheDocument();
  });

  it('card: the deposit is of the card total, rounded to the cent', () => {
    renderStep(draft(60, 'Card'), { depositPercent: 30, balanceDueDays: 30 });
    // 30% of R4,702.50 is R1,410.75; the rest R3,291.75.
    expect(screen.getByTestId('deposit-due')).toHaveTextContent('Deposit due now: R1,410.75 (30%)');
    expect(screen.getByTestId('deposit-due')).toHaveTextContent('Balance of R3,291.75 due by');
    expect(screen.getByRole('button', { name: 'Pay R1,410.75 by card' })).toBeInTheDocument();
  });

  it('inside the balance window (10 days ahead) the total is due now and nothing more is shown', () => {
    renderStep(draft(10, 'EFT'), { depositPercent: 30, balanceDueDays: 30 });
    expect(screen.queryByTestId('deposit-due')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book and pay R4,950 by EFT' })).toBeInTheDocument();
  });

  it('with a 100% deposit the step is as before', () => {
    renderStep(draft(60, 'Card'), { depositPercent: 100, balanceDueDays: 30 });
    expect(screen.queryByText(/Deposit due now/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Balance of/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay R4,702.50 by card' })).toBeInTheDocument();
  });
});
