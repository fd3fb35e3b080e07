import Database from 'better-sqlite3';
import { join } from 'node:path';
import { preparePrivateDatabase } from '@fed/sandbox-common';

export const MAILBOX_DATABASE_FILE = 'mailbox.sqlite';

/** A message as the SMTP server received it and mailparser read it. */
export interface StoredMail {
  id: number;
  /** The `Message-ID` header, as sent. */
  messageId: string | null;
  /** The envelope's sender and recipients (`MAIL FROM`, `RCPT TO`), lower-cased. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The headers a test reads: `List-Unsubscribe`, `List-Unsubscribe-Post`, `Content-Type`… lower-cased names. */
  headers: Record<string, string>;
  /** ISO timestamp. */
  createdAt: string;
}

interface MailRow {
  seq: number;
  message_id: string | null;
  envelope_from: string;
  envelope_to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: string;
  created_at: number;
}

function toStored(row: MailRow): StoredMail {
  return {
    id: row.seq,
    messageId: row.message_id,
    from: row.envelope_from,
    to: JSON.parse(row.envelope_to) as string[],
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: JSON.parse(row.headers) as Record<string, string>,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The mailbox in SQLite: messages survive restarts over the same file; one row per recipient lookup. */
export class MailboxStore {
  private constructor(private readonly db: Database.Database) {}

  static open(dataDir: string): MailboxStore {
    const file = join(dataDir, MAILBOX_DATABASE_FILE);
    preparePrivateDatabase(file);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS mail_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id TEXT,
        envelope_from TEXT NOT NULL,
        envelope_to TEXT NOT NULL,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        html TEXT,
        headers TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS mail_recipients (
        address TEXT NOT NULL,
        seq INTEGER NOT NULL REFERENCES mail_messages (seq),
        PRIMARY KEY (address, seq)
      );
    `);
    return new MailboxStore(db);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  insert(mail: Omit<StoredMail, 'id' | 'createdAt'>, now: number): StoredMail {
    const store = this.db.transaction(() => {
      const result = this.db
        .prepare(
          `INSERT INTO mail_messages (message_id, envelope_from, envelope_to, subject, text, html, headers, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          mail.messageId,
          mail.from,
          JSON.stringify(mail.to),
          mail.subject,
          mail.text,
          mail.html,
          JSON.stringify(mail.headers),
          now,
        );
      const seq = Number(result.lastInsertRowid);
      const add = this.db.prepare('INSERT OR IGNORE INTO mail_recipients (address, seq) VALUES (?, ?)');
      for (const address of mail.to) add.run(address, seq);
      return seq;
    });
    return { ...mail, id: store(), createdAt: new Date(now).toISOString() };
  }

  /** Messages to one address, newest first. */
  listTo(address: string, limit: number): StoredMail[] {
    return this.db
      .prepare<[string, number], MailRow>(
        `SELECT m.* FROM mail_recipients r JOIN mail_messages m ON m.seq = r.seq
         WHERE r.address = ? ORDER BY m.seq DESC LIMIT ?`,
      )
      .all(address, limit)
      .map(toStored);
  }
}
