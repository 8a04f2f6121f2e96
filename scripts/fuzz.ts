/**
 * `npm run fuzz`: the API against its own OpenAPI document, by tools nobody here wrote.
 *
 * The app starts as `npm start` runs it (a fresh embedded database with the demo data; the
 * Paystack, SMTP and weather doubles on 127.0.0.1, so nothing leaves the machine). Stoplight
 * Prism (`prism proxy --errors`) stands in front of it with /api/openapi.json and checks every
 * request and answer that passes through against the document. Requests are made from the
 * document's own schemas by json-schema-faker, for every operation in turn until the time is
 * up (FUZZ_SECONDS, default 150):
 *
 * - valid ones (what the document allows, with the demo data's real ids and dates near today
 *   filled in where a field names one, so they reach past "not found"), sent through Prism
 *   with no cookie, a guest's, a receptionist's and a SuperAdmin's: any answer that breaks the
 *   document comes back from Prism as a violation;
 * - broken ones (a required field missing, wrong types, a 100 kB string, odd Unicode, a body
 *   that is not an object, a malformed id), sent to the app directly, since Prism would refuse
 *   them before the app saw them: each must be answered below 500 with the `{ message }` error
 *   shape the document promises.
 *
 * Fails (exit 1) on any 5xx from the app, any answer Prism finds breaking the document, and
 * any error answer without a message. FUZZ_SEED repeats a run; FUZZ_REPORT=<file> writes the
 * findings as JSON. See README, "Fuzzing the API".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { JSONSchemaFaker } from 'json-schema-faker';
import { startServer } from '../api/src/server.js';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { startPaystackDouble } from '../e2e/doubles/paystack-double.js';
import { startSmtpDouble } from '../e2e/doubles/smtp-double.js';
import { startWeatherDouble } from '../e2e/doubles/weather-double.js';

type Json = Record<string, unknown>;
type Schema = Json;
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema }[];
  body?: { type: string; schema: Schema };
  secured: boolean;
  /** The statuses the document names for it (an upstream failure, 502 or 503, may be one). */
  declared: Set<string>;
}
interface Finding {
  kind: 'server error' | 'breaks the document' | 'error without message' | 'request refused by Prism';
  operation: string;
  via: 'prism' | 'app';
  caller: string;
  status: number;
  request: { method: string; url: string; body?: unknown };
  answer: string;
}

const seconds = Number(process.env.FUZZ_SECONDS ?? 150);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const root = path.resolve(import.meta.dirname, '..');

// ---- a small seeded random source, so FUZZ_SEED repeats a run

let state = seed >>> 0 || 1;
function random(): number {
  // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

JSONSchemaFaker.option({
  random,
  alwaysFakeOptionals: false,
  optionalsProbability: 0.6,
  useExamplesValue: true,
  useDefaultValue: true,
  maxItems: 3,
  maxLength: 60,
  failOnInvalidTypes: false,
  failOnInvalidFormat: false,
  fillProperties: false,
});

// ---- the app, its doubles and Prism

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-fuzz-'));
const paystack = await startPaystackDouble();
const smtp = await startSmtpDouble();
const weather = await startWeatherDouble();
const appPort = await freePort();
const prismPort = await freePort();
const app = await startServer({
  env: {
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
    PAYSTACK_BASE_URL: paystack.url,
    PAYSTACK_INLINE_SCRIPT_URL: `${paystack.url}/inline.js`,
    SMTP_URL: smtp.url,
    OPENWEATHER_BASE_URL: weather.url,
    OPEN_METEO_BASE_URL: weather.url,
    WEATHER_TIMEOUT_MS: '2000',
  },
});
await app.deps.db('settings').where({ id: 1 }).update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });
const appUrl = `http://127.0.0.1:${appPort}`;
const prismUrl = `http://127.0.0.1:${prismPort}`;

