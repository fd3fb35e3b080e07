import type { Kysely, Migration } from 'kysely';

// A migration takes a schema-less database: it must not depend on the current table types.
type AnyDb = Kysely<unknown>;

/** The orders' tables (`orders-tables.ts`): SQLite and PostgreSQL alike, `text`, `bigint`, `integer` only. */
export const ordersMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('payer_login_id', 'text', (col) => col.notNull())
      .addColumn('payer_phone', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('amount', 'bigint', (col) => col.notNull())
      .addColumn('refunded_amount', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('receipt', 'text', (col) => col.notNull())
      .addColumn('failure_reason', 'text')
      .addColumn('failure_message', 'text')
      .addColumn('failure_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('platform_synced_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('orders_payer')
      .on('orders')
      .columns(['payer_login_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('orders_status')
      .on('orders')
      .columns(['status', 'platform_synced_at'])
      .execute();

    await db.schema
      .createTable('order_lines')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .addColumn('sportsman_id', 'text', (col) => col.notNull())
      .addColumn('sportsman_name', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('details', 'text', (col) => col.notNull())
      .addColumn('amount', 'bigint', (col) => col.notNull())
      .addColumn('competition_id', 'text')
      .addColumn('season', 'integer')
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('held', 'integer')
      .addColumn('refunded_at', 'bigint')
      .execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
    // One order at a time holds a request: a second one cannot pay it too.
    await db.schema
      .createIndex('order_lines_held_request')
      .on('order_lines')
      .columns(['request_id', 'held'])
      .unique()
      .execute();

    await db.schema
      .createTable('order_payments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('idempotence_key', 'text', (col) => col.notNull().unique())
      .addColumn('request', 'text', (col) => col.notNull())
      .addColumn('provider_payment_id', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('refunded_amount', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('confirmation_url', 'text')
      .addColumn('cancellation_party', 'text')
      .addColumn('cancellation_reason', 'text')
      .addColumn('open', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('order_payments_order')
      .on('order_payments')
      .columns(['order_id', 'created_at'])
      .execute();
    // One attempt open per order: a double click or a second tab finds it instead of opening another.
    await db.schema
      .createIndex('order_payments_open')
      .on('order_payments')
      .columns(['order_id', 'open'])
      .unique()
      .execute();
    await db.schema
      .createIndex('order_payments_provider')
      .on('order_payments')
      .column('provider_payment_id')
      .execute();

    await db.schema
      .createTable('order_refunds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (col) => col.notNull().unique())
      .addColumn('idempotence_key', 'text', (col) => col.notNull().unique())
      .addColumn('request', 'text', (col) => col.notNull())
      .addColumn('provider_refund_id', 'text')
      .addColumn('amount', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('target_state', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('membership_reminders_sent')
      .addColumn('sportsman_id', 'text', (col) => col.notNull())
      .addColumn('term_until', 'text', (col) => col.notNull())
      .addColumn('login_id', 'text', (col) => col.notNull())
      .addColumn('claimed_at', 'bigint', (col) => col.notNull())
      .addColumn('sent_at', 'bigint')
      .addPrimaryKeyConstraint('membership_reminders_sent_pk', ['sportsman_id', 'term_until'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of [
      'membership_reminders_sent',
      'order_refunds',
      'order_payments',
      'order_lines',
      'orders',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
