import type { PlatformScriptName, PlatformScripts } from './scripts';

/**
 * Which platform module serves each module API method (script). Kept apart from the schemas in
 * `scripts/*.ts` so the portal can build proxy URLs without shipping every schema; the compiler holds it to
 * the registry (every method, each in the module whose file defines it, nothing else).
 */
export const platformScriptModules = {
  getApplicationById: 'application',
  createApplication: 'application',
  updateApplication: 'application',
  getApplicationEligibility: 'application',
  changeCompetitionRequestState: 'requests',
  cancelSales: 'requests',
  getMyRequestList: 'requests',
  getCompetitionRequests: 'requests',
  getMySales: 'requests',
  getMembershipStatus: 'requests',
  createMembershipRequest: 'requests',
  getMembershipReminders: 'requests',
  getPaymentTerms: 'requests',
  markRequestsPaid: 'requests',
  refundRequest: 'requests',
  getDueMembershipReminders: 'requests',
  getPhotoVideoOffer: 'requests',
  createPhotoVideoSales: 'requests',
  getPhotoVideoSale: 'requests',
  updatePhotoVideoSale: 'requests',
  addPhotoVideoMedia: 'requests',
  getPhotoVideoMedia: 'requests',
  getEventMedia: 'requests',
  tagPhotoVideoMedia: 'requests',
  deletePhotoVideoMedia: 'requests',
  getPhotoVideoLocker: 'requests',
  runBP: 'functions',
  getRecordFields: 'functions',
  getUsersByElmaUserId: 'functions',
  getEvents: 'functions',
  getEventById: 'functions',
  getEventPrograms: 'functions',
  getAgeClasses: 'functions',
  createCompetition: 'functions',
  getCompetitionDocuments: 'functions',
  submitCompetitionDocument: 'functions',
  getOfferDocument: 'functions',
  getSportsmen: 'functions',
  getOrganizations: 'functions',
  getPublicProfile: 'functions',
  getOrganizationProfile: 'functions',
  setPublishConsent: 'functions',
  createUpdateLegalRepresentative: 'insurance',
  getLegalRepresentative: 'insurance',
} as const satisfies { [Name in PlatformScriptName]: PlatformScripts[Name]['module'] };

export type PlatformModuleKey = 'application' | 'requests' | 'functions' | 'insurance';
