import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * One feature owns each table; the others read it through the owner's queries. A table is not
 * an import, so dependency-cruiser cannot check this: here every file of the API outside the
 * owner (tests, their fixtures and this folder's migrations and demo data aside) is searched
 * for SQL naming one of the owner's tables, and what is found must be exactly the exceptions
 * listed, with their reasons, in .dependency-cruiser.cjs.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const { tableOwners, tableReadExceptions } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  tableOwners: { owner: string; tables: string[] }[];
  tableReadExceptions: { file: string; tables: string[]; reason: string }[];
};

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/**
 * The tables among `tables` that the code names in SQL: as a knex table argument
 * (`db('units as u')`, `.join('accommodation_types as t', ...)`) or after FROM / JOIN in raw
 * SQL. Comments are left out first, so prose about units is not mistaken for a read.
 */
function tablesRead(source: string, tables: readonly string[]): string[] {
  const code = withoutComments(source);
  return tables.filter(
    (table) => new RegExp(`\\(\\s*['"\`]${table}(\\s+as\\s+\\w+)?['"\`]`).test(code) || new RegExp(`\\b(FROM|JOIN)\\s+${table}\\b`).test(code),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/(\.test|^test-fixtures)\.ts$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(path.join(root, 'api/src'))
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .filter((file) => !file.startsWith('api/src/db/'))
  .map((file) => ({ file, source: fs.readFileSync(path.join(root, file), 'utf8') }));

describe('tables are read through the feature that owns them', () => {
  it('finds the reads it looks for, and not prose or other tables', () => {
    const catalogue = ['accommodation_types', 'units', 'package_inclusions'];
    expect(tablesRead("db('units as u').where('u.id', id)", catalogue)).toEqual(['units']);
    expect(tablesRead(".join('accommodation_types as t', 't.id', 'b.accommodation_type_id')", catalogue)).toEqual(['accommodation_types']);
    expect(tablesRead('`SELECT u.id FROM units u LEFT JOIN package_inclusions pi ON true`', catalogue)).toEqual(['units', 'package_inclusions']);
    expect(tablesRead("// the units free for the stay, read from units\nconst unit = 'units';", catalogue)).toEqual([]);
    expect(tablesRead("db('bookings as b').leftJoin('unit_notes as n')", catalogue)).toEqual([]);
  });

  for (const { owner, tables } of tableOwners) {
    it(`${tables.join(', ')}: outside ${owner}, only in the listed exceptions (each with its reason)`, () => {
      const found = files
        .filter(({ file }) => !file.startsWith(owner))
        .map(({ file, source }) => ({ file, tables: tablesRead(source, tables) }))
        .filter((read) => read.tables.length > 0);
      const listed = tableReadExceptions
        .map((e) => ({ file: e.file, tables: e.tables.filter((t) => tables.includes(t)) }))
        .filter((e) => e.tables.length > 0);
      const byFile = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file);
      expect(found.sort(byFile)).toEqual(listed.sort(byFile));
    });
  }

  it('every exception gives its reason', () => {
    for (const exception of tableReadExceptions) expect(exception.reason.length).toBeGreaterThan(60);
  });
});
