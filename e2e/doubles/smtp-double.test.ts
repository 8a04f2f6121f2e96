import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpDouble, type SmtpDouble } from './smtp-double.js';
import { createMailer, type Mailer } from '../../api/src/adapters/mailer.js';

let smtp: SmtpDouble;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpDouble();
  mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: undefined, dataDir: '/nonexistent' });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

describe('SMTP double', () => {
  it('receives what the mailer adapter sends, both parts decoded', async () => {
    const text = `Dear Zoë & <Sipho>,\nYour booking is confirmed. Total: R 2,450.00 — see you soon.\n${'A long line '.repeat(12)}`;
    await mailer.send({
      to: 'guest@example.com',
      fromName: 'Umkhulu "Bush" Lodge',
      subject: 'Booking BK-1001 confirmed — Zoë',
      text,
      html: '<p>Dear Zo&euml; &amp; &lt;Sipho&gt;,</p><p>Total: R 2,450.00</p>',
      messageId: '<abc-123@lodge.outbox>',
    });
    const mail = await smtp.waitFor((m) => m.to.includes('guest@example.com'));
    expect(mail.subject).toBe('Booking BK-1001 confirmed — Zoë');
    expect(mail.from).toBe('"Umkhulu \\"Bush\\" Lodge" <reservations@localhost>');
    expect(mail.envelopeFrom).toBe('reservations@localhost');
    expect(mail.text.replace(/\r\n/g, '\n')).toBe(text);
    expect(mail.html).toContain('<p>Total: R 2,450.00</p>');
    expect(mail.messageId).toBe('<abc-123@lodge.outbox>');
  });

  it('waitFor resolves for a message that arrives later, and times out naming what did arrive', async () => {
    const waiting = smtp.waitFor((m) => m.subject === 'Later', 5000);
    await mailer.send({ to: 'a@example.com', subject: 'Later', text: 't', html: '<p>t</p>' });
    expect((await waiting).to).toEqual(['a@example.com']);
    await expect(smtp.waitFor((m) => m.subject === 'Never', 200)).rejects.toThrow(/a@example.com: Later/);
  });

  it('failNext refuses messages with a temporary error, then accepts again', async () => {
    smtp.failNext(1);
    await expect(mailer.send({ to: 'b@example.com', subject: 'One', text: 't', html: '<p>t</p>' })).rejects.toThrow(/451/);
    expect(smtp.messages).toHaveLength(0);
    await mailer.send({ to: 'b@example.com', subject: 'Two', text: 't', html: '<p>t</p>' });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Two']);
  });
});
