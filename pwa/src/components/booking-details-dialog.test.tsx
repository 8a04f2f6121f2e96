import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '@/offline/test-support.js';
import { BookingDetailsDialog } from './booking-details-dialog.js';

const term = (dialog: HTMLElement, name: string) => within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('BookingDetailsDialog money', () => {
  it('shows Paid, Balance and Balance due for a booking with a deposit paid', () => {
    const booking = makeBooking({
      totalAmount: 4950,
      paymentStatus: 'Deposit Paid',
      amountPaid: 1485,
      balanceDue: 3465,
      balanceDueDate: '2026-12-14',
      depositAmount: 1485,
    });
    render(<BookingDetailsDialog booking={booking} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(term(dialog, 'Total')).toBe('R4,950');
    expect(term(dialog, 'Paid')).toBe('R1,485.00');
    expect(term(dialog, 'Balance')).toBe('R3,465.00');
    expect(term(dialog, 'Balance due')).toBe('Mon 14 Dec 2026');
  });

  it('reads as before for a booking paid in one go', () => {
    const booking = makeBooking({ totalAmount: 4200, paymentStatus: 'Paid', amountPaid: 4200, balanceDue: 0, balanceDueDate: null, depositAmount: 4200 });
    render(<BookingDetailsDialog booking={booking} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(term(dialog, 'Total')).toBe('R4,200');
    expect(within(dialog).queryByText('Balance', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Paid', { selector: 'dt' })).not.toBeInTheDocument();
  });
});

describe('BookingDetailsDialog: who took it, how it came', () => {
  it('shows a walk-in without an e-mail: No e-mail, the phone, Channel Walk-in and the receptionist who took it', () => {
    const booking = makeBooking({ guestEmail: null, guestPhone: '082 123 4567', channel: 'Walk-in', createdByName: 'Thandi Nkosi' });
    render(<BookingDetailsDialog booking={booking} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(term(dialog, 'Email')).toBe('No e-mail');
    expect(term(dialog, 'Phone')).toBe('082 123 4567');
    expect(term(dialog, 'Channel')).toBe('Walk-in');
    expect(term(dialog, 'Taken by')).toBe('Thandi Nkosi');
  });

  it('says Not recorded for an older staff booking, and Website for a guest’s own', () => {
    const { unmount } = render(<BookingDetailsDialog booking={makeBooking({ channel: null, createdByName: null })} onClose={() => {}} />);
    expect(term(screen.getByRole('dialog'), 'Channel')).toBe('Not recorded');
    expect(term(screen.getByRole('dialog'), 'Taken by')).toBe('Not recorded');
    unmount();
    render(<BookingDetailsDialog booking={makeBooking({ channel: 'Website', createdByName: null })} onClose={() => {}} />);
    expect(term(screen.getByRole('dialog'), 'Channel')).toBe('Website');
    expect(term(screen.getByRole('dialog'), 'Taken by')).toBe('Guest (website)');
  });
});
