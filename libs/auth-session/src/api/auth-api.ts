import { baseApi, platformRecordGet } from '@fed/api-client';
import {
  authPath,
  type AuthEndpoint,
  type AddAccountRequest,
  type AddAccountResponse,
  type AgeClassRecord,
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
  <Body>(endpoint: AuthEndpoint) =>
  (body: Body) => ({ url: authPath(endpoint), method: 'POST', body });

/** The auth server's endpoints (`/api/auth/*`), bodies as `libs/contracts` defines them. */
export const authApi = baseApi.enhanceEndpoints({ addTagTypes: ['LinkedAccounts'] }).injectEndpoints({
  endpoints: (build) => ({
    loginUser: build.mutation<CodeSentResponse, LoginUserRequest>({ query: post('LoginUser') }),
    /**
     * Whether a phone already has a login, for the hint at a registration form's phone step. A query (cached per
     * phone) although it is a POST: asking again about the same number answers from memory.
     */
    phoneStatus: build.query<PhoneStatusResponse, PhoneStatusRequest>({ query: post('PhoneStatus') }),
    loginUserConfirm: build.mutation<TokenResponse, LoginUserConfirmRequest>({
      query: post('LoginUserConfirm'),
    }),
    registerUser: build.mutation<CodeSentResponse, RegisterUserRequest>({ query: post('RegisterUser') }),
    registerOrganization: build.mutation<CodeSentResponse, RegisterOrganizationRequest>({
      query: post('RegisterOrganization'),
    }),
    registerUserConfirm: build.mutation<TokenResponse, RegisterUserConfirmRequest>({
      query: post('RegisterUserConfirm'),
    }),
    changePhone: build.mutation<CodeSentResponse, ChangePhoneRequest>({ query: post('ChangePhone') }),
    changePhoneConfirm: build.mutation<TokenResponse, ChangePhoneConfirmRequest>({
      query: post('ChangePhoneConfirm'),
    }),
    linkedAccounts: build.query<LinkedAccountsResponse, void>({
      query: () => authPath('LinkedAccounts'),
      providesTags: ['LinkedAccounts'],
    }),
    switchAccount: build.mutation<SwitchAccountResponse, SwitchAccountRequest>({
      query: post('SwitchAccount'),
    }),
    addAccount: build.mutation<AddAccountResponse, AddAccountRequest>({
      query: post('AddAccount'),
      invalidatesTags: ['LinkedAccounts'],
    }),
    logout: build.mutation<unknown, LogoutRequest>({ query: post('Logout') }),
    /** The signed-in athlete's or organization's own record on the platform (spec §3 full profile read). */
    contractorRecord: build.query<ElmaItemAnswer<SportsmanRecord>, string>({
      query: (id) => platformRecordGet('sportsman', id),
    }),
    /** An age class record (spec §3), read as the contractor's own record is: the fixed default one (spec §4). */
    ageClassRecord: build.query<ElmaItemAnswer<AgeClassRecord>, string>({
      query: (id) => platformRecordGet('vozrastnye_klassy', id),
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
