import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { systemClock, type Clock } from '@fed/calendar';
import { SMS_OUTBOX_OPTIONS, type SmsOutboxOptions } from './sms-outbox.options';
import { SmsOutboxStore, type SmsChannel, type StoredSms } from './sms-outbox.store';

export interface OutboxMessage {
  /** E.164 (`+79001234567`); other spellings of the same digits are accepted and normalized. */
  phone: string;
  text: string;
  sender?: string | null;
  channel: SmsChannel;
}

/** A stored message as the outbox endpoints show it, with the confirmation code picked out for demos and e2e. */
export interface OutboxEntry extends StoredSms {
  code: string | null;
}

export const DEFAULT_OUTBOX_LIST_LIMIT = 50;
export const MAX_OUTBOX_LIST_LIMIT = 500;

/** `+7 (900) 123-45-67` → `+79001234567`; null when it is not a phone number at all. */
export function normalizePhone(phone: string): string | null {
  const digits = phone.replace(/[\s()+-]/g, '');
  return /^\d{10,15}$/.test(digits) ? `+${digits}` : null;
}

/** `+79001234567` → `+7*******67`: enough to tell messages apart in a log, not enough to call. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return '***';
  return `+${digits.slice(0, 1)}${'*'.repeat(digits.length - 3)}${digits.slice(-2)}`;
}

function withCode(message: StoredSms): OutboxEntry {
  return { ...message, code: /\b(\d{4,8})\b/.exec(message.text)?.[1] ?? null };
}

/** Thrown by `add` while the fault switch has the gateway down: nothing is stored. */
export class SmsGatewayDownError extends Error {
  constructor() {
    super('the SMS gateway is down (the sandbox fault switch)');
    this.name = 'SmsGatewayDownError';
  }
}

/** The sandbox SMS outbox: keeps every message in SQLite; never logs a text or a full number. */
@Injectable()
export class SmsOutboxService implements OnModuleDestroy {
  private readonly logger = new Logger('SmsOutbox');
  private readonly store: SmsOutboxStore;
  /** The fault switch: how many of the next messages the gateway refuses (in memory). */
  private failing = 0;

  private readonly clock: Clock;

  constructor(@Inject(SMS_OUTBOX_OPTIONS) options: SmsOutboxOptions) {
    this.store = SmsOutboxStore.open(options.dataDir);
    this.clock = options.clock ?? systemClock;
  }

  onModuleDestroy(): void {
    this.store.close();
  }

  /** The gateway is down for the next `calls` messages (0: up again). */
  failNext(calls: number): number {
    this.failing = Math.max(0, Math.trunc(calls));
    return this.failing;
  }

  get failuresLeft(): number {
    return this.failing;
  }

  add(message: OutboxMessage, now = this.clock.now()): StoredSms {
    if (this.failing > 0) {
      this.failing -= 1;
      throw new SmsGatewayDownError();
    }
    const phone = normalizePhone(message.phone);
    if (!phone) throw new Error('The outbox takes phone numbers of 10 to 15 digits');
    const stored = this.store.insert(
      { phone, text: message.text, sender: message.sender ?? null, channel: message.channel },
      now,
    );
    this.logger.debug(`SMS ${stored.id} to ${maskPhone(phone)} stored (${message.channel})`);
    return stored;
  }

  /** Messages to a number, newest first; an unreadable number has none. */
  list(phone: string, limit = DEFAULT_OUTBOX_LIST_LIMIT): OutboxEntry[] {
    const normalized = normalizePhone(phone);
    if (!normalized) return [];
    const bounded = Math.min(
      Math.max(Math.trunc(limit) || DEFAULT_OUTBOX_LIST_LIMIT, 1),
      MAX_OUTBOX_LIST_LIMIT,
    );
    return this.store.listByPhone(normalized, bounded).map(withCode);
  }

  latest(phone: string): OutboxEntry | null {
    return this.list(phone, 1)[0] ?? null;
  }
}