const documentFile = path.join(dataDir, 'openapi.json');
const document = (await (await fetch(`${appUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Json>> };
fs.writeFileSync(documentFile, JSON.stringify(document));

const prismLog: string[] = [];
const prism: ChildProcess = spawn(
  process.execPath,
  [path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'), 'proxy', documentFile, appUrl, '--errors', '-h', '127.0.0.1', '-p', String(prismPort)],
  { cwd: root, env: { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
);
prism.stdout!.on('data', (chunk: Buffer) => prismLog.push(chunk.toString()));
prism.stderr!.on('data', (chunk: Buffer) => prismLog.push(chunk.toString()));

let stopped = false;
async function stop(code: number): Promise<never> {
  if (!stopped) {
    stopped = true;
    prism.kill('SIGTERM');
    await app.stop().catch(() => {});
    await paystack.close().catch(() => {});
    await smtp.close().catch(() => {});
    await weather.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
  process.exit(code);
}
process.once('SIGINT', () => void stop(130));

try {
  await waitFor(`${prismUrl}/api/health`, 60_000);
} catch (err) {
  console.error(String(err));
  console.error(prismLog.join(''));
  await stop(1);
}

// ---- who calls: no cookie, a guest, a receptionist, a SuperAdmin

const origin = appUrl;
async function login(username: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ username, password: 'lodge-demo' }),
  });
  if (res.status !== 200) throw new Error(`login as ${username}: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
const CALLERS = ['anonymous', 'guest', 'receptionist', 'superadmin'] as const;
type Caller = (typeof CALLERS)[number];
const cookies: Partial<Record<Caller, string>> = {};
for (const caller of CALLERS) if (caller !== 'anonymous') cookies[caller] = await login(caller);

// ---- the demo data's real ids, so generated requests reach past "not found"

const db = app.deps.db;
const ids = {
  booking: (await db('bookings').select('id')).map((r: { id: string }) => r.id),
  unit: (await db('units').select('id')).map((r: { id: string }) => r.id),
  type: (await db('accommodation_types').select('id')).map((r: { id: string }) => r.id),
  event: (await db('events').select('id')).map((r: { id: string }) => r.id),
  extra: (await db('extras').select('id')).map((r: { id: string }) => r.id),
  invoice: (await db('invoices').select('id')).map((r: { id: string }) => r.id),
};
const today = todayInLodge(new Date());
const realId = (name: string): string | undefined => {
  const key = name.toLowerCase();
  if (key.includes('booking') || key === 'id') return pick([...ids.booking, ...ids.unit, ...ids.type]);
  if (key.includes('unit')) return pick(ids.unit);
  if (key.includes('type')) return pick(ids.type);
  if (key.includes('event')) return pick(ids.event);
  if (key.includes('extra')) return pick(ids.extra);
  if (key.includes('invoice')) return ids.invoice.length ? pick(ids.invoice) : undefined;
  return undefined;
};

/** Fields whose names say what they hold get plausible values: dates near today, real ids, an e-mail. */
function plausible(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => plausible(v, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plausible(v, k)]));
  if (typeof value !== 'string' || !chance(0.8)) return value;
  const k = key.toLowerCase();
  if (/(checkin|start|from|date)$/.test(k) || k === 'start' || k === 'from') return addDays(today, Math.floor(random() * 60) + 1);
  if (/(checkout|end|to)$/.test(k) || k === 'to' || k === 'end') return addDays(today, Math.floor(random() * 60) + 62);
  if (/id$/.test(k)) return realId(key) ?? value;
  if (k.includes('email')) return `fuzz${Math.floor(random() * 1e6)}@example.com`;
  return value;
}

// ---- the operations, from the document

const operations: Operation[] = [];
for (const [p, methods] of Object.entries(document.paths)) {
  for (const [method, op] of Object.entries(methods)) {
    const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
    const [type, media] = content ? Object.entries(content)[0]! : [];
    operations.push({
      method: method.toUpperCase(),
      path: p,
      operationId: op.operationId as string,
      parameters: (op.parameters as Operation['parameters']) ?? [],
      body: type ? { type, schema: media!.schema } : undefined,
      secured: !(op.security as Json[]).some((s) => Object.keys(s).length === 0),
      declared: new Set(Object.keys(op.responses as Json)),
    });
  }
}
// Calls that would end the fuzzer's own sessions or lock it out are made without a cookie.
const SESSION_ENDING = new Set(['postLogout', 'postAdminStaffByIdResetPassword', 'putAdminStaffById']);

const fake = (schema: Schema): unknown => {
  try {
    return JSONSchemaFaker.generate(schema as never);
  } catch {
    return {};
  }
};

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function pathOf(op: Operation, broken: boolean): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (broken && chance(0.5)) return encodeURIComponent(pick(['not-a-uuid', "1' OR '1'='1", '%00', '..%2F..', 'x'.repeat(300), '💥']));
    if (name === 'token') return 'a'.repeat(43);
    if (name === 'topic') return pick(['checkin', 'weather', 'unknown-topic']);
    return (chance(0.7) ? realId(name) : undefined) ?? crypto.randomUUID();
  });
}

