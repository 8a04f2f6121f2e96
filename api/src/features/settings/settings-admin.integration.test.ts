import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { startPaystackDouble, type PaystackDouble } from '../../../../e2e/doubles/paystack-double.js';
import { getSettings } from './settings.service.js';

let t: TestContext;
let paystack: PaystackDouble;
let superadmin: TestClient;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;

const row = () => t.db('settings').where({ id: 1 }).first();

beforeAll(async () => {
  paystack = await startPaystackDouble();
  t = await createTestContext({ env: { PAYSTACK_BASE_URL: paystack.url } });
  superadmin = await t.loginAs('superadmin');
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

describe('admin settings', () => {
  it('saves keys encrypted; the answer holds only whether they are set and a masked form; readers get the plain key', async () => {
    const weatherKey = 'abcdef0123456789abcdef0123456789';
    const res = await manager.put('/api/admin/settings', {
      bankName: 'Bank of the Bush',
      accountNumber: '1234567890',
      branchCode: '250655',
      accountHolder: 'Leadwood Koppie (Pty) Ltd',
      paystackPublicKey: paystack.publicKey,
      paystackSecretKey: paystack.secretKey,
      allowEFTPayments: false,
      allowCardPayments: true,
      cardPaymentDiscount: '2.5',
      eftHoldDurationHours: 24,
      weatherApiKey: weatherKey,
      mapEmbedCode: '<iframe src="https://maps.example/embed"></iframe>',
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(paystack.secretKey);
    expect(res.text).not.toContain(weatherKey);
    expect(res.body).toMatchObject({
      bankName: 'Bank of the Bush',
      accountNumber: '1234567890',
      branchCode: '250655',
      accountHolder: 'Leadwood Koppie (Pty) Ltd',
      paystackPublicKey: paystack.publicKey,
      paystackSecretKeySet: true,
      paystackSecretKeyMasked: `${paystack.secretKey.match(/^sk_(test|live)_/)?.[0] ?? ''}••••${paystack.secretKey.slice(-4)}`,
      allowEFTPayments: false,
      allowCardPayments: true,
      cardPaymentDiscount: '2.50',
      eftHoldDurationHours: 24,
      weatherApiKeySet: true,
      weatherApiKeyMasked: `••••${weatherKey.slice(-4)}`,
      showKeysWarning: false,
    });
    expect(res.body).not.toHaveProperty('paystackSecretKey');
    expect(res.body).not.toHaveProperty('weatherApiKey');

    const stored = await row();
    expect(stored.paystack_secret_key).toMatch(/^enc:v1:/);
    expect(stored.weather_api_key).toMatch(/^enc:v1:/);
    expect(stored.paystack_secret_key).not.toContain(paystack.secretKey);
    const settings = await getSettings(t.db);
    expect(settings.paystackSecretKey).toBe(paystack.secretKey);
    expect(settings.weatherApiKey).toBe(weatherKey);

    const audit = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').first();
    expect(JSON.stringify(audit)).not.toContain(paystack.secretKey);
    expect(JSON.stringify(audit)).not.toContain(weatherKey);
    expect(audit.after.bankName).toBe('Bank of the Bush');
  });

  it('GET never contains either secret; a superadmin sees the keys warning, a manager does not', async () => {
    const s = await superadmin.get('/api/admin/settings');
    const m = await manager.get('/api/admin/settings');
    expect(s.status).toBe(200);
    expect(m.status).toBe(200);
    for (const r of [s, m]) {
      expect(r.text).not.toContain(paystack.secretKey);
      expect(r.text).not.toContain('abcdef0123456789abcdef0123456789');
      expect(r.body.paystackSecretKeySet).toBe(true);
    }
    expect(s.body.showKeysWarning).toBe(true);
    expect(m.body.showKeysWarning).toBe(false);
  });

  it('sending the masked value back (or leaving the key out) keeps the stored key; an empty one clears it', async () => {
    const current = (await manager.get('/api/admin/settings')).body;
    const before = await row();
    const res = await manager.put('/api/admin/settings', { paystackSecretKey: current.paystackSecretKeyMasked, bankName: 'Renamed Bank' });
    expect(res.status).toBe(200);
    expect(res.body.bankName).toBe('Renamed Bank');
    expect((await row()).paystack_secret_key).toBe(before.paystack_secret_key);
    await manager.put('/api/admin/settings', { accountHolder: 'Someone' });
    expect((await getSettings(t.db)).paystackSecretKey).toBe(paystack.secretKey);
    expect((await getSettings(t.db)).weatherApiKey).toBe('abcdef0123456789abcdef0123456789');

    const cleared = await manager.put('/api/admin/settings', { weatherApiKey: '' });
    expect(cleared.body).toMatchObject({ weatherApiKeySet: false, weatherApiKeyMasked: null });
    expect((await row()).weather_api_key).toBeNull();
  });

  it('a key stored before encryption still works and is encrypted on the next save of it', async () => {
    await t.db('settings').where({ id: 1 }).update({ weather_api_key: 'plainkey12345678' });
    expect((await getSettings(t.db)).weatherApiKey).toBe('plainkey12345678');
    expect((await manager.get('/api/admin/settings')).body.weatherApiKeyMasked).toBe('••••5678');
    await manager.put('/api/admin/settings', { weatherApiKey: 'plainkey12345678' });
    expect((await row()).weather_api_key).toMatch(/^enc:v1:/);
    expect((await getSettings(t.db)).weatherApiKey).toBe('plainkey12345678');
  });

  it('Test Connection calls Paystack GET /balance: ok with the spec message; a wrong key answers failed', async () => {
    const ok = await manager.post('/api/admin/settings/test-paystack');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, message: 'Paystack connection test successful!', paystackStatus: 'connected' });
    expect(paystack.requests.some((r) => r.method === 'GET' && r.path === '/balance')).toBe(true);

    await manager.put('/api/admin/settings', { paystackSecretKey: 'sk_test_wrongwrongwrong' });
    const bad = await manager.post('/api/admin/settings/test-paystack');
    expect(bad.body.ok).toBe(false);
    expect(bad.body.message).toMatch(/^Failed to connect to Paystack: /);
    await manager.put('/api/admin/settings', { paystackSecretKey: paystack.secretKey });
  });

  it("the gateway status: Not configured, Key saved, not tested, Connected and configured only after a successful test of the key saved now, Connection failed after a failed one", async () => {
    const status = async () => {
      const res = await manager.get('/api/admin/settings');
      return { status: res.body.paystackStatus, testedAt: res.body.paystackTestedAt };
    };
    await manager.put('/api/admin/settings', { paystackSecretKey: '' });
    expect(await status()).toEqual({ status: 'not_configured', testedAt: null });
    const none = await manager.post('/api/admin/settings/test-paystack');
    expect(none.body).toEqual({ ok: false, message: 'No Paystack secret key is set', paystackStatus: 'not_configured' });

    const saved = await manager.put('/api/admin/settings', { paystackSecretKey: paystack.secretKey });
    expect(saved.body.paystackStatus).toBe('untested');
    expect(await status()).toEqual({ status: 'untested', testedAt: null });

    const versionBefore = (await manager.get('/api/admin/settings')).body.version;
    const startedAt = Date.now();
    const ok = await manager.post('/api/admin/settings/test-paystack');
    expect(ok.body).toEqual({ ok: true, message: 'Paystack connection test successful!', paystackStatus: 'connected' });
    const connected = await status();
    expect(connected.status).toBe('connected');
    expect(Date.parse(connected.testedAt)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(connected.testedAt)).toBeLessThanOrEqual(Date.now());
    // A test is not an edit: the version stays, so an open settings form does not go stale.
    expect((await manager.get('/api/admin/settings')).body.version).toBe(versionBefore);
    // Saving other fields, or the masked key sent back, keeps the tested key and its status.
    await manager.put('/api/admin/settings', { bankName: 'Bank of the Bush', paystackSecretKey: saved.body.paystackSecretKeyMasked });
    expect(await status()).toEqual(connected);

    // Another key: not tested; tested and refused by Paystack: failed.
    await manager.put('/api/admin/settings', { paystackSecretKey: 'sk_test_wrongwrongwrong' });
    expect(await status()).toEqual({ status: 'untested', testedAt: null });
    const bad = await manager.post('/api/admin/settings/test-paystack');
    expect(bad.body).toMatchObject({ ok: false, paystackStatus: 'failed' });
    expect((await status()).status).toBe('failed');

    // Back to the key that passed before: it is a change of key, so untested again until tested.
    await manager.put('/api/admin/settings', { paystackSecretKey: paystack.secretKey });
    expect(await status()).toEqual({ status: 'untested', testedAt: null });
    await manager.post('/api/admin/settings/test-paystack');
    expect((await status()).status).toBe('connected');
    // The secret key is nowhere in the stored result, only its fingerprint.
    const stored = await t.db('paystack_connection_test').first();
    expect(JSON.stringify(stored)).not.toContain(paystack.secretKey);
    expect(stored.key_fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('bad input: 400 naming the field, nothing changed', async () => {
    const before = await row();
    const audits = Number((await t.db('audit_log').count('* as n'))[0].n);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cardPaymentDiscount: 101 }, 'cardPaymentDiscount', 'Card payment discount must be between 0 and 100'],
      [{ cardPaymentDiscount: '1.234' }, 'cardPaymentDiscount', 'Card payment discount must be between 0 and 100'],
      [{ eftHoldDurationHours: 0 }, 'eftHoldDurationHours', 'EFT hold duration must be between 1 and 168 hours'],
      [{ eftHoldDurationHours: 169 }, 'eftHoldDurationHours', 'EFT hold duration must be between 1 and 168 hours'],
      [{ paystackSecretKey: 'pk_test_oops' }, 'paystackSecretKey', 'Secret key must start with sk_'],
      [{ paystackPublicKey: 'sk_test_oops' }, 'paystackPublicKey', 'Public key must start with pk_'],
      [{ allowCardPayments: 'yes', bankName: 'X' }, 'allowCardPayments', 'Must be true or false'],
    ];
    for (const [body, field, message] of cases) {
      const res = await manager.put('/api/admin/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    expect(await row()).toEqual(before);
    expect(Number((await t.db('audit_log').count('* as n'))[0].n)).toBe(audits);
  });

  it('roles: anonymous 401, guest and receptionist 403 on every settings endpoint', async () => {
    const before = await row();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', { bankName: 'Hacked' }],
      ['POST', '/api/admin/settings/test-paystack'],
      ['DELETE', '/api/admin/settings/hero-image'],
      ['DELETE', '/api/admin/upload-background'],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await guest.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      const r = await receptionist.request(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.text).not.toContain(paystack.secretKey);
    }
    expect(await row()).toEqual(before);
  });
});
