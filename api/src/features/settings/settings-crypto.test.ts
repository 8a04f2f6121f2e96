import { afterEach, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, maskSecret, useSettingsKey } from './settings-crypto.js';
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
