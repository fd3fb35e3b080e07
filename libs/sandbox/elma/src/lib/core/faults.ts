import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request } from 'express';
import { z } from 'zod';
import { ElmaError } from './elma-error';

/**
 * The twin's fault switch (sandbox only, behind the twin's token): the next calls of one module script fail
 * the way a platform fails, so that tests can show what the portal does then.
 * - `down`: the connection is closed with no answer, as when the platform cannot be reached (the api: 502);
 * - `slow`: the answer is held `delayMs`; a caller that gave up meanwhile (the api's deadline: 504) gets
 *   nothing and the script never runs, one still waiting is answered as usual;
 * - `error`: a 500 `{success: false, error}` and the script never runs.
 * Nothing is written by a failed call, so a test can check that nothing was. In memory: a restart forgets them.
 */
export const platformFaultKinds = ['down', 'slow', 'error'] as const;
export type PlatformFaultKind = (typeof platformFaultKinds)[number];

export const platformFaultSchema = z
  .object({
    /** A module script's name (`createApplication`, `runBP`, `getPaymentTerms`…). */
    script: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, 'имя скрипта: латинские буквы, цифры, _'),
    kind: z.enum(platformFaultKinds),
    /** How many of the next calls fail. */
    calls: z.number().int().min(1).max(1000).default(1),
    /** `slow` only: how long each answer is held. */
    delayMs: z.number().int().min(0).max(120_000).default(15_000),
  })
  .strict();
export type PlatformFaultInput = z.input<typeof platformFaultSchema>;
export type PlatformFault = z.output<typeof platformFaultSchema>;

/** Thrown to end a call that the fault left without an answer: the exception filter writes nothing. */
export class ElmaNoAnswer extends Error {
  constructor(readonly drop: boolean) {
    super(drop ? 'the platform is down' : 'the caller gave up');
    this.name = 'ElmaNoAnswer';
  }
}

@Injectable()
export class PlatformFaults {
  private faults: PlatformFault[] = [];

  get current(): readonly PlatformFault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** Adds a fault; one already set for the same script is replaced. */
  set(fault: PlatformFault): readonly PlatformFault[] {
    this.faults = [...this.faults.filter((other) => other.script !== fault.script), fault];
    return this.current;
  }

  clear(): readonly PlatformFault[] {
    this.faults = [];
    return this.current;
  }

  /** The fault this call of `script` meets, counted; `undefined` when it runs as usual. */
  take(script: string): PlatformFault | undefined {
    const fault = this.faults.find((candidate) => candidate.script === script);
    if (!fault) return undefined;
    fault.calls -= 1;
    if (fault.calls <= 0) this.faults = this.faults.filter((other) => other !== fault);
    return { ...fault };
  }

  /**
   * Plays the fault this call of `script` meets, if any: throws what ends it without running the script,
   * or returns once a slow answer's caller is still there to be answered.
   */
  async meet(script: string, request: Request): Promise<void> {
    const fault = this.take(script);
    if (!fault) return;
    if (fault.kind === 'down') throw new ElmaNoAnswer(true);
    if (fault.kind === 'error') throw new ElmaError(500, 'internal error');
    await sleep(fault.delayMs);
    if (request.socket.destroyed) throw new ElmaNoAnswer(false);
  }
}
