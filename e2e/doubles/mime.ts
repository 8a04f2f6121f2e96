/**
 * Just enough MIME to read what nodemailer sends: folded headers, RFC 2047 encoded words,
 * nested multiparts, quoted-printable and base64 bodies. Test-only: the product never parses
 * mail, and a full parser (mailparser) would be one more dependency for the doubles alone.
 */

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  messageId: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const texts: string[] = [];
  const htmls: string[] = [];
  collect(root, texts, htmls);
  const h = root.headers;
  return {
    headers: h,
    subject: decodeWords(h.get('subject') ?? ''),
    from: decodeWords(h.get('from') ?? ''),
    to: decodeWords(h.get('to') ?? ''),
    messageId: h.get('message-id') ?? '',
    text: texts.join('\n'),
    html: htmls.join('\n'),
  };
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const sep = normalized.indexOf('\n\n');
  const head = sep === -1 ? normalized : normalized.slice(0, sep);
  const body = sep === -1 ? '' : normalized.slice(sep + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(headerValue: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(headerValue);
  return m ? (m[1] ?? m[2]) : undefined;
}

function collect(part: Part, texts: string[], htmls: string[]): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mime = type.split(';')[0].trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = param(type, 'boundary');
    if (!boundary) return;
    const pieces = part.body.split(`--${boundary}`);
    // pieces[0] is the preamble; the piece after the closing delimiter starts with '--'.
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collect(splitPart(piece.replace(/^\n/, '').replace(/\n$/, '')), texts, htmls);
    }
    return;
  }
  const disposition = part.headers.get('content-disposition') ?? '';
  if (/^attachment/i.test(disposition)) return;
  const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
  if (mime === 'text/plain') texts.push(decoded);
  else if (mime === 'text/html') htmls.push(decoded);
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body.replace(/\n$/, '');
}

export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\n/g, '').replace(/\n$/, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i];
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: =?UTF-8?Q?...?= and =?UTF-8?B?...?=, adjacent words joined without the space. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintable(text.replace(/_/g, ' '));
    });
}
