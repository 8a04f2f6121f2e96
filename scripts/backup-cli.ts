import { parseArgs } from 'node:util';
import { BackupError } from '../api/src/db/backup/backup-file.js';

/**
 * What `npm run backup` and `npm run restore` share: arguments, and exit codes a cron job or a
 * script can act on: 0 done, 1 refused or failed (the message says why), 2 wrong usage. They
 * never ask anything (CI=true, cron: no terminal).
 */
export async function runCommand(
  usage: string,
  args: { min: number; max: number; flags?: string[] },
  main: (files: string[], flags: Set<string>) => Promise<void>,
): Promise<never> {
  let given: string[];
  const flags = new Set<string>();
  try {
    const options = Object.fromEntries((args.flags ?? []).map((f) => [f, { type: 'boolean' as const }]));
    const { values, positionals } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (positionals.length > args.max) throw new Error(`Too many arguments: ${positionals.join(' ')}`);
    if (positionals.length < args.min) throw new Error('Which backup file?');
    given = positionals;
    for (const f of args.flags ?? []) if ((values as Record<string, unknown>)[f]) flags.add(f);
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
  try {
    await main(given, flags);
    process.exit(0);
  } catch (err) {
    // A BackupError is written for the person reading it; anything else is shown with its stack.
    console.error(err instanceof BackupError || (err instanceof Error && err.message.startsWith('Invalid configuration')) ? err.message : err);
    process.exit(1);
  }
}

export function describeSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
