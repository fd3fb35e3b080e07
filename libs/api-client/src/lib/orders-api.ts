import {
  ordersPaths,
  type CreateOrderBody,
  type Order,
  type PayOrderAnswer,
  type RefundRequestAnswer,
  type RefundRequestBody,
} from '@fed/contracts';
import { apiPath } from './api-path';
import { baseApi } from './base-api';
import { MEMBERSHIP_TAG, REQUEST_LIST_TAG, REQUEST_TAG } from './cache-tags';

/** An order read by its id (`GET /api/orders/{id}`): the pages that pay refetch it by this tag. */
export const ORDER_TAG = 'Order' as const;

export interface RefundRequestArgs {
  requestId: string;
  body?: RefundRequestBody;
}

/**
 * The orders API (`/api/orders`, docs/payments.md): one client for every page that pays — an application's
 * entry fee, a membership, both in one order, later photos — and for the order page itself. Amounts are whole
 * kopecks, decided by the api from the platform; the browser only names the requests.
 */
export const ordersApi = baseApi
  .enhanceEndpoints({ addTagTypes: [ORDER_TAG, REQUEST_TAG, REQUEST_LIST_TAG, MEMBERSHIP_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The order as the provider says it is now (the return page reads it: paid, declined, still waiting). */
      order: build.query<Order, string>({
        query: (orderId) => apiPath(ordersPaths.order(orderId)),
        providesTags: (_order, _error, orderId) => [{ type: ORDER_TAG, id: orderId }],
        // Once the provider says paid (or refunded), what the order paid for reads differently: the requests'
        // payment status, an athlete's membership term. Pages still open on them refetch.
        async onQueryStarted(_orderId, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data || data.status === 'new' || data.status === 'pending' || data.status === 'canceled')
            return;
          dispatch(
            ordersApi.util.invalidateTags([
              REQUEST_LIST_TAG,
              ...data.lines.map((line) => ({ type: REQUEST_TAG, id: line.requestId }) as const),
              ...data.lines
                .filter((line) => line.kind === 'membership')
                .map((line) => ({ type: MEMBERSHIP_TAG, id: line.sportsmanId }) as const),
            ]),
          );
        },
      }),
      /** A new order of these requests, or the caller's open order of exactly them (the same answer twice). */
      createOrder: build.mutation<Order, CreateOrderBody>({
        query: (body) => ({ url: apiPath(ordersPaths.orders), method: 'POST', body }),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(ordersApi.util.upsertQueryData('order', data.id, data));
        },
      }),
      /**
       * Where to send the payer: the provider's page. A second press while the payment is open answers the same
       * payment; after a decline or an expiry a new one.
       */
      payOrder: build.mutation<PayOrderAnswer, string>({
        query: (orderId) => ({ url: apiPath(ordersPaths.pay(orderId)), method: 'POST', body: {} }),
        async onQueryStarted(orderId, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(ordersApi.util.upsertQueryData('order', orderId, data.order));
          // A refusal (paid meanwhile, no longer payable) means the page's order is stale.
          else dispatch(ordersApi.util.invalidateTags([{ type: ORDER_TAG, id: orderId }]));
        },
      }),
      /**
       * A paid application withdrawn before its deadline (or rejected by its organizer, with a reason): its fee
       * refunded, then the request moved. The request lists refetch whatever came of it.
       */
      refundRequest: build.mutation<RefundRequestAnswer, RefundRequestArgs>({
        query: ({ requestId, body = {} }) => ({
          url: apiPath(ordersPaths.refundRequest(requestId)),
          method: 'POST',
          body,
        }),
        invalidatesTags: (answer, _error, { requestId }) => [
          REQUEST_LIST_TAG,
          { type: REQUEST_TAG, id: requestId },
          ...(answer?.order ? [{ type: ORDER_TAG, id: answer.order.id } as const] : []),
        ],
      }),
    }),
  });

export const { useOrderQuery, useCreateOrderMutation, usePayOrderMutation, useRefundRequestMutation } =
  ordersApi;

/**
 * Where the browser may be sent to pay: the provider's page as the api answered it, an `https:`/`http:` URL or a
 * path on this site (the sandbox twin's). Anything else (`javascript:`, protocol-relative) is refused.
 */
export function paymentPageUrl(confirmationUrl: string, origin: string): string | null {
  if (confirmationUrl.startsWith('/') && !confirmationUrl.startsWith('//')) {
    return new URL(confirmationUrl, origin).href;
  }
  try {
    const url = new URL(confirmationUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Where a page that made an order wants the payer to go once it is paid (the order page shows the link). */
export interface AfterPaymentLink {
  /** A path of this site. */
  to: string;
  text: string;
}

const afterPaymentKey = (orderId: string) => `fed.afterPayment.${orderId}`;

function isSitePath(to: unknown): to is string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');
}

/**
 * Remembers, for this tab, where the payer goes after paying an order: the provider sends the browser back to
 * the order page alone (`/order/{id}`), and the page that made the order knows what comes next (the event the
 * athlete was applying to). A storage that refuses (private mode) leaves only the order's own links.
 */
export function rememberAfterPayment(orderId: string, link: AfterPaymentLink): void {
  try {
    globalThis.sessionStorage?.setItem(afterPaymentKey(orderId), JSON.stringify(link));
  } catch {
    // Without storage the order page offers its own links back.
  }
}

/** The link remembered for an order in this tab, if a page left one (a path of this site only). */
export function afterPaymentLink(orderId: string): AfterPaymentLink | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(afterPaymentKey(orderId));
    if (!raw) return null;
    const link = JSON.parse(raw) as Partial<AfterPaymentLink>;
    return isSitePath(link.to) && typeof link.text === 'string' && link.text.trim()
      ? { to: link.to, text: link.text }
      : null;
  } catch {
    return null;
  }
}
