import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface NewEnquiry {
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
}

export async function insertEnquiry(db: Db, e: NewEnquiry): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db('contact_enquiries')
    .insert({ name: e.name, email: e.email, phone: e.phone, subject: e.subject, message: e.message })
    .returning(['id', 'created_at']);
  return { id: row.id as string, createdAt: new Date(row.created_at as string) };
}
