import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { depositBooking } from '@/test/fixtures.js';
import { keyFor, useLastAnswer } from './last-answer.js';

const TOKEN = `tok_${'a'.repeat(43)}`;
const booking = depositBooking({ payments: [] });

afterEach(() => localStorage.clear());

/** The hook, counting how many times its component was drawn. */
function renderCounted(hasAnswer: boolean) {
  let draws = 0;
  const view = renderHook(() => {
    draws++;
    return useLastAnswer(TOKEN, hasAnswer);
  });
  return { ...view, draws: () => draws };
}

describe("the guest's last answer on this device (useLastAnswer)", () => {
  it("stores the server's answer under the token's hash without drawing the page again", async () => {
    const { result, draws } = renderCounted(true);
    act(() => result.current.save(booking));
    const key = (await keyFor(TOKEN))!;
    await waitFor(() => expect(localStorage.getItem(key)).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(key)!).booking).toEqual(booking);
    expect(result.current.last).toBeNull();
    expect(draws()).toBe(1);
  });

  it('hands over a stored answer while the page has none from the server, drawing the page once more for it', async () => {
    const savedAt = new Date().toISOString();
    localStorage.setItem((await keyFor(TOKEN))!, JSON.stringify({ booking, savedAt }));
    const { result, draws } = renderCounted(false);
    await waitFor(() => expect(result.current.last).toEqual({ booking, savedAt }));
    expect(draws()).toBe(2);
  });

  it('leaves a stored answer alone when the server has answered already (nothing to stand in for)', async () => {
    const key = (await keyFor(TOKEN))!;
    localStorage.setItem(key, JSON.stringify({ booking, savedAt: new Date().toISOString() }));
    const { result, draws } = renderCounted(true);
    // The key is known once the hash is made; a save waits for it, so this is after the read.
    act(() => result.current.save({ ...booking, balanceDue: 0 }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(key)!).booking.balanceDue).toBe(0));
    expect(result.current.last).toBeNull();
    expect(draws()).toBe(1);
  });
});
