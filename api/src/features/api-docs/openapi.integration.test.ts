import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { ROUTE_TABLE } from '../../http/route-table.js';
import type { OpenApiDocument } from './openapi.js';

let t: TestContext;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const res = await fetch(`${t.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  doc = (await res.json()) as OpenApiDocument;
});
afterAll(() => t?.close());

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: Record<string, string[]>[];
};
const operation = (method: string, path: string) => doc.paths[openApiPath(path)]?.[method.toLowerCase()] as Operation | undefined;

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has every route of the route table and the units' calendar feed, and nothing else", () => {
    const missing = ROUTE_TABLE.filter((r) => !operation(r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const documented = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(documented).toBe(ROUTE_TABLE.length + 1);
  });

  it("describes the units' calendar feed outside /api: the token in the path, iCalendar answered, no cookie", () => {
    const feed = doc.paths['/ical/units/{unitId}/{token}.ics']?.get as Operation;
    expect(feed.operationId).toBe('getIcalUnitsByUnitIdByToken');
    expect(feed.parameters).toEqual([
      { name: 'unitId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' } },
    ]);
    expect(Object.keys(feed.responses['200']!.content!)).toEqual(['text/calendar']);
    expect(feed.responses['404']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(feed.security).toEqual([{}]);
  });

  it('names each operation once, and gives every one the error shape as its default answer', () => {
    const ids = ROUTE_TABLE.map((r) => operation(r.method, r.path)!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of ROUTE_TABLE) {
      expect(operation(r.method, r.path)!.responses.default?.content?.['application/json']?.schema, `${r.method} ${r.path}`).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
    expect(doc.components.schemas).toMatchObject({
      Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    });
  });

  it('describes a route from its contracts: the staff booking body, its path parameters, its answers and its security', () => {
    const create = operation('POST', '/api/admin/bookings')!;
    const body = create.requestBody!.content['application/json'] as { schema: { required: string[]; properties: Record<string, unknown> } };
    expect(body.schema.required).toEqual(expect.arrayContaining(['unitId', 'checkInDate', 'checkOutDate', 'totalAmount', 'paymentMethod', 'paymentStatus', 'guestData']));
    expect(body.schema.properties.numberOfGuests).toMatchObject({ type: 'integer', minimum: 1, maximum: 99 });
    expect(Object.keys(create.responses).sort()).toEqual(['200', '201', '400', '401', '403', '409', '422', 'default']);
    // A replayed id answers 200 with the booking stored before: the same shape as the 201.
    expect(create.responses['200']).toEqual({ description: 'The booking stored under this id before (a replay)', content: create.responses['201']!.content });
    expect(create.security).toEqual([{ sessionCookie: [] }]);

    const update = operation('PUT', '/api/admin/bookings/:id')!;
    expect(update.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }]);
    expect(Object.keys(update.responses)).toContain('404');

    const list = operation('GET', '/api/admin/bookings')!;
    expect(list.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(['query:startDate', 'query:endDate', 'query:unitId', 'query:status']);
    const answer = list.responses['200']!.content!['application/json']!.schema as { type: string; items: { required: string[] } };
    expect(answer.type).toBe('array');
    expect(answer.items.required).toEqual(expect.arrayContaining(['id', 'reference', 'status', 'checkInDate', 'checkOutDate', 'totalAmount']));

    // A public route may be called with or without the cookie.
    expect(operation('GET', '/api/accommodations')!.security).toEqual([{}, { sessionCookie: [] }]);
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'lodge.sid', description: 'The session cookie set by POST /api/login' },
    });
  });

  it('describes uploads: multipart files and the raw attachment with its sha256 header', () => {
    const proof = operation('POST', '/api/guest/bookings/:token/proofs')!;
    expect(proof.requestBody!.content['multipart/form-data']).toMatchObject({ schema: { type: 'object', properties: { file: { type: 'string' } } } });
    expect(Object.keys(proof.responses)).toContain('413');
    const attachment = operation('PUT', '/api/sync/attachments/:attachmentId')!;
    expect(Object.keys(attachment.requestBody!.content).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
    expect(attachment.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(['path:attachmentId', 'query:bookingId', 'query:kind', 'header:sha256']);
  });
});

describe('GET /api/docs', () => {
  it('is a page that draws the document with the reference bundled from npm, nothing from elsewhere', async () => {
    const page = await fetch(`${t.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    const init = await (await fetch(`${t.url}/api/docs/init.js`)).text();
    expect(init).toContain("url: '/api/openapi.json'");
    const bundle = await fetch(`${t.url}/api/docs/scalar.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
  });
});
