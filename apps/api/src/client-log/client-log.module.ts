import { Module, type DynamicModule } from '@nestjs/common';
import { ClientLogController } from './client-log.controller';
import {
  CLIENT_LOG_OPTIONS,
  ClientLogIntakeGuard,
  ClientLogService,
  type ClientLogModuleOptions,
} from './client-log.service';

/** `POST /log`: client error reports, validated, size- and rate-limited, scrubbed, into the server log. */
@Module({})
export class ClientLogModule {
  static forRoot(options: ClientLogModuleOptions = {}): DynamicModule {
    return {
      module: ClientLogModule,
      controllers: [ClientLogController],
      providers: [{ provide: CLIENT_LOG_OPTIONS, useValue: options }, ClientLogIntakeGuard, ClientLogService],
    };
  }
}
