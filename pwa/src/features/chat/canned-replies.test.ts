import { describe, expect, it } from 'vitest';
import { CANNED_TOPICS, cannedReply, isCannedTopic } from './canned-replies.js';

const lodge = {
  lodgeName: 'Leadwood Koppie',
  contactPhone: '+27 15 793 0142',
  contactEmail: 'reservations@leadwoodkoppie.example.com',
  address: 'Timbavati, Hoedspruit',
  latitude: -24.3412,
  longitude: 31.3187,
  emergencyMedicalPhone: '10177',
  emergencyPolicePhone: '10111',
};

describe('cannedReply', () => {
  it('gives the lodge contact details from the settings', () => {
    expect(cannedReply('contact', lodge).text).toBe(
      'You can reach Leadwood Koppie by phone +27 15 793 0142 or e-mail reservations@leadwoodkoppie.example.com. Our address is Timbavati, Hoedspruit.',
    );
  });

  it('names both emergency numbers', () => {
    expect(cannedReply('emergency', { ...lodge, emergencyMedicalPhone: '082 911', emergencyPolicePhone: '015 793 9999' }).text).toBe(
      'In an emergency, tell any staff member at once or call reception on +27 15 793 0142. Emergency numbers: medical 082 911, police 015 793 9999.',
    );
    expect(cannedReply('safety', lodge).text).toContain('Emergency numbers: medical 10177, police 10111.');
  });

  it('lists the amenities', () => {
    const text = cannedReply('amenities', lodge).text;
    for (const a of ['air conditioning', 'private bathrooms', 'WiFi', 'dining', 'game viewing', 'pool', 'conference facilities']) {
      expect(text).toContain(a);
    }
  });

  it('gives directions with the coordinates', () => {
    expect(cannedReply('directions', lodge).text).toContain('GPS coordinates: -24.3412, 31.3187.');
  });

  it('answers every topic even before the settings have loaded', () => {
    for (const topic of CANNED_TOPICS) expect(cannedReply(topic, undefined).text.length).toBeGreaterThan(20);
    expect(cannedReply('contact', undefined).text).toBe('You can reach the lodge through our Contact page.');
  });

  it('knows its topics', () => {
    expect(isCannedTopic('packing')).toBe(true);
    expect(isCannedTopic('toString')).toBe(false);
  });
});
