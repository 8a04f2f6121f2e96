import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import type { DeskBooking } from '@/offline/queries.js';
import { makeBooking } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { stubTableLayout } from '@/test/table-layout.js';
import { BookingsTable } from './bookings-table.js';

const today = todayInLodge(new Date());
const noop = () => {};
const itemProps = { role: users.receptionist.role, canDelete: false, online: true, onView: noop, onEdit: noop, onDelete: noop };

function bookings(count: number): DeskBooking[] {
  return Array.from({ length: count }, (_, i) => ({
    ...makeBooking({ guestName: `Guest ${String(i).padStart(4, '0')}`, checkInDate: addDays(today, i), checkOutDate: addDays(today, i + 1) }),
    pendingSync: false,
    pendingEntryIds: [],
    notApplied: [],
  }));
}

function renderTable(rows: DeskBooking[]) {
  return renderStaffPage(<BookingsTable rows={rows} sort={{ key: 'checkInDate', dir: 'asc' }} onSort={noop} itemProps={itemProps} footer={null} />, {
    user: users.receptionist,
    path: '/admin/bookings',
  });
}

const box = () => screen.getByTestId('bookings-scroll');
/** The guest names of the rows drawn, in order. */
const drawn = () =>
  within(box())
    .getAllByRole('row')
    .filter((r) => r.querySelector('td'))
    .map((r) => within(r).getAllByRole('cell')[1].querySelector('p')!.textContent);
/** The heights of the spacer rows above and below the drawn rows (0 when there is none). */
function spacers() {
  const body = box().querySelector('tbody')!;
  const height = (row: Element | null) => (row?.getAttribute('aria-hidden') ? getComputedStyle(row).height : '0');
  return { above: height(body.firstElementChild), below: height(body.lastElementChild) };
}
const guest = (i: number) => `Guest ${String(i).padStart(4, '0')}`;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => guest(from + i));

function scrollTo(top: number) {
  box().scrollTop = top;
  fireEvent.scroll(box());
}

let restoreLayout = () => {};
afterEach(() => restoreLayout());

describe('the bookings table', () => {
  it('draws every row of a list of 100 or fewer, in the page, with no spacer', () => {
    restoreLayout = stubTableLayout({ testId: 'bookings-scroll', boxHeight: 640, rowHeight: 61 });
    renderTable(bookings(100));
    expect(drawn()).toEqual(range(0, 100));
    expect(spacers()).toEqual({ above: '0', below: '0' });
    expect(within(box()).getAllByRole('row').every((r) => r.getAttribute('aria-hidden') === null)).toBe(true);
  });

  it('above 100 rows draws those in its box and 8 either side, keeping the rest as spacer rows', async () => {
    restoreLayout = stubTableLayout({ testId: 'bookings-scroll', boxHeight: 640, rowHeight: 61 });
    renderTable(bookings(5000));
    // A 640 px box of 61 px rows shows 11, plus 8 below: 19 rows.
    await waitFor(() => expect(drawn()).toEqual(range(0, 19)));
    expect(spacers()).toEqual({ above: '0', below: `${(5000 - 19) * 61}px` });

    // Scrolled to row 1,000: 8 rows above it, 11 in the box, 8 below.
    scrollTo(1000 * 61);
    await waitFor(() => expect(drawn()).toEqual(range(992, 1019)));
    expect(spacers()).toEqual({ above: `${992 * 61}px`, below: `${(5000 - 1019) * 61}px` });

    // Back at the top: no space above.
    scrollTo(0);
    await waitFor(() => expect(drawn()).toEqual(range(0, 19)));
    expect(spacers().above).toBe('0');
  });

  it('stops at the last row however far it is scrolled', async () => {
    restoreLayout = stubTableLayout({ testId: 'bookings-scroll', boxHeight: 640, rowHeight: 61 });
    renderTable(bookings(300));
    await waitFor(() => expect(drawn()).toHaveLength(19));
    scrollTo(300 * 61 - 640);
    // The box's last 11 rows (289 to 299; 289 only partly) and 8 above them.
    await waitFor(() => expect(drawn()).toEqual(range(281, 300)));
    expect(spacers()).toEqual({ above: `${281 * 61}px`, below: '0' });
  });

  it('measures the rows it draws, and takes the rows not drawn yet to be as tall', async () => {
    restoreLayout = stubTableLayout({ testId: 'bookings-scroll', boxHeight: 640, rowHeight: 80 });
    renderTable(bookings(300));
    // Rows of 80 px, not the 61 px first guessed: 640 / 80 = 8 in view, plus 8 below, and the
    // space below is 80 px for every row not drawn.
    await waitFor(() => expect(drawn()).toEqual(range(0, 16)));
    expect(spacers()).toEqual({ above: '0', below: `${(300 - 16) * 80}px` });

    scrollTo(200 * 80);
    await waitFor(() => expect(drawn()).toEqual(range(192, 216)));
    expect(spacers()).toEqual({ above: `${192 * 80}px`, below: `${(300 - 216) * 80}px` });
  });
});
