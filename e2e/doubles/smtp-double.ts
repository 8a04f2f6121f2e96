import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail } from './mime.js';

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts, so tests read what a
 * guest would receive. failNext(n) makes it refuse the next n messages with a temporary error
 * (451), the way a mail server that is down or overloaded does.
 */

export interface ReceivedMail {
  /** The From header, decoded (e.g. '"Lodge" <reservations@localhost>'). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The envelope sender (MAIL FROM). */
  envelopeFrom: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, string>;
  raw: string;
  receivedAt: Date;
}

export interface SmtpDouble {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next n messages with `451 4.3.0` (a temporary failure). */
  failNext(n?: number): void;
  /** Counts messages refused by failNext since start or the last clear(). */
  readonly refused: number;
  /** Forgets received messages, pending failures and the refused count. */
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpDouble(): Promise<SmtpDouble> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>();
  let failRemaining = 0;
  let refused = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'SMTP test double',
    // Clients still connected when a test ends are cut off instead of delaying the next test.
    closeTimeout: 500,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (failRemaining > 0) {
          failRemaining--;
          refused++;
          const err = Object.assign(new Error('Temporary local problem - please try later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        const mail: ReceivedMail = {
          from: parsed.from,
          to: session.envelope.rcptTo.map((r) => r.address),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          messageId: parsed.messageId,
          headers: parsed.headers,
          raw,
          receivedAt: new Date(),
        };
        messages.push(mail);
        for (const w of waiters) {
          if (w.predicate(mail)) {
            waiters.delete(w);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`SMTP double: no matching message within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    failNext(n = 1) {
      failRemaining = n;
    },
    get refused() {
      return refused;
    },
    clear() {
      messages.length = 0;
      failRemaining = 0;
      refused = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
