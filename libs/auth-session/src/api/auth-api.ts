import { apiPath, baseApi, platformRecordGet } from '@fed/api-client';
import {
  authPaths,
  type AddAccountRequest,
  type AddAccountResponse,
  type ChangePhoneConfirmRequest,
  type ChangePhoneRequest,
  type CodeSentResponse,
  type ElmaItemAnswer,
  type LinkedAccountsResponse,
  type LoginUserConfirmRequest,
  type LoginUserRequest,
  type LogoutRequest,
  type PhoneStatusRequest,
  type PhoneStatusResponse,
  type RegisterOrganizationRequest,
  type RegisterUserConfirmRequest,
  type RegisterUserRequest,
  type SwitchAccountRequest,
  type SportsmanRecord,
  type SwitchAccountResponse,
  type TokenResponse,
} from '@fed/contracts';

const post =
  <Body>(path: string) =>
  (body: Body) => ({ url: apiPath(path), method: 'POST', body });

/** The auth server's endpoints (`/api/auth/*`), bodies as `libs/contracts` defines them. */
export const authApi = baseApi.enhanceEndpoints({ addTagTypes: ['LinkedAccounts'] }).injectEndpoints({
  endpoints: (build) => ({
    loginUser: build.mutation<CodeSentResponse, LoginUserRequest>({ query: post(authPaths.loginUser) }),
    /**
     * Whether a phone already has a login, for the hint at a registration form's phone step. A query (cached per
     * phone) although it is a POST: asking again about the same number answers from memory.
     */
    phoneStatus: build.query<PhoneStatusResponse, PhoneStatusRequest>({ query: post(authPaths.phoneStatus) }),
    loginUserConfirm: build.mutation<TokenResponse, LoginUserConfirmRequest>({
      query: post(authPaths.loginUserConfirm),
    }),
    registerUser: build.mutation<CodeSentResponse, RegisterUserRequest>({
      query: post(authPaths.registerUser),
    }),
    registerOrganization: build.mutation<CodeSentResponse, RegisterOrganizationRequest>({
      query: post(authPaths.registerOrganization),
    }),
    registerUserConfirm: build.mutation<TokenResponse, RegisterUserConfirmRequest>({
      query: post(authPaths.registerUserConfirm),
    }),
    changePhone: build.mutation<CodeSentResponse, ChangePhoneRequest>({ query: post(authPaths.changePhone) }),
    changePhoneConfirm: build.mutation<TokenResponse, ChangePhoneConfirmRequest>({
      query: post(authPaths.changePhoneConfirm),
    }),
    linkedAccounts: build.query<LinkedAccountsResponse, void>({
      query: () => apiPath(authPaths.linkedAccounts),
      providesTags: ['LinkedAccounts'],
    }),
    switchAccount: build.mutation<SwitchAccountResponse, SwitchAccountRequest>({
      query: post(authPaths.switchAccount),
    }),
    addAccount: build.mutation<AddAccountResponse, AddAccountRequest>({
      query: post(authPaths.addAccount),
      invalidatesTags: ['LinkedAccounts'],
    }),
    logout: build.mutation<unknown, LogoutRequest>({ query: post(authPaths.logout) }),
    /** The signed-in athlete's or organization's own record on the platform (spec §3 full profile read). */
    contractorRecord: build.query<ElmaItemAnswer<SportsmanRecord>, string>({
      query: (id) => platformRecordGet('sportsman', id),
    }),
  }),
});

export const {
  useLoginUserMutation,
  useLoginUserConfirmMutation,
  usePhoneStatusQuery,
  useRegisterUserMutation,
  useRegisterOrganizationMutation,
  useRegisterUserConfirmMutation,
  useChangePhoneMutation,
  useChangePhoneConfirmMutation,
  useLinkedAccountsQuery,
  useSwitchAccountMutation,
  useAddAccountMutation,
  useLogoutMutation,
} = authApi;
