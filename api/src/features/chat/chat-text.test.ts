import { describe, expect, it } from 'vitest';
import { bestTopic, editDistance, fillTemplate, stem, stems } from './chat-text.js';

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

describe('bestTopic', () => {
  const topics = [
    { topic: 'directions', keywords: ['directions', 'how to get', 'airport', 'where'] },
    { topic: 'weather', keywords: ['weather', 'rain', 'temperature'] },
    { topic: 'check-in-times', keywords: ['check in', 'check-out', 'time'] },
    { topic: 'cancellation', keywords: ['cancel', 'refund'] },
  ];
  const topicOf = (m: string) => bestTopic(m, topics)?.topic;

  it('picks the topic whose keywords the message uses', () => {
    expect(topicOf('How do I get to you from the airport?')).toBe('directions');
    expect(topicOf('will it rain in April')).toBe('weather');
    expect(topicOf('I need to cancel my booking')).toBe('cancellation');
    expect(topicOf('Cancelled flight, can I get a refund?')).toBe('cancellation');
  });

  it('forgives one typo in a longer word', () => {
    expect(topicOf('whats the wether like')).toBe('weather');
    expect(topicOf('directons please')).toBe('directions');
  });

  it('scores a phrase above a single word', () => {
    expect(topicOf('what time is check in')).toBe('check-in-times');
  });

  it('answers nothing when no keyword is used', () => {
    expect(topicOf('tell me a joke')).toBeUndefined();
  });
});

describe('fillTemplate', () => {
  it('fills placeholders and says when a value is missing', () => {
    expect(fillTemplate('Call {phone} or mail {email}.', { phone: '+27 15 793 0142', email: null })).toBe(
      'Call +27 15 793 0142 or mail not available.',
    );
  });
});
