import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { EventExportsController } from './event-exports.controller';
import { EXPORTS_OPTIONS, EventExportsService, type ExportsModuleOptions } from './event-exports.service';

/**
 * `/api/exports`: an event's applications as a spreadsheet. Needs the platform client (exported by the global
 * auth module) and the clock (global).
 */
@Module({})
export class ExportsModule {
  static forRoot(options: ExportsModuleOptions): DynamicModule {
    return {
      module: ExportsModule,
      controllers: [EventExportsController],
      providers: [{ provide: EXPORTS_OPTIONS, useValue: options }, EventExportsService],
    };
  }
}

/** The exports as the app mounts them: the federation is the organization of the public federation profile. */
export function exportsModuleFor(config: AppConfig): DynamicModule {
  return ExportsModule.forRoot({ federationId: config.publicConfig.federationProfileId });
}
