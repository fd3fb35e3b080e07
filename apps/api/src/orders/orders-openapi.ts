import {
  apiErrorSchema,
  createOrderBodySchema,
  orderLimits,
  orderSchema,
  ordersListSchema,
  payOrderAnswerSchema,
  refundRequestAnswerSchema,
  refundRequestBodySchema,
} from '@fed/contracts';
import { z } from 'zod';

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, target: 'openapi-3.0' }) },
});
const error = (description: string) => ({ description, content: json(apiErrorSchema) });
const signedIn = { security: [{ bearer: [] }], tags: ['orders'] };
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const common = {
  401: error('`unauthorized`: a guest (or `token_invalid`: a bad token).'),
  502: error('`bad_gateway`: the platform or the payment provider failed.'),
  504: error('`gateway_timeout`: no answer in time (press again: the same key, never a second payment).'),
};

/**
 * OpenAPI `paths` of `/api/orders`, described from the contracts' zod schemas (Nest's decorators cannot see
 * them). The contract itself: `libs/contracts/src/lib/orders.ts`; the rules: docs/payments.md «Orders».
 */
export function ordersOpenApiPaths(): Record<string, Record<string, unknown>> {
  return {
    '/api/orders': {
      get: {
        ...signedIn,
        summary: 'The caller’s orders, newest first (at most 50)',
        responses: { 200: { description: 'Orders', content: json(ordersListSchema) }, 401: common[401] },
      },
      post: {
        ...signedIn,
        summary: 'An order for requests of the caller’s athletes (amounts from the platform)',
        description:
          `At most ${orderLimits.maxLines} requests; ${orderLimits.ordersPerLoginPerHour} orders per login an hour. ` +
          'The same requests already in the caller’s open order answer that order (200).',
        requestBody: { required: true, content: json(createOrderBodySchema, 'input') },
        responses: {
          201: { description: 'Created', content: json(orderSchema) },
          200: { description: 'The open order of the same requests', content: json(orderSchema) },
          400: error('`validation_failed`, or `not_payable` with the platform’s reason in Russian.'),
          404: error('`not_found`: a request that is not of the caller’s athletes.'),
          409: error('`order_in_progress`: a request is in another order whose payment is under way.'),
          429: error('`too_many_requests`; `Retry-After` in seconds.'),
          ...common,
        },
      },
    },
    '/api/orders/{orderId}': {
      get: {
        ...signedIn,
        summary: 'One order, read from the provider while a payment is under way (the return page)',
        parameters: [path('orderId')],
        responses: {
          200: { description: 'The order', content: json(orderSchema) },
          404: error('`order_not_found`: no such order for this login (the organizer’s and others’ alike).'),
          ...common,
        },
      },
    },
    '/api/orders/{orderId}/pay': {
      post: {
        ...signedIn,
        summary: 'Where to pay: the same open payment, or a new one after a decline or an expiry',
        parameters: [path('orderId')],
        responses: {
          200: { description: 'Send the browser to `confirmationUrl`', content: json(payOrderAnswerSchema) },
          400: error('`not_payable`: a line can no longer be paid (the deadline passed…).'),
          404: error('`order_not_found`.'),
          409: error('`order_not_open`: paid, canceled or refunded.'),
          429: error(
            `\`too_many_requests\`: more than ${orderLimits.paymentsPerOrderPerHour} payments an hour.`,
          ),
          ...common,
        },
      },
    },
    '/api/orders/requests/{requestId}/refund': {
      post: {
        ...signedIn,
        summary: 'Withdraw (athlete, before the deadline) or reject (organizer) a paid application, refunded',
        parameters: [path('requestId')],
        requestBody: { required: false, content: json(refundRequestBodySchema, 'input') },
        responses: {
          200: {
            description: 'Refunded; `order` is null for the organizer',
            content: json(refundRequestAnswerSchema),
          },
          400: error(
            '`not_refundable` (the deadline passed, a state that cannot be left) or `validation_failed`.',
          ),
          404: error('`order_not_found`: no paid order of the request, or not a party to it.'),
          ...common,
        },
      },
    },
  };
}
