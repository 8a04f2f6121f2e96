import { describe, expect, it } from 'vitest';
import { editDistance, fillTemplate, stem, stems } from './chat-text.js';

describe('stem', () => {
  it.each([
    ['tents', 'tent'],
    ['chalets', 'chalet'],
    ['facilities', 'facility'],
    ['packing', 'pack'],
    ['cancelled', 'cancel'],
    ['cancelling', 'cancel'],
    ['cancellation', 'cancellation'],
    ['glasses', 'glass'],
    ['bus', 'bus'],
    ['kids', 'kid'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('lowercases and splits on anything that is not a letter or digit', () => {
    expect(stems('Check-In TIMES?')).toEqual(['check', 'in', 'time']);
  });
});

describe('editDistance', () => {
  it('counts single edits and stops past the limit', () => {
    expect(editDistance('weather', 'wether')).toBe(1);
    expect(editDistance('amenity', 'amenity')).toBe(0);
    expect(editDistance('abc', 'xyzxyz', 2)).toBe(3);
  });
});

describe('fillTemplate', () => {
  it('fills placeholders and says when a value is missing', () => {
    expect(fillTemplate('Call {phone} or mail {email}.', { phone: '+27 15 793 0142', email: null })).toBe(
      'Call +27 15 793 0142 or mail not available.',
    );
  });

  it('closes up the space an empty value leaves', () => {
    expect(fillTemplate('We are at {address}. {directions} Arrive before dark.', { address: 'Klaserie', directions: '' })).toBe(
      'We are at Klaserie. Arrive before dark.',
    );
  });
});
