import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { ContactEnquiryResponse } from '../../../../shared/contracts/contact.js';
import { LODGE_SETTINGS } from '../../db/seeds/demo/demo-content.js';
import { listOutboxEmails } from '../email/email.repo.js';

let t: TestContext;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t?.close());

const send = (body: unknown, ip = `10.2.0.${++ipCounter}`) =>
  t.client().post('/api/contact', body, { headers: { 'X-Forwarded-For': ip } });

const enquiry = {
  name: 'Anna Visser',
  email: 'anna.visser@example.com',
  phone: '+27 82 555 0101',
  subject: 'Honeymoon in June',
  message: 'Do you have the treehouse free in June? <b>We</b> would love to come.',
};

describe('POST /api/contact', () => {
  it('stores the enquiry and queues an e-mail to the lodge in the same transaction', async () => {
    const res = await send(enquiry);
    expect(res.status).toBe(201);
    const body = ContactEnquiryResponse.parse(res.body);
    expect(body.message).toBe('Thank you for your message. We will get back to you soon.');

    const row = await t.db('contact_enquiries').where({ id: body.id }).first();
    expect(row).toMatchObject({ ...enquiry, status: 'new' });

    const [mail] = await listOutboxEmails(t.db, { template: 'contact-enquiry' });
    expect(mail).toMatchObject({
      to: LODGE_SETTINGS.contact_email,
      subject: 'Website enquiry from Anna Visser: Honeymoon in June',
      dedupeKey: `contact-enquiry:${body.id}`,
      status: 'pending',
    });
    expect(mail.text).toContain('Anna Visser sent a message through the contact form of the website.');
    expect(mail.text).toContain('anna.visser@example.com');
    expect(mail.text).toContain('+27 82 555 0101');
    expect(mail.text).toContain(enquiry.message);
    expect(mail.html).toContain('&lt;b&gt;We&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>We</b>');
  });

  it('takes phone and subject as optional', async () => {
    const res = await send({ name: ' Ben ', email: 'ben@example.com', message: 'Hello', phone: '', subject: null });
    expect(res.status).toBe(201);
    const row = await t.db('contact_enquiries').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ name: 'Ben', phone: null, subject: null });
    const mail = (await listOutboxEmails(t.db, { template: 'contact-enquiry' })).find((m) => m.dedupeKey === `contact-enquiry:${res.body.id}`);
    expect(mail?.subject).toBe('Website enquiry from Ben');
  });

  it.each([
    [{ ...enquiry, name: '  ' }, 'name', 'Name is required'],
    [{ ...enquiry, name: undefined }, 'name', 'Name is required'],
    [{ ...enquiry, email: 'not-an-email' }, 'email', 'Valid email is required'],
    [{ ...enquiry, email: undefined }, 'email', 'Valid email is required'],
    [{ ...enquiry, message: '' }, 'message', 'Message is required'],
    [{ ...enquiry, message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    [{ ...enquiry, phone: '1'.repeat(41) }, 'phone', 'Phone must be at most 40 characters'],
  ])('%#: 400 naming %s and nothing stored', async (body, field, message) => {
    const before = await t.db('contact_enquiries').count<{ count: string }[]>('* as count');
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    const after = await t.db('contact_enquiries').count<{ count: string }[]>('* as count');
    expect(Number(after[0].count)).toBe(Number(before[0].count));
  });

  it('keeps the enquiry but sends nothing when the lodge has no contact e-mail', async () => {
    await t.db('settings').where({ id: 1 }).update({ contact_email: null });
    const res = await send(enquiry);
    expect(res.status).toBe(201);
    expect(await t.db('contact_enquiries').where({ id: res.body.id }).first()).toBeTruthy();
    const mails = await listOutboxEmails(t.db, { template: 'contact-enquiry' });
    expect(mails.some((m) => m.dedupeKey === `contact-enquiry:${res.body.id}`)).toBe(false);
    await t.db('settings').where({ id: 1 }).update({ contact_email: LODGE_SETTINGS.contact_email });
  });

  it('allows 5 enquiries per address, then answers 429 with Retry-After and stores nothing', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < 5; i++) expect((await send(enquiry, ip)).status).toBe(201);
    const before = await t.db('contact_enquiries').count<{ count: string }[]>('* as count');
    const limited = await send(enquiry, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('180');
    const after = await t.db('contact_enquiries').count<{ count: string }[]>('* as count');
    expect(Number(after[0].count)).toBe(Number(before[0].count));
    expect((await send(enquiry, '10.3.3.4')).status).toBe(201);
  });
});
