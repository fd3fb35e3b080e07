import { Module, type DynamicModule } from '@nestjs/common';
import { gatewayAuthGuardProvider, SoftCallerGuard } from '../proxy/caller';
import { ClientLogController } from './client-log.controller';
import { CLIENT_LOG_OPTIONS, ClientLogService, type ClientLogModuleOptions } from './client-log.service';

/** `POST /log`: client error reports, validated, size- and rate-limited, scrubbed, into the server log. */
@Module({})
export class ClientLogModule {
  static forRoot(options: ClientLogModuleOptions = {}): DynamicModule {
    return {
      module: ClientLogModule,
      controllers: [ClientLogController],
      providers: [
        { provide: CLIENT_LOG_OPTIONS, useValue: options },
        ...gatewayAuthGuardProvider(options.authGuard),
        SoftCallerGuard,
        ClientLogService,
      ],
    };
  }
}
