import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

/**
 * The only code that sends e-mail. With SMTP_URL it speaks SMTP; without it (the embedded
 * default) each message is written as an .eml file under <DATA_DIR>/outbox/, so a fresh clone
 * "sends" mail that can be opened in any mail client.
 */

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  to: string;
  /** Overrides the configured sender. */
  from?: string | MailAddress;
  /** The lodge name shown as the sender when MAIL_FROM does not name one. */
  fromName?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Stable id (e.g. the outbox row's) so a retried message keeps its Message-ID. */
  messageId?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, in file mode. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export type MailerConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>;

export const DEFAULT_SENDER_ADDRESS = 'reservations@localhost';

/**
 * MAIL_FROM may be a full mailbox ('"Lodge" <bookings@lodge.co.za>'), used as is, or a bare
 * address, which gets the lodge's name from the settings. Unset: the lodge name at
 * reservations@localhost. An object lets nodemailer quote a name holding commas or quotes.
 */
export function senderAddress(mailFrom: string | undefined, lodgeName: string | undefined): string | MailAddress {
  const configured = mailFrom?.trim();
  if (configured && configured.includes('<')) return configured;
  const address = configured || DEFAULT_SENDER_ADDRESS;
  return lodgeName ? { name: lodgeName, address } : address;
}

export function createMailer(config: MailerConfig): Mailer {
  const compose = (mail: OutgoingMail) => ({
    from: mail.from ?? senderAddress(config.MAIL_FROM, mail.fromName),
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    attachments: mail.attachments,
  });

  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      // A mail server that accepts the connection and then stalls must not hold a job run
      // forever: the outbox lease would expire and a second instance would send it again.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      mode: 'smtp',
      async send(mail) {
        const info = await transport.sendMail(compose(mail));
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const outboxDir = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    mode: 'file',
    async send(mail) {
      const info = await transport.sendMail(compose(mail));
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('Expected a buffered message');
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = (mail.messageId ?? '').replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9-]/g, '').slice(0, 40);
      const name = `${stamp}-${id || crypto.randomBytes(6).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      // Written under a temporary name and renamed, so nobody opens half a message.
      const tmp = `${file}.tmp`;
      await fs.writeFile(tmp, message);
      await fs.rename(tmp, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
