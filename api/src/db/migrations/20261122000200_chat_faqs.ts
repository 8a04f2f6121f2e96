import type { Knex } from 'knex';

/**
 * The chat assistant's knowledge base (owned by the chat feature). Answers are templates:
 * '{phone}', '{email}' and the like are filled in from the settings row when answering, so
 * a lodge that changes its phone number never has to edit the FAQ. Self-contained: imports
 * nothing from app code, so it runs the same forever.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_faqs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('topic').notNullable().unique();
    t.text('question').notNullable();
    t.text('answer').notNullable();
    // Words and phrases a question on this topic uses; matched after lowercasing and stemming.
    t.jsonb('keywords').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    // Option buttons: [{ label, action: 'link' | 'message', value }].
    t.jsonb('quick_actions').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chat_faqs');
}
