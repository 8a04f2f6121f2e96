import { afterEach, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { decryptFile, decryptSecret, encryptFile, encryptSecret, maskSecret, useSettingsKey } from './settings-crypto.js';
import { decodeKey, loadConfig } from '../../config.js';

afterEach(() => useSettingsKey(undefined));

describe('settings secrets', () => {
  it('encrypts with a fresh IV each time and decrypts with the same key', () => {
    useSettingsKey(Buffer.alloc(32, 1));
    const a = encryptSecret('sk_test_abcdef123456');
    const b = encryptSecret('sk_test_abcdef123456');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('abcdef123456');
    expect(decryptSecret(a)).toBe('sk_test_abcdef123456');
  });

  it('reads as not set under another key or when tampered with; plain values pass through', () => {
    useSettingsKey(Buffer.alloc(32, 1));
    const stored = encryptSecret('sk_live_zzzz9999');
    useSettingsKey(Buffer.alloc(32, 2));
    expect(decryptSecret(stored)).toBeNull();
    useSettingsKey(Buffer.alloc(32, 1));
    expect(decryptSecret(stored.slice(0, -2) + (stored.endsWith('AA') ? 'BB' : 'AA'))).toBeNull();
    expect(decryptSecret('legacy-plain')).toBe('legacy-plain');
    expect(decryptSecret(null)).toBeNull();
  });

  it('masks to the prefix and the last four', () => {
    expect(maskSecret('sk_test_0123456789abcd')).toBe('sk_test_••••abcd');
    expect(maskSecret('sk_live_0123456789wxyz')).toBe('sk_live_••••wxyz');
    expect(maskSecret('abcdef0123456789')).toBe('••••6789');
    expect(maskSecret('short')).toBe('••••');
    expect(maskSecret(null)).toBeNull();
  });
});

describe('SETTINGS_KEY', () => {
  it('takes 64 hex characters or base64 of 32 bytes, nothing else', () => {
    expect(decodeKey('ab'.repeat(32))?.length).toBe(32);
    expect(decodeKey(Buffer.alloc(32, 9).toString('base64'))?.length).toBe(32);
    expect(decodeKey('ab'.repeat(31))).toBeUndefined();
    expect(decodeKey('not a key')).toBeUndefined();
    expect(() => loadConfig({ SETTINGS_KEY: 'too-short' } as NodeJS.ProcessEnv)).toThrow(/SETTINGS_KEY/);
  });

  it('is required in production', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_ORIGIN: 'https://lodge.example' } as NodeJS.ProcessEnv;
    expect(() => loadConfig(base)).toThrow('SETTINGS_KEY: required when NODE_ENV=production');
    expect(loadConfig({ ...base, SETTINGS_KEY: 'ab'.repeat(32) }).isProduction).toBe(true);
  });
});

describe('files at rest', () => {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a photo of an ID book, 9202290123184')]);

  it('keeps other bytes than the file, opens them again, and differs each time', () => {
    useSettingsKey(Buffer.alloc(32, 1));
    const a = encryptFile(jpeg);
    const b = encryptFile(jpeg);
    expect(a.subarray(0, 3)).toEqual(Buffer.from([0x4c, 0x46, 1])); // 'LF', version 1
    expect(a.includes(jpeg.subarray(0, 3))).toBe(false);
    expect(a.includes(Buffer.from('9202290123184'))).toBe(false);
    expect(a.equals(b)).toBe(false);
    expect(decryptFile(a)).toEqual(jpeg);
  });

  it('refuses another key, a changed byte and what is not an envelope', () => {
    useSettingsKey(Buffer.alloc(32, 1));
    const stored = encryptFile(jpeg);
    useSettingsKey(Buffer.alloc(32, 2));
    expect(() => decryptFile(stored)).toThrow();
    useSettingsKey(Buffer.alloc(32, 1));
    const tampered = Buffer.from(stored);
    tampered[tampered.length - 1] ^= 1;
    expect(() => decryptFile(tampered)).toThrow();
    expect(() => decryptFile(jpeg)).toThrow('not an encrypted file envelope');
  });

  it('does not open with the settings key itself (the file key is derived)', () => {
    useSettingsKey(Buffer.alloc(32, 1));
    const stored = encryptFile(jpeg);
    const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.alloc(32, 1), stored.subarray(3, 15));
    decipher.setAuthTag(stored.subarray(15, 31));
    expect(() => Buffer.concat([decipher.update(stored.subarray(31)), decipher.final()])).toThrow();
  });
});
