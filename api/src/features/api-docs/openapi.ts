import { z } from 'zod';
import { ROUTE_TABLE, routeKey, type Access, type RouteEntry } from '../../http/route-table.js';
import { ErrorResponse } from '../../../../shared/contracts/common.js';
import { STAFF_ROLES, can, type Capability } from '../../../../shared/roles.js';
import { ROUTE_DOCS, type MultipartBody, type RawBody, type RouteDoc } from './route-docs.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the route table (every route, who may
 * call it) and ROUTE_DOCS (the shared zod contracts each route parses and answers with, turned
 * into JSON Schema by zod's own `z.toJSONSchema`). Nothing here is written by hand per route
 * beyond the summary, so the document says what the code does. Built once per process.
 */

type JsonSchema = Record<string, unknown>;

const SESSION = 'sessionCookie';
const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** Input schemas as a client sends them (before the contract's transforms), answers as sent. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const isZod = (body: RouteDoc['body']): body is z.ZodType => body instanceof z.ZodType;

function requestBody(body: NonNullable<RouteDoc['body']>) {
  if (isZod(body)) return { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
  if (body.kind === 'raw') return rawBody(body);
  return multipartBody(body);
}

function rawBody(body: RawBody) {
  return {
    required: true,
    description: body.description,
    content: Object.fromEntries(body.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
  };
}

function multipartBody(body: MultipartBody) {
  const fields = body.fields ? jsonSchema(body.fields, 'input') : { type: 'object', properties: {} };
  const properties = { ...(fields.properties as Record<string, unknown>) };
  for (const [name, file] of Object.entries(body.files)) {
    const one = { type: 'string', contentMediaType: 'application/octet-stream', description: file.description };
    properties[name] = file.maxFiles > 1 ? { type: 'array', items: one, maxItems: file.maxFiles } : one;
  }
  return { required: true, content: { 'multipart/form-data': { schema: { ...fields, type: 'object', properties } } } };
}

/** Path parameters from the path: `:id` style, every one required, ids as UUIDs. */
function pathParameters(path: string) {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'token' || name === 'topic' ? { type: 'string', minLength: 1 } : { type: 'string', format: 'uuid' },
  }));
}

function queryParameters(query: z.ZodType) {
  const schema = jsonSchema(query, 'input');
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function headerParameters(headers: NonNullable<RouteDoc['headers']>) {
  return Object.entries(headers).map(([name, h]) => ({
    name,
    in: 'header',
    required: true,
    description: h.description,
    schema: { type: 'string', ...(h.pattern ? { pattern: h.pattern } : {}) },
  }));
}

const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

function rolesWith(access: Capability): string {
  return STAFF_ROLES.filter((role) => can(role, access)).join(', ');
}

function accessText(access: Access): string {
  switch (access) {
    case 'public':
      return 'Anyone.';
    case 'signed-in':
      return 'Any signed-in user (guests too).';
    case 'webhook':
      return 'No session: the caller proves itself (a signature).';
    default:
      return `Staff with ${access}: ${rolesWith(access)}.`;
  }
}

function responses(entry: RouteEntry, doc: RouteDoc, takesInput: boolean) {
  const out: Record<string, unknown> = {};
  const { ok } = doc;
  out[String(ok.status)] = ok.schema
    ? { description: ok.description ?? 'Done', content: { 'application/json': { schema: jsonSchema(ok.schema, 'output') } } }
    : { description: ok.description ?? 'Done', content: { [ok.contentType ?? 'application/octet-stream']: { schema: { type: 'string' } } } };
  if (ok.replayed && ok.schema) out['200'] = { description: ok.replayed, content: { 'application/json': { schema: jsonSchema(ok.schema, 'output') } } };
  if (takesInput) out['400'] = error('Bad input: `errors` names each field and what is wrong with it; nothing was changed');
  if (entry.access !== 'public') out['401'] = error('Not signed in (or no valid signature)');
  if (entry.access !== 'public' && entry.access !== 'webhook' && entry.access !== 'signed-in') out['403'] = error('Signed in without the permission');
  if (/:/.test(entry.path)) out['404'] = error('No such record');
  for (const [status, description] of Object.entries(doc.also ?? {})) {
    out[status] = status === '304' ? { description } : error(description!);
  }
  out.default = error('Any other failure, in the same shape (a 500 says only that something went wrong)');
  return out;
}

/** `/api/admin/units/:id` as OpenAPI writes it: `/api/admin/units/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
}

/** The document for the route table. Throws for a route without its entry in ROUTE_DOCS. */
export function buildOpenApiDocument(opts: { version: string; serverUrl?: string } = { version: '0.0.0' }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const entry of ROUTE_TABLE) {
    const doc = ROUTE_DOCS[routeKey(entry.method, entry.path)];
    if (!doc) throw new Error(`${routeKey(entry.method, entry.path)} has no entry in ROUTE_DOCS (api/src/features/api-docs/route-docs.ts)`);
    const parameters = [
      ...pathParameters(entry.path),
      ...(doc.query ? queryParameters(doc.query) : []),
      ...(doc.headers ? headerParameters(doc.headers) : []),
    ];
    const takesInput = parameters.length > 0 || !!doc.body;
    const operation: Record<string, unknown> = {
      operationId: operationId(entry),
      tags: [doc.tag],
      summary: doc.summary,
      description: [doc.description, `Who may call it: ${accessText(entry.access)}`].filter(Boolean).join('\n\n'),
      ...(parameters.length ? { parameters } : {}),
      ...(doc.body ? { requestBody: requestBody(doc.body) } : {}),
      responses: responses(entry, doc, takesInput),
      security: entry.access === 'public' || entry.access === 'webhook' ? [{}, { [SESSION]: [] }] : [{ [SESSION]: [] }],
    };
    (paths[openApiPath(entry.path)] ??= {})[entry.method.toLowerCase()] = operation;
  }
  paths[UNIT_FEED_PATH] = { get: unitFeedOperation() };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lodge booking and front desk API',
      version: opts.version,
      description:
        'The booking website and the offline front desk of a private game lodge. Money is in rand, dates are the lodge\u2019s (Africa/Johannesburg), ' +
        'and every error answers `{ message, code?, errors? }`. State-changing calls that carry the session cookie must send an `Origin` header of the app\u2019s own origin (CSRF).',
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorResponse, 'output') },
      securitySchemes: { [SESSION]: { type: 'apiKey', in: 'cookie', name: 'lodge.sid', description: 'The session cookie set by POST /api/login' } },
    },
  };
}

