import { Module, type DynamicModule } from '@nestjs/common';
import { ELMA_TWIN_OPTIONS, resolveElmaTwinOptions, type ElmaTwinOptions } from './core/elma-options';
import { ElmaStore } from './core/elma-store';
import { PlatformFaults } from './core/faults';
import { ItemsRepository } from './core/items.repository';
import { AppItemsController } from './http/app-items.controller';
import { DiskController, FileDownloadController } from './http/disk.controller';
import { ElmaTokenGuard } from './http/elma-token.guard';
import { ExtensionsController } from './http/extensions.controller';
import { FaultsController } from './http/faults.controller';
import { ElmaNotFoundController } from './http/not-found.controller';
import { ProcessesController } from './http/processes.controller';
import { SeedRunner } from './seed/seed-runner';
import { DocumentReviewController } from './http/document-review.controller';
import { AgeClassesService } from './services/age-classes.service';
import { ApplicationsService } from './services/applications.service';
import { CatalogService } from './services/catalog.service';
import { CompetitionsService } from './services/competitions.service';
import { FilesService } from './services/files.service';
import { LegalRepresentativesService } from './services/legal-representatives.service';
import { MembershipsService } from './services/memberships.service';
import { PaymentsService } from './services/payments.service';
import { PhotoVideoService } from './services/photo-video.service';
import { ProcessesService } from './services/processes.service';
import { ProfilesService } from './services/profiles.service';
import { PubAppService } from './services/pub-app.service';
import { RequestsService } from './services/requests.service';
import { ScriptsService } from './services/scripts.service';

/** The ELMA365 twin: the platform's public web API under `/sandbox/elma`, data in SQLite. */
@Module({})
export class ElmaTwinModule {
  static forRoot(options: ElmaTwinOptions): DynamicModule {
    return {
      module: ElmaTwinModule,
      controllers: [
        AppItemsController,
        ProcessesController,
        ExtensionsController,
        DiskController,
        FileDownloadController,
        DocumentReviewController,
        FaultsController,
        // Last: everything else below the prefix is the platform's 404.
        ElmaNotFoundController,
      ],
      providers: [
        { provide: ELMA_TWIN_OPTIONS, useValue: resolveElmaTwinOptions(options) },
        ElmaStore,
        ItemsRepository,
        AgeClassesService,
        FilesService,
        MembershipsService,
        RequestsService,
        PaymentsService,
        PhotoVideoService,
        CatalogService,
        ProfilesService,
        ApplicationsService,
        CompetitionsService,
        ProcessesService,
        LegalRepresentativesService,
        PubAppService,
        ScriptsService,
        ElmaTokenGuard,
        PlatformFaults,
        SeedRunner,
      ],
      exports: [ELMA_TWIN_OPTIONS],
    };
  }
}
