import { z } from 'zod';
import type { PlatformModuleKey } from './script-modules';
import { applicationScripts } from './scripts/application';
import { functionsScripts } from './scripts/functions';
import { insuranceScripts } from './scripts/insurance';
import { requestsScripts } from './scripts/requests';
import type { ScriptDefinition } from './scripts/script-kit';

export {
  applicationEligibilitySchema,
  eligibilityReasonCodes,
  eligibilityReasonSchema,
  requestViewSchema,
  type ApplicationEligibility,
  type EligibilityReason,
  type RequestView,
} from './scripts/application';
export {
  competitionDocumentSchema,
  eventDetailsSchema,
  eventSorts,
  eventSummarySchema,
  newProgramSchema,
  offerDocumentSchema,
  type CompetitionDocument,
  type EventDetails,
  type EventSummary,
  type NewProgram,
  type OfferDocument,
} from './scripts/functions';
export type { ScriptDefinition } from './scripts/script-kit';

/**
 * Module API methods ("extension scripts") at `/api/extensions/{module-uuid}/script/{name}`, one file per
 * platform module (`scripts/*.ts`); each method is named once, there, and takes its module from its file.
 */

/** A module's methods, each knowing its module. */
type InModule<Module extends PlatformModuleKey, Table> = {
  readonly [Name in keyof Table]: Table[Name] & { readonly module: Module };
};

function inModule<Module extends PlatformModuleKey, Table extends Record<string, ScriptDefinition>>(
  module: Module,
  table: Table,
): InModule<Module, Table> {
  const entries = Object.entries(table).map(([name, script]) => [name, { ...script, module }]);
  return Object.fromEntries(entries) as InModule<Module, Table>;
}

export type PlatformScripts = InModule<'application', typeof applicationScripts> &
  InModule<'requests', typeof requestsScripts> &
  InModule<'functions', typeof functionsScripts> &
  InModule<'insurance', typeof insuranceScripts>;

/** Every module API method the portal uses: its module, HTTP method, input and answer. */
export const platformScripts: PlatformScripts = {
  ...inModule('application', applicationScripts),
  ...inModule('requests', requestsScripts),
  ...inModule('functions', functionsScripts),
  ...inModule('insurance', insuranceScripts),
};
export type PlatformScriptName = keyof PlatformScripts;

/** What a caller sends to a method (defaults may be left out). */
export type PlatformScriptInput<Name extends PlatformScriptName> = z.input<PlatformScripts[Name]['input']>;
/** What a method works with: its input checked, defaults filled in. */
export type PlatformScriptArgs<Name extends PlatformScriptName> = z.output<PlatformScripts[Name]['input']>;
/** What a method answers. */
export type PlatformScriptOutput<Name extends PlatformScriptName> = z.output<PlatformScripts[Name]['output']>;

// ---- until the sandbox twin reads the registry: the names it imports today --------------------------------

