import type { z } from 'zod';
import type { PlatformModuleKey } from './script-modules';
import { applicationScripts } from './scripts/application';
import { functionsScripts } from './scripts/functions';
import { insuranceScripts } from './scripts/insurance';
import { profilesScripts } from './scripts/profiles';
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
export {
  membershipReminderKinds,
  membershipReminderSchema,
  membershipRequirementCodes,
  membershipRequirementSchema,
  membershipStatusSchema,
  paymentTermSchema,
  type MembershipReminder,
  type MembershipRequirement,
  type MembershipStatus,
  type PaymentTerm,
} from './scripts/membership';
export {
  eventEntrySchema,
  eventMediaSchema,
  mediaKinds,
  mediaKindSchema,
  mediaRecordSchema,
  mediaTagSchema,
  PHOTO_VIDEO_MAX_ITEMS,
  photoVideoItemSchema,
  photoVideoLockerSchema,
  photoVideoOfferSchema,
  photoVideoPerformanceSchema,
  photoVideoPriceSchema,
  photoVideoSaleSchema,
  type EventEntry,
  type EventMedia,
  type MediaKind,
  type MediaRecord,
  type MediaTag,
  type PhotoVideoItem,
  type PhotoVideoLocker,
  type PhotoVideoOffer,
  type PhotoVideoPerformance,
  type PhotoVideoPrice,
  type PhotoVideoSale,
} from './scripts/photo-video';
export {
  athleteResultSchema,
  organizationCardSchema,
  organizationProfileSchema,
  publicProfileSchema,
  sportsmanCardSchema,
  sportsmanProfileSchema,
  sportsmenSorts,
  type AthleteResult,
  type OrganizationCard,
  type OrganizationProfile,
  type PublicProfile,
  type SportsmanCard,
  type SportsmanProfile,
  type SportsmenSort,
} from './scripts/profiles';
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
  InModule<'functions', typeof profilesScripts> &
  InModule<'insurance', typeof insuranceScripts>;

/** Every module API method the portal uses: its module, HTTP method, input and answer. */
export const platformScripts: PlatformScripts = {
  ...inModule('application', applicationScripts),
  ...inModule('requests', requestsScripts),
  ...inModule('functions', functionsScripts),
  ...inModule('functions', profilesScripts),
  ...inModule('insurance', insuranceScripts),
};
export type PlatformScriptName = keyof PlatformScripts;

/** Methods only the api calls with its own token (`serverOnly`): never in the proxy's allowlist. */
export type ServerOnlyScriptName = {
  [Name in PlatformScriptName]: PlatformScripts[Name] extends { serverOnly: true } ? Name : never;
}[PlatformScriptName];
/** Methods a browser may reach through the proxy (each under its policy row). */
export type BrowserScriptName = Exclude<PlatformScriptName, ServerOnlyScriptName>;

export function isServerOnlyScript(name: PlatformScriptName): name is ServerOnlyScriptName {
  return (platformScripts[name] as ScriptDefinition).serverOnly === true;
}

/** What a caller sends to a method (defaults may be left out). */
export type PlatformScriptInput<Name extends PlatformScriptName> = z.input<PlatformScripts[Name]['input']>;
/** What a method works with: its input checked, defaults filled in. */
export type PlatformScriptArgs<Name extends PlatformScriptName> = z.output<PlatformScripts[Name]['input']>;
/** What a method answers. */
export type PlatformScriptOutput<Name extends PlatformScriptName> = z.output<PlatformScripts[Name]['output']>;
