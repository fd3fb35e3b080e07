import { Injectable } from '@nestjs/common';
import {
  platformScripts,
  type PlatformModuleKey,
  type PlatformScriptArgs,
  type PlatformScriptName,
} from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { describeIssues, ElmaError } from '../core/elma-error';
import { ApplicationsService } from './applications.service';
import { CatalogService } from './catalog.service';
import { CompetitionsService } from './competitions.service';
import { LegalRepresentativesService } from './legal-representatives.service';
import { MembershipsService } from './memberships.service';
import { PaymentsService } from './payments.service';
import { PhotoVideoService } from './photo-video.service';
import { ProcessesService } from './processes.service';
import { ProfilesService } from './profiles.service';
import { PubAppService } from './pub-app.service';
import { RequestsService } from './requests.service';

/** What a script learns of its call besides the input. */
export interface ScriptCall {
  /** The `userId` header (spec §7: the active user of the portal's caller), when sent. */
  userId?: string;
}

type Handlers = { [N in PlatformScriptName]: (input: PlatformScriptArgs<N>, call: ScriptCall) => unknown };

/** Module API methods ("extension scripts"): finds the module and the script, checks the input, runs it. */
@Injectable()
export class ScriptsService {
  private readonly modules: ReadonlyMap<string, PlatformModuleKey> = new Map(
    Object.entries(sandboxPublicConfig.extensions).map(([key, id]) => [id, key as PlatformModuleKey]),
  );

  private readonly handlers: Handlers;

  constructor(
    catalog: CatalogService,
    requests: RequestsService,
    applications: ApplicationsService,
    competitions: CompetitionsService,
    processes: ProcessesService,
    representatives: LegalRepresentativesService,
    profiles: ProfilesService,
    memberships: MembershipsService,
    payments: PaymentsService,
    photoVideo: PhotoVideoService,
    pubApp: PubAppService,
  ) {
    this.handlers = {
      getApplicationById: (input) => ({ success: true, data: requests.getApplicationById(input.id) }),
      createApplication: (input) => ({ success: true, data: applications.createApplication(input) }),
      updateApplication: (input) => ({ success: true, data: applications.updateApplication(input) }),
      getApplicationEligibility: (input) => ({ success: true, data: applications.eligibility(input) }),
      changeCompetitionRequestState: (input) => ({ success: true, data: requests.changeState(input) }),
      cancelSales: (input) => requests.cancelSale(input),
      getMyRequestList: (input) => requests.getMyRequestList(input),
      getCompetitionRequests: (input) => applications.getCompetitionRequests(input),
      getMySales: (input) => requests.getMySales(input),
      getMembershipStatus: (input) => ({ success: true, data: memberships.status(input) }),
      createMembershipRequest: (input) => ({
        success: true,
        data: requests.view(memberships.createRequest(input)),
      }),
      getMembershipReminders: (input) => {
        const result = memberships.reminders(input.sportsmanId);
        return { success: true, result, total: result.length };
      },
      getPaymentTerms: (input) => payments.paymentTerms(input),
      markRequestsPaid: (input) => payments.markPaid(input),
      refundRequest: (input) => ({ success: true, data: payments.refund(input) }),
      getDueMembershipReminders: (input) => memberships.dueReminders(input),
      getPhotoVideoOffer: (input) => ({ success: true, data: photoVideo.offer(input) }),
      createPhotoVideoSales: (input) => {
        const result = photoVideo.createSales(input);
        return { success: true, result, total: result.length };
      },
      getPhotoVideoSale: (input) => ({ success: true, data: photoVideo.getSale(input.saleId) }),
      updatePhotoVideoSale: (input) => ({ success: true, data: photoVideo.updateSale(input) }),
      addPhotoVideoMedia: (input) => ({ success: true, data: photoVideo.addMedia(input) }),
      getPhotoVideoMedia: (input) => ({ success: true, data: photoVideo.getMedia(input.mediaId) }),
      getEventMedia: (input) => ({ success: true, data: photoVideo.eventMedia(input.competitionId) }),
      tagPhotoVideoMedia: (input) => {
        const result = photoVideo.tag(input);
        return { success: true, result, total: result.length };
      },
      deletePhotoVideoMedia: (input) => {
        const result = photoVideo.deleteMedia(input).map((mediaId) => ({ mediaId }));
        return { success: true, result, total: result.length };
      },
      getPhotoVideoLocker: (input) => ({ success: true, data: photoVideo.locker(input) }),
      runBP: (input) => {
        const { context: _context, ...result } = processes.run(input.process, input.context);
        return { success: true, data: result };
      },
      getRecordFields: (input) => ({
        success: true,
        fieldsData: pubApp.fieldsOf(input.application, input.id, input.fields),
      }),
      getUsersByElmaUserId: (input) => catalog.getUsersByElmaUserId(input.userIds),
      getEvents: (input) => catalog.getEvents(input),
      getEventById: (input) => catalog.getEventById(input.id),
      getEventPrograms: (input) => catalog.getEventPrograms(input),
      getAgeClasses: () => catalog.getAgeClasses(),
      getOfferDocument: (input) => catalog.getOfferDocument(input.id),
      createCompetition: (input) => competitions.createCompetition(input),
      getCompetitionDocuments: (input) => competitions.getCompetitionDocuments(input.competitionId),
      submitCompetitionDocument: (input) => ({
        success: true,
        data: competitions.submitCompetitionDocument(input),
      }),
      createUpdateLegalRepresentative: (input, call) => representatives.createOrUpdate(input, call.userId),
      getLegalRepresentative: (input) => representatives.get(input.sportsmanId),
      getSportsmen: (input) => profiles.getSportsmen(input),
      getOrganizations: (input) => profiles.getOrganizations(input),
      getPublicProfile: (input) => profiles.getPublicProfile(input.id),
      getOrganizationProfile: (input) => profiles.getOrganizationProfile(input.id),
      setPublishConsent: (input) => profiles.setPublishConsent(input),
    };
  }

  /** `raw` is the parsed `data` query parameter (GET) or the JSON body (POST). */
  run(moduleId: string, name: string, raw: unknown, call: ScriptCall = {}): unknown {
    const moduleKey = this.modules.get(moduleId);
    if (!moduleKey) throw ElmaError.notFound(`module ${moduleId} not found`);
    if (!Object.hasOwn(platformScripts, name))
      throw ElmaError.notFound(`script ${name} not found in module ${moduleKey}`);
    const scriptName = name as PlatformScriptName;
    const definition = platformScripts[scriptName];
    if (definition.module !== moduleKey)
      throw ElmaError.notFound(`script ${name} not found in module ${moduleKey}`);
    const parsed = definition.input.safeParse(raw ?? {});
    if (!parsed.success)
      throw ElmaError.badRequest(`invalid input of ${name}: ${describeIssues(parsed.error.issues)}`);
    const handler = this.handlers[scriptName] as (input: unknown, call: ScriptCall) => unknown;
    return handler(parsed.data, call);
  }
}
