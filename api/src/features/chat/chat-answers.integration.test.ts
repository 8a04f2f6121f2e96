import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { ChatAnswersResponse, ChatResponse, type ChatAnswer } from '../../../../shared/contracts/chat.js';
import { LODGE_SETTINGS } from '../../db/seeds/demo/demo-content.js';
import { FALLBACK_ANSWER } from './chat.service.js';

let t: TestContext;
let superadmin: TestClient;
let manager: TestClient;
let receptionist: TestClient;
let ip = 0;

beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: '1' } });
  superadmin = await t.loginAs('superadmin');
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
});
afterAll(() => t?.close());

async function ask(message: string) {
  const res = await t.client().post('/api/chatbot/chat', { message }, { headers: { 'X-Forwarded-For': `10.3.0.${++ip}` } });
  expect(res.status).toBe(200);
  return ChatResponse.parse(res.body);
}

async function answers(client: TestClient = manager): Promise<ChatAnswer[]> {
  const res = await client.get('/api/admin/chat-answers');
  expect(res.status).toBe(200);
  return ChatAnswersResponse.parse(res.body);
}
const answerOf = async (topic: string) => (await answers()).find((a) => a.topic === topic)!;

const CONTACT_US = { label: 'Contact Us', action: 'link', value: '/contact' };

describe('GET /api/admin/chat-answers', () => {
  it('lists every topic with its text as written, placeholders unfilled', async () => {
    const list = await answers(superadmin);
    expect(list.map((a) => a.topic).slice(0, 7)).toEqual(['directions', 'weather', 'contact', 'packing', 'amenities', 'emergency', 'safety']);
    const emergency = list.find((a) => a.topic === 'emergency')!;
    expect(emergency.answer).toBe(
      'In an emergency at the lodge, tell any staff member at once or call reception on {contactPhone}; our rangers are trained in first aid. Emergency numbers: medical {emergencyMedicalPhone}, police {emergencyPolicePhone}.',
    );
    expect(emergency.phrases).toEqual([]);
    expect(emergency.version).toBe(1);
  });

  it('is for SuperAdmin and Manager only', async () => {
    expect((await receptionist.get('/api/admin/chat-answers')).status).toBe(403);
    expect((await t.client().get('/api/admin/chat-answers')).status).toBe(401);
    expect((await receptionist.put('/api/admin/chat-answers/contact', { answer: 'Call us.' })).status).toBe(403);
    expect((await t.client().put('/api/admin/chat-answers/contact', { answer: 'Call us.' })).status).toBe(401);
    expect((await answerOf('contact')).version).toBe(1);
  });
});

describe('PUT /api/admin/chat-answers/:topic', () => {
  it('saves the answer, and the public chat answers with it at once, placeholders filled', async () => {
    const before = await answerOf('weather');
    const res = await manager.put('/api/admin/chat-answers/weather', {
      answer: 'At {lodgeName} the summer rains come in November. Questions? Call {contactPhone}.',
      phrases: ['thunder'],
      version: before.version,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ topic: 'weather', phrases: ['thunder'], version: before.version + 1 });
    const reply = await ask('Will it rain in November?');
    expect(reply.message).toBe(`At ${LODGE_SETTINGS.lodge_name} the summer rains come in November. Questions? Call ${LODGE_SETTINGS.contact_phone}.`);
    // The manager's phrase is a word the matcher now knows.
    expect((await ask('Is there much thunder?')).message).toBe(reply.message);
  });

  it('answers 400 naming an unknown placeholder, and changes nothing', async () => {
    const before = await answerOf('contact');
    const res = await manager.put('/api/admin/chat-answers/contact', { answer: 'Call {phone} or {contactPhone}.' });
    expect(res.status).toBe(400);
    expect(res.body.errors.answer).toContain('Unknown placeholder {phone}');
    expect(res.body.message).toMatch(/^answer: Unknown placeholder \{phone\}/);
    expect(await answerOf('contact')).toEqual(before);
  });

  it.each([
    [{}, 'answer', 'Answer is required'],
    [{ answer: '   ' }, 'answer', 'Answer is required'],
    [{ answer: 'x'.repeat(2001) }, 'answer', 'Answer must be at most 2000 characters'],
    [{ answer: 'Hi', phrases: 'dog' }, 'phrases', 'Phrases must be a list of words or phrases'],
    [{ answer: 'Hi', phrases: [''] }, 'phrases.0', 'A phrase cannot be empty'],
  ])('%j: 400 naming %s', async (body, field, message) => {
    const res = await manager.put('/api/admin/chat-answers/packing', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect((await answerOf('packing')).version).toBe(1);
  });

  it('answers 400 for a malformed topic, 404 for an unknown one', async () => {
    const bad = await manager.put('/api/admin/chat-answers/DROP%20TABLE', { answer: 'Hi' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.topic).toBe('Invalid topic');
    const unknown = await manager.put('/api/admin/chat-answers/pets', { answer: 'Hi' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Chat answer not found');
  });

  it('refuses a save over someone else’s (409), keeping their text', async () => {
    const before = await answerOf('amenities');
    expect((await superadmin.put('/api/admin/chat-answers/amenities', { answer: 'Pool, WiFi and a boma.', version: before.version })).status).toBe(200);
    const stale = await manager.put('/api/admin/chat-answers/amenities', { answer: 'Only a pool.', version: before.version });
    expect(stale.status).toBe(409);
    expect((await answerOf('amenities')).answer).toBe('Pool, WiFi and a boma.');
  });
});

describe('the chat says it does not know rather than answer another question', () => {
  it('answers "is there malaria?" with the safety answer, not directions', async () => {
    const reply = await ask('Is there malaria?');
    expect(reply.message).toContain('This is a malaria area: ask your doctor about anti-malaria tablets before you travel');
    expect(reply.message).toContain('Emergency numbers: medical 10177, police 10111.');
  });

  it.each(['Can I bring my dog?', 'Are pets allowed?', 'Do you have a gym?'])('%s: does not know, offers Contact Us', async (question) => {
    const reply = await ask(question);
    expect(reply.message).toBe(FALLBACK_ANSWER);
    expect(reply.quickActions[0]).toEqual(CONTACT_US);
  });

  it('fills the directions answer from the settings, with no placeholder left', async () => {
    const reply = await ask('How do I get to the lodge?');
    expect(reply.message.startsWith(`${LODGE_SETTINGS.lodge_name} is at ${LODGE_SETTINGS.address}. `)).toBe(true);
    expect(reply.message).toContain(`call us on ${LODGE_SETTINGS.contact_phone} or send a WhatsApp to `);
    expect(reply.message).not.toMatch(/[{}]|not available/);
  });
});