export type CancelSalesInput = PlatformScriptArgs<'cancelSales'>;
export type CancelSalesOutput = PlatformScriptOutput<'cancelSales'>;
export type ChangeCompetitionRequestStateInput = PlatformScriptArgs<'changeCompetitionRequestState'>;
export type CreateCompetitionInput = PlatformScriptInput<'createCompetition'>;
export type CreateCompetitionOutput = PlatformScriptOutput<'createCompetition'>;
export type CreateUpdateLegalRepresentativeOutput = PlatformScriptOutput<'createUpdateLegalRepresentative'>;
export type GetAgeClassesOutput = PlatformScriptOutput<'getAgeClasses'>;
export type GetApplicationEligibilityInput = PlatformScriptArgs<'getApplicationEligibility'>;
export type GetCompetitionDocumentsOutput = PlatformScriptOutput<'getCompetitionDocuments'>;
export type GetCompetitionRequestsOutput = PlatformScriptOutput<'getCompetitionRequests'>;
export type GetEventByIdOutput = PlatformScriptOutput<'getEventById'>;
export type GetEventProgramsInput = PlatformScriptArgs<'getEventPrograms'>;
export type GetEventProgramsOutput = PlatformScriptOutput<'getEventPrograms'>;
export type GetEventsOutput = PlatformScriptOutput<'getEvents'>;
export type GetMyRequestListOutput = PlatformScriptOutput<'getMyRequestList'>;
export type GetMySalesOutput = PlatformScriptOutput<'getMySales'>;
export type GetOfferDocumentOutput = PlatformScriptOutput<'getOfferDocument'>;
export type GetOrganizationsOutput = PlatformScriptOutput<'getOrganizations'>;
export type GetSportsmenOutput = PlatformScriptOutput<'getSportsmen'>;
export type GetUsersByElmaUserIdOutput = PlatformScriptOutput<'getUsersByElmaUserId'>;
export type SubmitCompetitionDocumentInput = PlatformScriptArgs<'submitCompetitionDocument'>;
export const cancelSalesOutputSchema = platformScripts.cancelSales.output;
export const changeCompetitionRequestStateOutputSchema = platformScripts.changeCompetitionRequestState.output;
export const createApplicationInputSchema = platformScripts.createApplication.input;
export const createApplicationOutputSchema = platformScripts.createApplication.output;
export const createCompetitionInputSchema = platformScripts.createCompetition.input;
export const createCompetitionOutputSchema = platformScripts.createCompetition.output;
export const createUpdateLegalRepresentativeInputSchema =
  platformScripts.createUpdateLegalRepresentative.input;
export const createUpdateLegalRepresentativeOutputSchema =
  platformScripts.createUpdateLegalRepresentative.output;
export const getAgeClassesOutputSchema = platformScripts.getAgeClasses.output;
export const getApplicationByIdOutputSchema = platformScripts.getApplicationById.output;
export const getApplicationEligibilityOutputSchema = platformScripts.getApplicationEligibility.output;
export const getCompetitionDocumentsOutputSchema = platformScripts.getCompetitionDocuments.output;
export const getCompetitionRequestsInputSchema = platformScripts.getCompetitionRequests.input;
export const getCompetitionRequestsOutputSchema = platformScripts.getCompetitionRequests.output;
export const getEventByIdOutputSchema = platformScripts.getEventById.output;
export const getEventProgramsOutputSchema = platformScripts.getEventPrograms.output;
export const getEventsInputSchema = platformScripts.getEvents.input;
export const getEventsOutputSchema = platformScripts.getEvents.output;
export const getMyRequestListInputSchema = platformScripts.getMyRequestList.input;
export const getMyRequestListOutputSchema = platformScripts.getMyRequestList.output;
export const getMySalesInputSchema = platformScripts.getMySales.input;
export const getMySalesOutputSchema = platformScripts.getMySales.output;
export const getOfferDocumentOutputSchema = platformScripts.getOfferDocument.output;
export const getOrganizationsInputSchema = platformScripts.getOrganizations.input;
export const getOrganizationsOutputSchema = platformScripts.getOrganizations.output;
export const getSportsmenInputSchema = platformScripts.getSportsmen.input;
export const getSportsmenOutputSchema = platformScripts.getSportsmen.output;
export const getUsersByElmaUserIdOutputSchema = platformScripts.getUsersByElmaUserId.output;
export const runBpOutputSchema = platformScripts.runBP.output;
export const submitCompetitionDocumentOutputSchema = platformScripts.submitCompetitionDocument.output;
export const updateApplicationInputSchema = platformScripts.updateApplication.input;
export const updateApplicationOutputSchema = platformScripts.updateApplication.output;

/**
 * The federation's decision on a submitted document. It is taken in the platform's own interface, not
 * through the portal; the sandbox twin offers it at `POST /sandbox/elma/competition-documents/{id}/review`
 * for tests and demos (answer: `{success: true, data: CompetitionDocument}`).
 */
export const competitionDocumentReviewInputSchema = z
  .object({
    state: z.enum(['accepted', 'returned']),
    /** Required when returning: what the organizer must correct. */
    reason: z.string().trim().min(1).max(1000).optional(),
  })
  .strict()
  .refine((input) => input.state !== 'returned' || !!input.reason, {
    path: ['reason'],
    message: 'Укажите, что нужно исправить',
  });
export type CompetitionDocumentReviewInput = z.infer<typeof competitionDocumentReviewInputSchema>;