/**
 * The one route outside /api and its route table: a unit's calendar as the channels fetch it
 * (no session, no guard of the table: the token in the address is the credential, checked by
 * the route itself). Documented here so a developer connecting a channel reads it beside the rest.
 */
const UNIT_FEED_PATH = '/ical/units/{unitId}/{token}.ics';

function unitFeedOperation() {
  return {
    operationId: 'getIcalUnitsByUnitIdByToken',
    tags: ['Channel calendars (for the channels)'],
    summary: "A unit's calendar for Booking.com, Airbnb and other channels (iCalendar)",
    description: [
      'One all-day event per live stay on the unit (entire-lodge stays included) and per out-of-order period: ' +
        '`DTSTART` the check-in, `DTEND` the check-out, a `UID` stable per stay, `SUMMARY` "Booked" (or "Not available"), nothing about the guest. ' +
        "The token is the unit's own (any reader) or a channel feed's export token, in which case the stays imported from that channel are left out (no echo). " +
        'Rotating a token in the back office makes the old address answer 404.',
      `Who may call it: whoever holds the address.`,
    ].join('\n\n'),
    parameters: [
      { name: 'unitId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' } },
    ],
    responses: {
      '200': { description: 'The calendar (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' } } } },
      '404': error('No such unit, or the token is not (or no longer) one of its tokens'),
      default: error('Any other failure, in the same shape (a 500 says only that something went wrong)'),
    },
    security: [{}],
  };
}

/** `GET /api/admin/units/:id` becomes `getAdminUnitsById`. */
function operationId(entry: RouteEntry): string {
  const words = entry.path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${cap(part.slice(1))}` : cap(part)));
  return entry.method.toLowerCase() + words.join('');
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
