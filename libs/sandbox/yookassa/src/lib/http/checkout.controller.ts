import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { YookassaTwinService } from '../yookassa-twin.service';
import { cardFormPage, notFoundPage, outcomePage, readCard, type CardFields } from './checkout-page';

/**
 * The payer's side of the twin at `confirmation_url`: a card form for a pending payment, the outcome of
 * any other. Its address (the payment's random id) is all it needs, as YooKassa's own page.
 */
@Controller('sandbox/yookassa/checkout')
export class CheckoutController {
  constructor(private readonly twin: YookassaTwinService) {}

  @Get(':id')
  show(@Param('id') id: string, @Res() response: Response): void {
    const payment = this.twin.paymentForPayer(id);
    if (!payment) return send(response, 404, notFoundPage());
    send(response, 200, payment.status === 'pending' ? cardFormPage(payment) : outcomePage(payment, false));
  }

  @Post(':id')
  pay(@Param('id') id: string, @Body() fields: CardFields | undefined, @Res() response: Response): void {
    const payment = this.twin.paymentForPayer(id);
    if (!payment) return send(response, 404, notFoundPage());
    if (payment.status !== 'pending') return send(response, 200, outcomePage(payment, false));
    const read = readCard(fields ?? {}, this.twin.now());
    if ('errors' in read) return send(response, 400, cardFormPage(payment, read));
    const answered = this.twin.confirmWithCard(id, read.card) ?? payment;
    send(response, 200, outcomePage(answered, true));
  }
}

function send(response: Response, status: number, html: string): void {
  response.status(status).setHeader('Cache-Control', 'no-store').type('html').send(html);
}
