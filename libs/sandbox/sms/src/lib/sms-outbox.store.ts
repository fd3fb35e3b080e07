import Database from 'better-sqlite3';
import { join } from 'node:path';
import { preparePrivateDatabase } from '@fed/sandbox-common';

export const SMS_OUTBOX_DATABASE_FILE = 'sms-outbox.sqlite';

/** How a message reached the outbox: the api's outbox adapter, or the SMS.ru-protocol endpoint. */
export type SmsChannel = 'outbox' | 'smsru';

export interface StoredSms {
  id: string;
  /** E.164, `+` and digits. */
  phone: string;
  text: string;
  sender: string | null;
  channel: SmsChannel;
  /** ISO timestamp. */
  createdAt: string;
}

interface SmsRow {
  seq: number;
  phone: string;
  text: string;
  sender: string | null;
  channel: SmsChannel;
  created_at: number;
}

/** SMS.ru-like message id: `000000-` and the sequence number padded to eight digits. */
function messageId(seq: number): string {
  return `000000-${String(seq).padStart(8, '0')}`;
}

function toStored(row: SmsRow): StoredSms {
  return {
    id: messageId(row.seq),
    phone: row.phone,
    text: row.text,
    sender: row.sender,
    channel: row.channel,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The outbox table in SQLite: messages survive restarts of the api over the same file. */
export class SmsOutboxStore {
  private constructor(private readonly db: Database.Database) {}

  static open(dataDir: string): SmsOutboxStore {
    const file = join(dataDir, SMS_OUTBOX_DATABASE_FILE);
    preparePrivateDatabase(file);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS sms_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        phone TEXT NOT NULL,
        text TEXT NOT NULL,
        sender TEXT,
        channel TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS sms_messages_phone ON sms_messages (phone, seq DESC);
    `);
    return new SmsOutboxStore(db);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  insert(message: Omit<StoredSms, 'id' | 'createdAt'>, now: number): StoredSms {
    const result = this.db
      .prepare('INSERT INTO sms_messages (phone, text, sender, channel, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(message.phone, message.text, message.sender, message.channel, now);
    return {
      ...message,
      id: messageId(Number(result.lastInsertRowid)),
      createdAt: new Date(now).toISOString(),
    };
  }

  /** Messages to one number, newest first. */
  listByPhone(phone: string, limit: number): StoredSms[] {
    return this.db
      .prepare<[string, number], SmsRow>(
        'SELECT * FROM sms_messages WHERE phone = ? ORDER BY seq DESC LIMIT ?',
      )
      .all(phone, limit)
      .map(toStored);
  }
}
