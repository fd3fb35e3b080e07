/**
 * The order page (`/order/{id}`), loaded as its own chunk: what a login pays for, in one payment — entry fees,
 * memberships, later photos. The orders client itself is shared, in `@fed/api-client`.
 */
export const loadOrderPage = () => import('./pages/order-page').then((m) => m.OrderPage);
export type { OrderPageProps } from './pages/order-page';
