import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { startSmtpDouble, type SmtpDouble } from '../../../../e2e/doubles/smtp-double.js';
import { createMailer, type Mailer } from '../../adapters/mailer.js';
import { DEMO_TYPES, LODGE_SETTINGS } from '../../db/seeds/demo/demo-content.js';
import { PublicSettings } from '../../../../shared/contracts/settings.js';
import { SetupChecklist } from '../../../../shared/contracts/setup-checklist.js';
import { sendDueEmails } from '../email/email.service.js';
import { listOutboxEmails } from '../email/email.repo.js';

/** The lodge's identity (issue 18): the Lodge tab's fields, who reads them, and the first-run checklist. */
let t: TestContext;
let smtp: SmtpDouble;
let mailer: Mailer;
let superadmin: TestClient;
let manager: TestClient;
let receptionist: TestClient;
let guest: TestClient;

const row = () => t.db('settings').where({ id: 1 }).first();
const auditCount = async () => Number((await t.db('audit_log').count('* as n'))[0].n);

beforeAll(async () => {
  smtp = await startSmtpDouble();
  mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: undefined, dataDir: '/nonexistent' });
  // A long cache: every change below must be seen because a save clears it, not because it expired.
  t = await createTestContext({ env: { SETTINGS_CACHE_MS: '3600000', TRUST_PROXY: '1' } });
  superadmin = await t.loginAs('superadmin');
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  guest = await t.loginAs('guest');
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await t?.close();
});

