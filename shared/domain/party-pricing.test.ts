import { describe, expect, it } from 'vitest';
import {
  bandLabel,
  childPolicyRefusal,
  describeChildPolicy,
  partyGiven,
  partyRefusal,
  priceNightForParty,
  resolveParty,
  type PartyPricingPolicy,
} from './party-pricing.js';

/** The demo's family suite: under 6 not accepted, 6 to 11 at half the adult rate, 40 % single supplement. */
const tamboti: PartyPricingPolicy = {
  pricingModel: 'per_person_sharing',
  singleSupplementPercent: 40,
  childPolicy: [
    { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
    { fromAge: 6, toAge: 11, percentOfAdult: 50 },
  ],
  minimumChildAge: null,
  maxAdults: 3,
  capacity: 4,
};
const NAME = 'Tamboti Family Suite';

describe('resolveParty', () => {
  it('means 2 adults and no children when the request names no party', () => {
    expect(resolveParty({})).toEqual({ adults: 2, childAges: [] });
    expect(partyGiven({})).toBe(false);
  });
  it('keeps what the request named, defaulting only what it left out', () => {
    expect(resolveParty({ childAges: [8] })).toEqual({ adults: 2, childAges: [8] });
    expect(resolveParty({ adults: 1 })).toEqual({ adults: 1, childAges: [] });
    expect(partyGiven({ childAges: [] })).toBe(true);
  });
});

describe('priceNightForParty', () => {
  it('charges each adult the rate and a child in the 6 to 11 band half of it', () => {
    // 2 x R4950 = R9900; the child of 8: 50 % of R4950 = R2475; no supplement with 2 adults.
    expect(priceNightForParty(495_000, tamboti, { adults: 2, childAges: [8] })).toEqual({
      adults: 2,
      adultRateCents: 495_000,
      adultsAmountCents: 990_000,
      children: [{ age: 8, band: tamboti.childPolicy[1], percentOfAdult: 50, amountCents: 247_500 }],
      singleSupplementCents: 0,
      amountCents: 1_237_500,
    });
  });
  it('adds the single supplement to one adult alone: R4950 + 40 % = R6930', () => {
    const night = priceNightForParty(495_000, tamboti, { adults: 1, childAges: [] });
    expect(night.singleSupplementCents).toBe(198_000);
    expect(night.amountCents).toBe(693_000);
  });
  it('keeps the supplement for one adult with a child (one adult is what it is for)', () => {
    // R4950 + R2475 (child of 10) + R1980 supplement = R9405.
    expect(priceNightForParty(495_000, tamboti, { adults: 1, childAges: [10] }).amountCents).toBe(940_500);
  });
  it('charges a child whose age no band covers the adult rate (100 %)', () => {
    const night = priceNightForParty(495_000, tamboti, { adults: 2, childAges: [12] });
    expect(night.children).toEqual([{ age: 12, band: null, percentOfAdult: 100, amountCents: 495_000 }]);
    expect(night.amountCents).toBe(1_485_000);
  });
  it('charges nothing for a child in a 0 % band', () => {
    const policy = { ...tamboti, childPolicy: [{ fromAge: 0, toAge: 5, percentOfAdult: 0 }] };
    expect(priceNightForParty(545_000, policy, { adults: 2, childAges: [3] }).children[0].amountCents).toBe(0);
  });
  it('rounds a child share and the supplement half up to the cent', () => {
    // R999.99 x 50 % = R499.995 -> R500.00; x 12.5 % = R124.99875 -> R125.00.
    const policy = { ...tamboti, singleSupplementPercent: 12.5 };
    const night = priceNightForParty(99_999, policy, { adults: 1, childAges: [7] });
    expect(night.children[0].amountCents).toBe(50_000);
    expect(night.singleSupplementCents).toBe(12_500);
    expect(night.amountCents).toBe(99_999 + 50_000 + 12_500);
  });
});

describe('the child policy in words', () => {
  it('words a not-accepted band from 0 as "under"', () => {
    expect(describeChildPolicy(tamboti, NAME, 3)).toBe('Children under 6 are not accepted at Tamboti Family Suite');
    expect(describeChildPolicy(tamboti, NAME, 5)).toBe('Children under 6 are not accepted at Tamboti Family Suite');
    expect(describeChildPolicy(tamboti, NAME, 6)).toBeNull();
  });
  it('words a band further up by its ages, and a one-year band by its age', () => {
    const policy = { ...tamboti, childPolicy: [{ fromAge: 12, toAge: 15, percentOfAdult: 0, notAccepted: true }, { fromAge: 16, toAge: 16, percentOfAdult: 0, notAccepted: true }] };
    expect(describeChildPolicy(policy, NAME, 13)).toBe('Children aged 12 to 15 are not accepted at Tamboti Family Suite');
    expect(describeChildPolicy(policy, NAME, 16)).toBe('Children aged 16 are not accepted at Tamboti Family Suite');
  });
  it('refuses a child below the minimum age, and accepts one exactly at it', () => {
    const policy = { ...tamboti, childPolicy: [], minimumChildAge: 2 };
    expect(describeChildPolicy(policy, NAME, 1)).toBe('Children under 2 are not accepted at Tamboti Family Suite');
    expect(describeChildPolicy(policy, NAME, 2)).toBeNull();
  });
  it('names the first child refused', () => {
    expect(childPolicyRefusal(tamboti, NAME, [8, 4, 2])).toBe('Children under 6 are not accepted at Tamboti Family Suite');
    expect(childPolicyRefusal(tamboti, NAME, [8, 11])).toBeNull();
  });
  it('labels bands for the breakdown', () => {
    expect(bandLabel({ fromAge: 6, toAge: 11 })).toBe('6–11');
    expect(bandLabel({ fromAge: 16, toAge: 16 })).toBe('16');
  });
});

describe('partyRefusal', () => {
  it('names adults when there are more than maxAdults per unit', () => {
    expect(partyRefusal(tamboti, NAME, { adults: 4, childAges: [] })).toEqual({ field: 'adults', message: 'At most 3 adults per unit' });
    expect(partyRefusal(tamboti, NAME, { adults: 3, childAges: [] })).toBeNull();
  });
  it('bounds adults by maxAdults times the units of a group', () => {
    expect(partyRefusal(tamboti, NAME, { adults: 6, childAges: [] }, 2)).toBeNull();
    expect(partyRefusal(tamboti, NAME, { adults: 7, childAges: [] }, 2)).toEqual({ field: 'adults', message: 'At most 3 adults per unit' });
  });
  it('bounds adults by the capacity when maxAdults is not set', () => {
    expect(partyRefusal({ ...tamboti, maxAdults: null }, NAME, { adults: 5, childAges: [] })).toEqual({ field: 'adults', message: 'At most 4 adults per unit' });
  });
  it('names childAges with the policy for a child it refuses', () => {
    expect(partyRefusal(tamboti, NAME, { adults: 2, childAges: [8, 3] })).toEqual({
      field: 'childAges',
      message: 'Children under 6 are not accepted at Tamboti Family Suite',
    });
  });
  it('names childAges with the capacity wording when the party is more than the beds', () => {
    expect(partyRefusal(tamboti, NAME, { adults: 3, childAges: [8, 9] })).toEqual({ field: 'childAges', message: 'Tamboti Family Suite sleeps at most 4 guests' });
    expect(partyRefusal(tamboti, NAME, { adults: 3, childAges: [8, 9, 10, 11, 7, 6] }, 2)).toEqual({
      field: 'childAges',
      message: '2 units of Tamboti Family Suite sleep at most 8 guests',
    });
    expect(partyRefusal(tamboti, NAME, { adults: 2, childAges: [8, 9] })).toBeNull();
  });
  it('holds a per unit type to its beds only: no child policy, adults up to the capacity', () => {
    const perUnit = { ...tamboti, pricingModel: 'per_unit' as const };
    expect(partyRefusal(perUnit, 'Kudu Suite', { adults: 4, childAges: [] })).toBeNull();
    expect(partyRefusal(perUnit, 'Kudu Suite', { adults: 2, childAges: [2] })).toBeNull();
    expect(partyRefusal(perUnit, 'Kudu Suite', { adults: 2, childAges: [2, 4, 6] })).toEqual({ field: 'childAges', message: 'Kudu Suite sleeps at most 4 guests' });
  });
});
