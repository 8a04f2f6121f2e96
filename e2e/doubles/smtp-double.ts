import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts, so tests read what a
 * guest would receive. failNext(n) makes it refuse the next n messages with a temporary error
 * (451), the way a mail server that is down or overloaded does.
 */

export interface ReceivedMail {
  /** The From header, decoded and written the way a mail client shows it (e.g. 'Lodge <reservations@localhost>'). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The envelope sender (MAIL FROM). */
  envelopeFrom: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Top-level headers by lower-case name, unfolded but not decoded. */
  headers: Map<string, string>;
  raw: string;
  /** Attached files (an invoice's PDF): name, type, size and the first bytes. */
  attachments: { filename: string; contentType: string; size: number; head: string }[];
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
      stream.on('end', async () => {
        if (failRemaining > 0) {
          failRemaining--;
          refused++;
          const err = Object.assign(new Error('Temporary local problem - please try later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const bytes = Buffer.concat(chunks);
        let parsed: ParsedMail;
        try {
          parsed = await simpleParser(bytes);
        } catch (err) {
          callback(err as Error);
          return;
        }
        const mail: ReceivedMail = {
          from: formatAddresses(parsed.from),
          to: session.envelope.rcptTo.map((r) => r.address),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html || '',
          messageId: parsed.messageId ?? '',
          headers: new Map(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()])),
          raw: bytes.toString('utf8'),
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            size: a.size,
            head: a.content.subarray(0, 5).toString('latin1'),
          })),
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

/**
 * Addresses as RFC 5322 writes them: a display name is quoted (with \ and " escaped) only
 * when it holds a special character, so 'Lodge <a@b>' and '"Umkhulu \"Bush\" Lodge" <a@b>'
 * read as the sender wrote them (mailparser's own `text` quotes every name).
 */
function formatAddresses(field: AddressObject | AddressObject[] | undefined): string {
  const addresses = [field ?? []].flat().flatMap((a) => a.value);
  return addresses
    .map(({ name, address }) => {
      if (!name) return address ?? '';
      const display = /[()<>[\]:;@\\,."]/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : name;
      return address ? `${display} <${address}>` : display;
    })
    .join(', ');
}