describe('a fresh demo database', () => {
  it("serves the demo lodge's identity from the settings row", async () => {
    const res = await t.client().get('/api/public/settings');
    expect(res.status).toBe(200);
    expect(PublicSettings.parse(res.body)).toMatchObject({
      lodgeName: 'Leadwood Koppie',
      tagline: 'Private Game Lodge',
      shortDescription: LODGE_SETTINGS.short_description,
      contactEmail: 'reservations@leadwoodkoppie.example.com',
      contactPhone: '+27 15 793 0142',
      whatsappNumber: '+27 82 555 0142',
      address: LODGE_SETTINGS.address,
      directions: LODGE_SETTINGS.directions,
      latitude: -24.3412,
      longitude: 31.3187,
      checkInTime: '14:00',
      checkOutTime: '10:00',
      emergencyMedicalPhone: '10177',
      emergencyPolicePhone: '10111',
    });
    const manifest = await t.client().get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.body).toMatchObject({ name: 'Leadwood Koppie', short_name: 'Leadwood', start_url: '/', display: 'standalone', theme_color: '#4b5a2a' });
    expect(manifest.body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('a database without the demo keeps the defaults: check-in 14:00, check-out 10:00, "Our Lodge"', async () => {
    const bare = await createTestContext({ seed: false });
    try {
      const res = await bare.client().get('/api/public/settings');
      expect(res.body).toMatchObject({
        lodgeName: 'Our Lodge',
        tagline: 'Private Game Lodge',
        shortDescription: null,
        contactEmail: null,
        whatsappNumber: null,
        directions: null,
        checkInTime: '14:00',
        checkOutTime: '10:00',
      });
      expect((await bare.client().get('/manifest.webmanifest')).body).toMatchObject({ name: 'Our Lodge', short_name: 'Our Lodge' });
    } finally {
      await bare.close();
    }
  });
});

describe('the Lodge tab: GET/PUT /api/admin/settings', () => {
  const identity = {
    lodgeName: 'Marula Ridge Camp',
    tagline: 'Tented Safari Camp',
    shortDescription: 'Six tents on the Klaserie river.',
    contactEmail: 'stay@marula-ridge.example.com',
    contactPhone: '+27 (15) 555-0100',
    whatsappNumber: '+27 82 555 0199',
    address: 'Klaserie Private Nature Reserve, Limpopo',
    directions: 'Take the R40 north from Hoedspruit.',
    latitude: -24.25,
    longitude: '31.1234567',
    checkInTime: '15:30',
    checkOutTime: '09:45',
    emergencyMedicalPhone: '082 911',
    emergencyPolicePhone: '10111',
  };

  it('a manager saves every field; GET, the public settings and the manifest show them at once', async () => {
    // Filled from the row before the change: the save must clear it.
    expect((await t.client().get('/api/public/settings')).body.lodgeName).toBe('Leadwood Koppie');
    const before = (await manager.get('/api/admin/settings')).body;
    const res = await manager.put('/api/admin/settings', { ...identity, version: before.version });
    expect(res.status).toBe(200);
    const saved = { ...identity, longitude: 31.123457 };
    expect(res.body).toMatchObject({ ...saved, version: before.version + 1 });
    expect((await superadmin.get('/api/admin/settings')).body).toMatchObject(saved);

    const pub = await t.client().get('/api/public/settings');
    expect(pub.body).toMatchObject(saved);
    expect(pub.body).not.toHaveProperty('bankName');
    const manifest = await t.client().get('/manifest.webmanifest');
    expect(manifest.body).toMatchObject({ name: 'Marula Ridge Camp', short_name: 'Marula', description: 'Six tents on the Klaserie river.' });

    const audit = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').first();
    expect(audit.before.lodgeName).toBe('Leadwood Koppie');
    expect(audit.after.lodgeName).toBe('Marula Ridge Camp');
  });

  it('a stale version is refused with 409 and changes nothing', async () => {
    const before = await row();
    const res = await manager.put('/api/admin/settings', { lodgeName: 'Too Late Lodge', version: before.version - 1 });
    expect(res.status).toBe(409);
    expect(await row()).toEqual(before);
  });

  it('blank optional fields clear', async () => {
    const res = await manager.put('/api/admin/settings', { whatsappNumber: '  ', directions: '', latitude: '', longitude: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ whatsappNumber: null, directions: null, latitude: null, longitude: null });
    expect((await t.client().get('/api/public/settings')).body).toMatchObject({ whatsappNumber: null, latitude: null, longitude: null });
    await manager.put('/api/admin/settings', { latitude: -24.3412, longitude: 31.3187 });
  });

  it('bad input: 400 naming the field, nothing changed', async () => {
    const before = await row();
    const audits = await auditCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lodgeName: '   ' }, 'lodgeName', 'Lodge name is required'],
      [{ lodgeName: 'x'.repeat(121) }, 'lodgeName', 'Must be at most 120 characters'],
      [{ tagline: '' }, 'tagline', 'Tagline is required'],
      [{ shortDescription: 'x'.repeat(1001) }, 'shortDescription', 'Must be at most 1000 characters'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail', 'Enter a valid e-mail address'],
      [{ contactPhone: 'call me' }, 'contactPhone', 'Enter a valid phone number (digits, spaces, + - ( ) only)'],
      [{ whatsappNumber: '12' }, 'whatsappNumber', 'Enter a valid phone number (digits, spaces, + - ( ) only)'],
      [{ emergencyMedicalPhone: '1'.repeat(31) }, 'emergencyMedicalPhone', 'Must be at most 30 characters'],
      [{ emergencyPolicePhone: 10111 }, 'emergencyPolicePhone', 'Must be text of at most 30 characters'],
      [{ address: 'x'.repeat(501) }, 'address', 'Must be at most 500 characters'],
      [{ directions: 'x'.repeat(4001) }, 'directions', 'Must be at most 4000 characters'],
      [{ latitude: 90.5 }, 'latitude', 'Latitude must be between -90 and 90'],
      [{ latitude: 'north' }, 'latitude', 'Latitude must be between -90 and 90'],
      [{ longitude: -180.01 }, 'longitude', 'Longitude must be between -180 and 180'],
      [{ checkInTime: '2pm' }, 'checkInTime', 'Enter a time as HH:MM (24-hour clock)'],
      [{ checkOutTime: '24:00' }, 'checkOutTime', 'Enter a time as HH:MM (24-hour clock)'],
    ];
    for (const [body, field, message] of cases) {
      const res = await manager.put('/api/admin/settings', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    expect(await row()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('roles: anonymous 401, guest and receptionist 403; the name stays', async () => {
    const before = await row();
    expect((await t.client().put('/api/admin/settings', { lodgeName: 'Hijacked' })).status).toBe(401);
    expect((await guest.put('/api/admin/settings', { lodgeName: 'Hijacked' })).status).toBe(403);
    expect((await receptionist.put('/api/admin/settings', { lodgeName: 'Hijacked' })).status).toBe(403);
    expect(await row()).toEqual(before);
    expect((await t.client().get('/api/public/settings')).body.lodgeName).toBe('Marula Ridge Camp');
  });
});

describe('e-mails read the lodge from the settings', () => {
  it("a contact enquiry after a rename carries the new name; the sender's display name is the lodge's", async () => {
    await manager.put('/api/admin/settings', { lodgeName: 'Nyala Pan Lodge', contactEmail: 'desk@nyala.example.com' });
    await t.db('email_outbox').delete();
    const res = await t
      .client()
      .post('/api/contact', { name: 'Anna Visser', email: 'anna@example.com', message: 'Is the river camp open?' }, { headers: { 'X-Forwarded-For': '10.9.0.1' } });
    expect(res.status).toBe(201);
    const [queued] = await listOutboxEmails(t.db, { template: 'contact-enquiry' });
    expect(queued.to).toBe('desk@nyala.example.com');
    expect(queued.text).toContain('Kind regards,\nNyala Pan Lodge');
    expect(queued.html).toContain('>Nyala Pan Lodge</div>');

    expect(await sendDueEmails(t.deps, mailer)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mail = await smtp.waitFor((m) => m.to.includes('desk@nyala.example.com'));
    expect(mail.from).toBe('Nyala Pan Lodge <reservations@localhost>');
  });
});

describe('GET /api/admin/setup-checklist', () => {
  const open = async () => {
    const res = await superadmin.get('/api/admin/setup-checklist');
    expect(res.status).toBe(200);
    const list = SetupChecklist.parse(res.body);
    return { complete: list.complete, notDone: list.items.filter((i) => !i.done).map((i) => `${i.key}: ${i.detail} (${i.href})`) };
  };

  it('is for the SuperAdmin only', async () => {
    expect((await t.client().get('/api/admin/setup-checklist')).status).toBe(401);
    for (const c of [guest, receptionist, manager]) expect((await c.get('/api/admin/setup-checklist')).status).toBe(403);
  });

  it('lists what a new install lacks, and each item goes once it is set', async () => {
    await t.db('settings').where({ id: 1 }).update({
      lodge_name: 'Our Lodge',
      contact_email: null,
      contact_phone: '+27 15 555 0100',
      bank_name: null,
      paystack_public_key: null,
      paystack_secret_key: null,
    });
    const images = await t.db('accommodation_types').select('id', 'images');
    await t.db('accommodation_types').update({ images: JSON.stringify([]) });
    expect(await open()).toEqual({
      complete: false,
      notDone: [
        'lodgeName: The lodge is still called "Our Lodge". (/admin/settings?tab=lodge)',
        'contact: No contact e-mail yet. (/admin/settings?tab=lodge)',
        'banking: Guests paying by EFT need the bank, account holder, number and branch code. (/admin/settings)',
        'paystack: Card payments need the Paystack public and secret keys. (/admin/settings)',
        `pictures: No picture yet: ${[...DEMO_TYPES.map((d) => d.name), 'Entire Lodge'].join(', ')}. (/admin/accommodations)`,
      ],
    });

    await superadmin.put('/api/admin/settings', { lodgeName: 'Mopane Sands', contactEmail: 'hello@mopane.example.com', bankName: 'Nedbank' });
    for (const { id, images: list } of images) await t.db('accommodation_types').where({ id }).update({ images: JSON.stringify(list) });
    expect(await open()).toEqual({ complete: false, notDone: ['paystack: Card payments need the Paystack public and secret keys. (/admin/settings)'] });

    await superadmin.put('/api/admin/settings', { paystackPublicKey: 'pk_test_abc123', paystackSecretKey: 'sk_test_abc123' });
    expect(await open()).toEqual({ complete: true, notDone: [] });
  });
});
