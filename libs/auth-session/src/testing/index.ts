/**
 * The portal test kit (`@fed/auth-session/testing`, ADR 0013): for specs only, never for production code.
 * One way to render a portal page, one msw handler per platform script and record read, one fake token.
 */
export { fakeAccessToken, signedInAs, tokenExp } from './fake-token';
export {
  apiError,
  clientLog,
  platformRecordList,
  platformRecords,
  platformScript,
  type RecordingHandler,
  type ScriptAnswer,
} from './platform-handlers';
export { membershipStatusFixture, seasonTermUntil } from './membership-fixtures';
export {
  orderFixture,
  orderLineFixture,
  ordersApiHandlers,
  type OrdersApiFake,
  type OrdersApiOptions,
} from './orders-handlers';
export { setupPortalServer } from './portal-server';
export {
  createTestStore,
  renderPortal,
  testClock,
  type RenderPortalOptions,
  type TestStore,
} from './render-portal';
