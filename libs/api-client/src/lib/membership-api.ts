import type { MembershipStatus, RequestView } from '@fed/contracts';
import { baseApi } from './base-api';
import { MEMBERSHIP_TAG, REQUEST_LIST_TAG } from './cache-tags';
import { platformGet, platformPost, type ScriptInput, type ScriptOutput } from './platform';

/** Whose membership, and with which event in view (the apply form's, to pay the entry fee with it). */
export interface MembershipStatusArgs {
  sportsmanId: string;
  competitionId?: string;
}

/**
 * The federation's membership, as two features read it: the membership page (`membership`) and the apply form,
 * which offers the missing membership with the entry fee in one order (`competitions`). Each athlete's own,
 * through the proxy.
 */
export const membershipApi = baseApi
  .enhanceEndpoints({ addTagTypes: [MEMBERSHIP_TAG, REQUEST_LIST_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      /**
       * The term, the rule and fee of the platform's settings, the requirements, an open request, the seasons a
       * request may be for; asked with an event (`competitionId`), also whether the membership bought now would
       * last until it starts. Cached per athlete and event.
       */
      membershipStatus: build.query<MembershipStatus, MembershipStatusArgs>({
        query: ({ sportsmanId, competitionId }) =>
          platformGet(
            'getMembershipStatus',
            competitionId ? { sportsmanId, competitionId } : { sportsmanId },
          ),
        transformResponse: (answer: ScriptOutput<'getMembershipStatus'>) => answer.data,
        // Every event's answer is the athlete's membership: a payment or a new request changes them all.
        providesTags: (_status, _error, { sportsmanId }) => [{ type: MEMBERSHIP_TAG, id: sportsmanId }],
      }),
      /** Warnings about the term's end, most urgent first. */
      membershipReminders: build.query<ScriptOutput<'getMembershipReminders'>['result'], string>({
        query: (sportsmanId) => platformGet('getMembershipReminders', { sportsmanId }),
        transformResponse: (answer: ScriptOutput<'getMembershipReminders'>) => answer.result,
        providesTags: (_reminders, _error, sportsmanId) => [{ type: MEMBERSHIP_TAG, id: sportsmanId }],
      }),
      /** The membership request to pay: a new one, or the athlete's open one for that season. */
      createMembershipRequest: build.mutation<RequestView, ScriptInput<'createMembershipRequest'>>({
        query: (input) => platformPost('createMembershipRequest', input),
        transformResponse: (answer: ScriptOutput<'createMembershipRequest'>) => answer.data,
        invalidatesTags: (_request, _error, { sportsmanId }) => [
          { type: MEMBERSHIP_TAG, id: sportsmanId },
          REQUEST_LIST_TAG,
        ],
      }),
    }),
  });

export const { useMembershipStatusQuery, useMembershipRemindersQuery, useCreateMembershipRequestMutation } =
  membershipApi;
