import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, senderAddress } from './mailer.js';
import { simpleParser } from 'mailparser';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodge-mailer-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file in <DATA_DIR>/outbox holding subject and both parts', async () => {
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: undefined, dataDir });
    expect(mailer.mode).toBe('file');
    const sent = await mailer.send({
      to: 'guest@example.com',
      fromName: 'Marula Lodge',
      subject: 'Booking BK-3001 confirmed',
      text: 'Your booking BK-3001 is confirmed.',
      html: '<p>Your booking <b>BK-3001</b> is confirmed.</p>',
      messageId: '<0b9c-42@lodge.outbox>',
    });
    await mailer.send({ to: 'other@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });

    const files = (await fs.readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(sent.file).toBe(path.join(dataDir, 'outbox', files.find((f) => f.includes('0b9c-42'))!));

    const raw = await fs.readFile(sent.file!, 'utf8');
    expect(raw).toMatch(/^Subject: Booking BK-3001 confirmed\r$/m);
    expect(raw).toMatch(/^To: guest@example.com\r$/m);
    expect(raw).toMatch(/^From: Marula Lodge <reservations@localhost>\r$/m);
    const parsed = await simpleParser(raw);
    expect(parsed.text).toBe('Your booking BK-3001 is confirmed.');
    expect(parsed.html).toBe('<p>Your booking <b>BK-3001</b> is confirmed.</p>');
  });
});

describe('senderAddress', () => {
  it('uses MAIL_FROM as is when it names a mailbox, else puts the lodge name on the address', () => {
    expect(senderAddress('"Bookings" <b@lodge.co.za>', 'Marula')).toBe('"Bookings" <b@lodge.co.za>');
    expect(senderAddress('b@lodge.co.za', 'Marula')).toEqual({ name: 'Marula', address: 'b@lodge.co.za' });
    expect(senderAddress(undefined, 'Marula')).toEqual({ name: 'Marula', address: 'reservations@localhost' });
    expect(senderAddress('', undefined)).toBe('reservations@localhost');
  });
});