function queryOf(op: Operation, broken: boolean): string {
  const params = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    if (!p.required && chance(0.4)) continue;
    const value = broken && chance(0.5) ? pick(['', 'x'.repeat(5000), '2026-02-30', '-1', 'null', '\u202e\u0000']) : plausible(fake(p.schema), p.name);
    params.set(p.name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}

const ODD = ['\u0000', '\u202e', '💥'.repeat(50), 'é'.normalize('NFD'), '\ud800', 'x'.repeat(100_000), '<script>alert(1)</script>', "'; DROP TABLE bookings; --"];

/** A broken copy of a valid body: one of the ways a client gets it wrong. */
function breakBody(body: unknown): unknown {
  const how = Math.floor(random() * 6);
  if (how === 0 || !body || typeof body !== 'object' || Array.isArray(body)) return pick([null, 42, 'text', [], [body], true]);
  const obj = { ...(body as Json) };
  const keys = Object.keys(obj);
  const key = keys.length ? pick(keys) : 'unexpected';
  if (how === 1) delete obj[key];
  else if (how === 2) obj[key] = pick([123, true, [], {}, null, -1e308, 1.5]);
  else if (how === 3) obj[key] = pick(ODD);
  else if (how === 4) obj[key] = { nested: { deeper: [pick(ODD)] } };
  else for (const k of keys) obj[k] = null;
  return obj;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  shown?: unknown;
}

function build(op: Operation, caller: Caller, broken: boolean, base: string): Sent {
  const headers: Record<string, string> = { Origin: origin, Accept: 'application/json' };
  const cookie = SESSION_ENDING.has(op.operationId) ? undefined : cookies[caller];
  if (cookie) headers.Cookie = cookie;
  for (const h of op.parameters.filter((x) => x.in === 'header')) headers[h.name] = broken && chance(0.5) ? 'zz' : 'a'.repeat(64);
  const url = `${base}${pathOf(op, broken)}${queryOf(op, broken)}`;
  if (!op.body) return { method: op.method, url, headers };
  if (op.body.type === 'application/json') {
    const valid = plausible(fake(op.body.schema));
    const shown = broken ? breakBody(valid) : valid;
    headers['Content-Type'] = 'application/json';
    return { method: op.method, url, headers, body: broken && chance(0.1) ? '{"unclosed": [' : JSON.stringify(shown), shown };
  }
  if (op.body.type === 'multipart/form-data') {
    const form = new FormData();
    const properties = (op.body.schema.properties as Record<string, Schema>) ?? {};
    for (const [name, property] of Object.entries(properties)) {
      const isFile = property.type === 'array' || property.contentMediaType;
      if (isFile) {
        const bytes = broken ? Buffer.from(pick(['not a file', 'GIF89a', ''])) : pick([PNG, PDF]);
        form.append(name, new Blob([bytes]), pick(['proof.pdf', 'photo.png', '../../etc/passwd', 'naïve ü.pdf']));
      } else if (!broken || chance(0.5)) {
        const value = plausible(fake(property), name);
        form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
    }
    return { method: op.method, url, headers, body: form, shown: '(multipart)' };
  }
  // A raw file (the desk's attachment upload).
  headers['Content-Type'] = broken ? pick(['text/plain', 'image/png', 'application/x-evil']) : 'image/png';
  return { method: op.method, url, headers, body: broken ? Buffer.from('not an image') : PNG, shown: '(raw file)' };
}

// ---- the run

const findings: Finding[] = [];
const counts = { requests: 0, throughPrism: 0, direct: 0, byStatus: {} as Record<string, number> };
const started = Date.now();

async function send(s: Sent): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(s.url, { method: s.method, headers: s.headers, body: s.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  counts.requests++;
  const klass = `${Math.floor(res.status / 100)}xx`;
  counts.byStatus[klass] = (counts.byStatus[klass] ?? 0) + 1;
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

/** A 5xx is the app's failure, unless the document names it (Paystack or the weather service down). */
const serverError = (op: Operation, status: number) => status >= 500 && !(status !== 500 && op.declared.has(String(status)));

const note = (f: Finding) => {
  if (findings.filter((x) => x.kind === f.kind && x.operation === f.operation).length < 3) findings.push(f);
};

let round = 0;
while (Date.now() - started < seconds * 1000) {
  round++;
  for (const op of operations) {
    if (Date.now() - started >= seconds * 1000) break;
    const name = `${op.method} ${op.path}`;
    const caller = pick(CALLERS);
    // Valid, through Prism.
    const valid = build(op, caller, false, prismUrl);
    try {
      const res = await send(valid);
      counts.throughPrism++;
      const fromPrism = res.type.includes('application/problem+json');
      if (fromPrism && /VIOLATIONS|violation/i.test(res.text) && res.status >= 500) {
        note({ kind: 'breaks the document', operation: name, via: 'prism', caller, status: res.status, request: { method: valid.method, url: valid.url, body: valid.shown }, answer: res.text.slice(0, 2000) });
      } else if (!fromPrism && serverError(op, res.status)) {
        note({ kind: 'server error', operation: name, via: 'prism', caller, status: res.status, request: { method: valid.method, url: valid.url, body: valid.shown }, answer: res.text.slice(0, 2000) });
      }
    } catch (err) {
      note({ kind: 'server error', operation: name, via: 'prism', caller, status: 0, request: { method: valid.method, url: valid.url }, answer: String(err) });
    }
    // Broken, straight to the app.
    const broken = build(op, caller, true, appUrl);
    try {
      const res = await send(broken);
      counts.direct++;
      if (serverError(op, res.status)) {
        note({ kind: 'server error', operation: name, via: 'app', caller, status: res.status, request: { method: broken.method, url: broken.url, body: broken.shown }, answer: res.text.slice(0, 2000) });
      } else if (res.status >= 400 && res.type.includes('json')) {
        let message: unknown;
        try {
          message = (JSON.parse(res.text) as Json).message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || !message) {
          note({ kind: 'error without message', operation: name, via: 'app', caller, status: res.status, request: { method: broken.method, url: broken.url, body: broken.shown }, answer: res.text.slice(0, 500) });
        }
      }
    } catch (err) {
      note({ kind: 'server error', operation: name, via: 'app', caller, status: 0, request: { method: broken.method, url: broken.url }, answer: String(err) });
    }
  }
  // A session the fuzz ended (an erased guest, a password changed) is renewed.
  for (const caller of CALLERS) {
    if (caller === 'anonymous') continue;
    const res = await fetch(`${appUrl}/api/auth/user`, { headers: { Cookie: cookies[caller]! } });
    if (res.status !== 200) cookies[caller] = await login(caller).catch(() => cookies[caller]!);
  }
}

const failures = findings.filter((f) => f.kind !== 'request refused by Prism');
console.log(
  `fuzz: ${counts.requests} requests in ${Math.round((Date.now() - started) / 1000)} s over ${operations.length} operations (${round} rounds, seed ${seed}): ` +
    `${counts.throughPrism} valid through Prism, ${counts.direct} broken to the app; answers ${JSON.stringify(counts.byStatus)}`,
);
if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ seed, counts, findings }, null, 2));
if (failures.length) {
  console.log(`fuzz: ${failures.length} finding(s):`);
  for (const f of failures) {
    console.log(`- ${f.kind}: ${f.operation} (${f.via}, ${f.caller}) answered ${f.status}`);
    console.log(`  request: ${f.request.method} ${f.request.url}${f.request.body !== undefined ? ` ${JSON.stringify(f.request.body)?.slice(0, 300)}` : ''}`);
    console.log(`  answer: ${f.answer.slice(0, 600).replace(/\n/g, ' ')}`);
  }
  await stop(1);
}
console.log('fuzz: no 5xx but those the document names (Paystack or the weather service down), and every answer through Prism keeps to the document');
await stop(0);
