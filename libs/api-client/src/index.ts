export { apiPath } from './lib/api-path';
export { downloadErrorOf, downloadFile, fileNameOf, saveFile, type DownloadedFile } from './lib/downloads';
export { apiStateRehydrated, baseApi } from './lib/base-api';
export {
  callApi,
  refreshSession,
  reportClientError,
  routeRequestsThrough,
  SERVER_RENDER_ORIGIN,
} from './lib/portal-client';
export { GuestReadError, readAsGuest, sendAsGuest, type GuestCallOutcome } from './lib/guest-read';
export type { PagePrefetch, PageRequest, PrefetchDispatch } from './lib/page-data';
export {
  buildAppErrorMessage,
  buildErrorMessage,
  formatLogTimestamp,
  isAbortError,
  isCallFailure,
  type AppErrorSource,
} from './lib/error-report';
export {
  createPortalBaseQuery,
  type PortalBaseQuery,
  type PortalBaseQueryOptions,
  type RefreshOutcome,
} from './lib/portal-base-query';
export {
  connectSession,
  currentSession,
  sessionHeaders,
  type SessionPort,
  type SessionTokens,
} from './lib/session-port';
export { providePublicConfig, publicConfig, resetPublicConfigForTests } from './lib/public-config';
export {
  suggestAddresses,
  suggestCities,
  suggestParties,
  type AddressSuggestOptions,
} from './lib/suggestions';
export { imageUrl, type ImageOptions } from './lib/image-url';
export {
  platformGet,
  platformPost,
  platformRecordGet,
  platformRecordList,
  type PlatformReadScript,
  type PlatformRequest,
  type PlatformWriteScript,
  type ScriptInput,
  type ScriptOutput,
} from './lib/platform';
export { apiErrorOf, isMissingRecord, messageOf, showFieldErrors, UNEXPECTED_ERROR } from './lib/api-errors';
export { MEMBERSHIP_TAG, REQUEST_LIST_TAG, REQUEST_TAG } from './lib/cache-tags';
export {
  afterPaymentLink,
  ORDER_TAG,
  ordersApi,
  paymentPageUrl,
  rememberAfterPayment,
  useCreateOrderMutation,
  useOrderQuery,
  usePayOrderMutation,
  useRefundRequestMutation,
  type AfterPaymentLink,
  type RefundRequestArgs,
} from './lib/orders-api';
export {
  membershipApi,
  useCreateMembershipRequestMutation,
  useMembershipRemindersQuery,
  useMembershipStatusQuery,
  type MembershipStatusArgs,
} from './lib/membership-api';
export {
  NOTICE_SETTINGS_TAG,
  NOTICES_TAG,
  noticesApi,
  UNREAD_POLL_MS,
  useNoticeSettingsQuery,
  useNoticesInfiniteQuery,
  useReadAllNoticesMutation,
  useReadNoticeMutation,
  useSaveNoticeSettingsMutation,
  useUnreadNoticesQuery,
} from './lib/notices-api';
export { queryState, type QueryStanding } from './lib/query-state';
export {
  emptyFileMessage,
  fileTooLargeMessage,
  uploadLimitMb,
  uploadProblem,
  uploadsApi,
  uploadTypes,
  uploadWithProgress,
  UploadNetworkError,
  useUploadFileMutation,
  type UploadAnswer,
} from './lib/uploads';
