import { describe, expect, it } from 'vitest';
import { loggedPath } from './logged-path.js';

describe('loggedPath', () => {
  const token = 'yHbDu8ZLvA5v8poy5aqwHs5AWeaKgkPWtisWSBq824A';
  it('writes a guest link token as :token, whatever follows it', () => {
    expect(loggedPath(`/api/guest/bookings/${token}`)).toBe('/api/guest/bookings/:token');
    expect(loggedPath(`/api/guest/bookings/${token}/payments`)).toBe('/api/guest/bookings/:token/payments');
    expect(loggedPath(`/api/guest/bookings/${token}/cancel`)).toBe('/api/guest/bookings/:token/cancel');
    expect(loggedPath(`/api/guest/bookings/${token}/register`)).toBe('/api/guest/bookings/:token/register');
    const entryId = '5f0c6a1e-1111-4111-8111-111111111111';
    expect(loggedPath(`/api/guest/bookings/${token}/register/${entryId}`)).toBe(`/api/guest/bookings/:token/register/${entryId}`);
  });
  it('leaves every other path as it is', () => {
    expect(loggedPath('/api/guest/booking-links')).toBe('/api/guest/booking-links');
    expect(loggedPath('/api/admin/bookings/5f0c6a1e-1111-4111-8111-111111111111')).toBe('/api/admin/bookings/5f0c6a1e-1111-4111-8111-111111111111');
  });
});
