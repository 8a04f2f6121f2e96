import { describe, expect, it } from 'vitest';
import { BOOKING_CHANNELS, channelLabel, isFeedChannel, stayLabel, STAFF_BOOKING_CHANNELS, takenByLabel, type StaffBookingChannel } from './booking-channel.js';
import { guestContactLabel } from '../format.js';

describe('channelLabel', () => {
  it('names a recorded channel as it is, and an unrecorded one "Not recorded"', () => {
    expect(channelLabel('Walk-in')).toBe('Walk-in');
    expect(channelLabel('Website')).toBe('Website');
    expect(channelLabel(null)).toBe('Not recorded');
    expect(channelLabel(undefined)).toBe('Not recorded');
  });

  it('offers staff every channel but the website', () => {
    const staff: readonly StaffBookingChannel[] = STAFF_BOOKING_CHANNELS;
    expect(staff).toEqual(['Walk-in', 'Phone', 'E-mail']);
  });

  it('knows the channels a calendar feed blocks stays for, and records them as booking channels', () => {
    expect(BOOKING_CHANNELS).toEqual(['Walk-in', 'Phone', 'E-mail', 'Website', 'Booking.com', 'Airbnb', 'Expedia', 'Other']);
    expect(isFeedChannel('Airbnb')).toBe(true);
    expect(isFeedChannel('Other')).toBe(true);
    expect(isFeedChannel('Website')).toBe(false);
    expect(isFeedChannel(null)).toBe(false);
  });

  it("names a channel's block on the calendar with its channel, other stays by the guest", () => {
    expect(stayLabel({ guestName: 'Reserved', channel: 'Airbnb' })).toBe('Airbnb: Reserved');
    expect(stayLabel({ guestName: 'Thandi Nkosi', channel: 'Phone' })).toBe('Thandi Nkosi');
    expect(stayLabel({ guestName: 'Thandi Nkosi' })).toBe('Thandi Nkosi');
  });
});

describe('takenByLabel', () => {
  it('names the staff member, says a website booking was the guest’s own, and an older one Not recorded', () => {
    expect(takenByLabel({ createdByName: 'Thandi Nkosi', channel: 'Walk-in' })).toBe('Thandi Nkosi');
    expect(takenByLabel({ createdByName: null, channel: 'Website' })).toBe('Guest (website)');
    expect(takenByLabel({ createdByName: null, channel: null })).toBe('Not recorded');
  });
});

describe('guestContactLabel', () => {
  it('shows the e-mail, else the phone, else No e-mail', () => {
    expect(guestContactLabel({ guestEmail: 'a@b.test', guestPhone: '082' })).toBe('a@b.test');
    expect(guestContactLabel({ guestEmail: null, guestPhone: '082 123 4567' })).toBe('082 123 4567');
    expect(guestContactLabel({ guestEmail: null, guestPhone: null })).toBe('No e-mail');
  });
});
