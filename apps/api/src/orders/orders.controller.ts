import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  createOrderBodySchema,
  elmaIdInputSchema,
  refundRequestBodySchema,
  type CreateOrderBody,
  type Order,
  type OrdersList,
  type PayOrderAnswer,
  type RefundRequestAnswer,
} from '@fed/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Authenticate, Caller, type Caller as SignedInCaller } from '../common/caller';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { OrdersService } from './orders.service';

/** An order id is the api's own uuid; anything else cannot be an order (404 like another login's). */
const orderIdSchema = z.string().max(64);
const requestIdPipe = new ZodBodyPipe(elmaIdInputSchema);

/** The origin the browser called the api at (under `TRUST_PROXY`): the provider sends the payer back there. */
function originOf(request: Request): string {
  return `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}

/**
 * `/api/orders` (contract: `ordersPaths` of `@fed/contracts`): the caller's orders, paying them, and
 * refunding a paid application. Every route needs a signed-in caller; an order is the payer login's alone.
 */
@Controller('api/orders')
@Authenticate('required')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  list(@Caller() caller: SignedInCaller): Promise<OrdersList> {
    return this.orders.list(caller);
  }

  @Post()
  async create(
    @Caller() caller: SignedInCaller,
    @Body(new ZodBodyPipe(createOrderBodySchema)) body: CreateOrderBody,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Order> {
    const { order, created } = await this.orders.create(caller, body);
    response.status(created ? 201 : 200);
    return order;
  }

  @Get(':orderId')
  get(
    @Caller() caller: SignedInCaller,
    @Param('orderId', new ZodBodyPipe(orderIdSchema)) orderId: string,
  ): Promise<Order> {
    return this.orders.get(caller, orderId);
  }

  @Post(':orderId/pay')
  @HttpCode(200)
  pay(
    @Caller() caller: SignedInCaller,
    @Param('orderId', new ZodBodyPipe(orderIdSchema)) orderId: string,
    @Req() request: Request,
  ): Promise<PayOrderAnswer> {
    return this.orders.pay(caller, orderId, originOf(request));
  }

  @Post('requests/:requestId/refund')
  @HttpCode(200)
  async refund(
    @Caller() caller: SignedInCaller,
    @Param('requestId', requestIdPipe) requestId: string,
    @Body(new ZodBodyPipe(refundRequestBodySchema)) body: z.output<typeof refundRequestBodySchema>,
  ): Promise<RefundRequestAnswer> {
    return { order: await this.orders.refundRequest(caller, requestId, body) };
  }
}
