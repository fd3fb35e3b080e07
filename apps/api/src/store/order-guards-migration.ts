import type { Kysely, Migration } from 'kysely';

// A migration takes a schema-less database: it must not depend on the current table types.
type AnyDb = Kysely<unknown>;

/**
 * What makes money exact under any interleaving (`orders-tables.ts`): a version on every order for
 * compare-and-set, the lines and amount an attempt froze when it opened, payments given back whole, a guard row
 * per request that serialises every transaction touching it, the short leases of a request being changed on the
 * platform, and the leases of jobs that must run once across instances.
 */
export const orderGuardsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('orders')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // Frozen when the attempt opens; older attempts keep NULL and are read against their stored request.
    await db.schema.alterTable('order_payments').addColumn('amount', 'bigint').execute();
    await db.schema.alterTable('order_payments').addColumn('lines', 'text').execute();
    await db.schema.alterTable('order_payments').addColumn('captured_amount', 'bigint').execute();

    await db.schema
      .createTable('payment_returns')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      // One return per attempt: a repeated notification or a second runner finds the first.
      .addColumn('attempt_id', 'text', (col) => col.notNull().unique())
      .addColumn('provider_payment_id', 'text', (col) => col.notNull())
      .addColumn('idempotence_key', 'text', (col) => col.notNull().unique())
      .addColumn('request', 'text', (col) => col.notNull())
      .addColumn('provider_refund_id', 'text')
      .addColumn('amount', 'bigint', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('payment_returns_status').on('payment_returns').column('status').execute();

    await db.schema
      .createTable('request_guards')
      .addColumn('request_id', 'text', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('edits', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('edit_lease_until', 'bigint')
      .execute();

    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('until', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['job_leases', 'request_guards', 'payment_returns']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('order_payments').dropColumn('captured_amount').execute();
    await db.schema.alterTable('order_payments').dropColumn('lines').execute();
    await db.schema.alterTable('order_payments').dropColumn('amount').execute();
    await db.schema.alterTable('orders').dropColumn('version').execute();
  },
};
