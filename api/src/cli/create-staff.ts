/**
 * Creates a staff account, e.g. the first SuperAdmin of a real install:
 *   npm run create-staff -- --username owner --role SuperAdmin --first-name Ann --last-name Smith --email ann@lodge.co.za
 * The password is read from STAFF_PASSWORD or asked for on the terminal (never a flag, so it
 * stays out of shell history).
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { createKnex, dbTargetOf, migrateLatest } from '../db/knex.js';
import { RegisterRequest } from '../../../shared/contracts/auth.js';
import { STAFF_ROLES } from '../../../shared/roles.js';
import { createUser } from '../features/auth/auth.service.js';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    role: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    email: { type: 'string' },
  },
});

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('Set STAFF_PASSWORD or run in a terminal to type the password.');
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const pw = await rl.question('Password: ');
  rl.close();
  return pw;
}

async function main() {
  const role = z.enum(STAFF_ROLES, { error: `--role must be one of ${STAFF_ROLES.join(', ')}` }).parse(values.role);
  const input = RegisterRequest.parse({
    username: values.username,
    password: await readPassword(),
    firstName: values['first-name'],
    lastName: values['last-name'],
    email: values.email,
  });
  const config = loadConfig();
  const db = createKnex(dbTargetOf(config));
  try {
    await migrateLatest(db);
    const deps = { db };
    const user = await createUser(deps, { ...input, role });
    console.log(`Created ${user.role} '${user.username}'.`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  if (err instanceof z.ZodError) {
    for (const i of err.issues) console.error(`${i.path.join('.') || 'input'}: ${i.message}`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
