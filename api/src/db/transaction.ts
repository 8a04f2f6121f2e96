import type { Knex } from 'knex';

/**
 * The database handles services pass around, so only repos and this folder import knex.
 * A use case takes the caller's transaction when given one (the sync push runs many edits,
 * one transaction per entry) and opens its own otherwise (Ghost's `options.transacting`).
 */
export type Database = Knex;
export type Tx = Knex.Transaction;
/** Either: a read that may run inside a caller's transaction or straight on the pool. */
export type DbOrTx = Knex | Knex.Transaction;

export interface TxOptions {
  /** The caller's transaction; unset, the use case opens (and commits) its own. */
  trx?: Tx;
}

export function inTransaction<T>(db: Database, trx: Tx | undefined, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return trx ? fn(trx) : db.transaction(fn);
}

/**
 * Runs fn in a savepoint of trx: an error inside (an exclusion-constraint refusal, say) rolls
 * back fn's writes only, and the caller decides what the error means.
 */
export function inSavepoint<T>(trx: Tx, fn: (sp: Tx) => Promise<T>): Promise<T> {
  return trx.transaction(fn);
}

/**
 * Runs fn in a read-only REPEATABLE READ transaction: every statement sees the one snapshot
 * the first statement took (the sync pull reads its snapshot's bounds, then the rows).
 */
export function inSnapshot<T>(db: Database, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn, { isolationLevel: 'repeatable read', readOnly: true } as Knex.TransactionConfig);
}

/**
 * A point in trx to come back to, for a caller that runs many units of work in one
 * transaction and decides after each whether to keep it (the sync push: each entry of a
 * batch). One round trip: it is never released, each mark nests in the one before, and the
 * transaction's COMMIT keeps them all (a RELEASE per unit would cost a round trip for
 * nothing). Knex's nested transactions (inSavepoint) wrap one function each and release.
 */
export interface Savepoint {
  /** Undoes what was done in trx since the mark; the transaction goes on. */
  undo(): Promise<void>;
}

export async function markSavepoint(trx: Tx, name: string): Promise<Savepoint> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad savepoint name ${name}`);
  await trx.raw(`SAVEPOINT ${name}`);
  return {
    // The innermost savepoint of that name: this one.
    undo: async () => {
      await trx.raw(`ROLLBACK TO SAVEPOINT ${name}`);
    },
  };
}
