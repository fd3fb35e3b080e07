import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { YookassaError } from '../yookassa-error';
import { YookassaNotifier } from '../yookassa-notifier';
import { parseBody } from '../yookassa-requests';
import { switchesChangeSchema } from '../yookassa-switches';
import { YookassaTwinService } from '../yookassa-twin.service';

const expireSchema = z.object({ paymentId: z.string().min(1).max(64) }).strict();

/**
 * The twin's test switches (sandbox only, with a shop's Basic credentials like the API): make the API slow or
 * fail, deliver notifications twice or hold them and release them out of order. `docs/sandbox.md` lists them.
 */
@Controller('sandbox/yookassa/control')
export class ControlController {
  constructor(
    private readonly twin: YookassaTwinService,
    private readonly notifier: YookassaNotifier,
  ) {}

  @Get()
  read(@Req() request: Request, @Res() response: Response): void {
    this.guarded(request, response, () => this.state());
  }

  @Post()
  change(@Req() request: Request, @Res() response: Response): void {
    this.guarded(request, response, () => {
      const change = parseBody(switchesChangeSchema, request.body);
      const wasHolding = this.twin.switches.current.holdNotifications;
      this.twin.switches.change(change);
      if (wasHolding && change.holdNotifications === false) this.release();
      return this.state();
    });
  }

  @Delete()
  reset(@Req() request: Request, @Res() response: Response): void {
    this.guarded(request, response, () => {
      this.twin.switches.reset();
      this.release();
      return this.state();
    });
  }

  /** Delivers the held notifications, newest first. */
  @Post('release')
  releaseHeld(@Req() request: Request, @Res() response: Response): void {
    this.guarded(request, response, () => ({ released: this.release(), ...this.state() }));
  }

  /** Lets a payment's time run out now (`{paymentId}`): pending → `expired_on_confirmation`, as if the payer left. */
  @Post('expire')
  expire(@Req() request: Request, @Res() response: Response): void {
    this.guarded(request, response, () => {
      const shopId = this.twin.authenticate(request.headers.authorization);
      const { paymentId } = parseBody(expireSchema, request.body);
      const payment = this.twin.expireNow(shopId, paymentId);
      return { payment: this.twin.render(payment), ...this.state() };
    });
  }

  private release(): number {
    const released = this.twin.store.releaseHeldNotifications(this.twin.now());
    this.notifier.kick();
    return released;
  }

  private state() {
    return { switches: this.twin.switches.current, notifications: this.twin.store.notificationCounts() };
  }

  private guarded(request: Request, response: Response, work: () => unknown): void {
    try {
      this.twin.authenticate(request.headers.authorization);
      response.status(200).json(work());
    } catch (error) {
      if (!(error instanceof YookassaError)) throw error;
      response.status(error.status).json(error.body());
    }
  }
}
