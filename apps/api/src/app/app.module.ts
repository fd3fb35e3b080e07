import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { authModuleFor, type AuthWiring } from '../auth/auth-wiring';
import { ApiExceptionFilter } from '../common/api-exception.filter';
import { ClockModule, type Clock } from '../common/clock';
import { RateLimitsModule } from '../common/rate-limits';
import type { AppConfig } from '../config/app-config';
import { HealthController } from '../health/health.controller';
import { ReadyController } from '../health/ready.controller';
import { exportsModuleFor } from '../exports/exports.module';
import { mediaModuleFor } from '../media/media.module';
import { noticesModuleFor } from '../notices/notices.module';
import { ordersModuleFor } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { APP_CONFIG } from './app-config.token';
import { gatewayModulesFor } from './gateway-modules';
import { sandboxModuleFor } from './sandbox-modules';

export { APP_CONFIG };

/** What a test may put in place of what `config` wires (`main` gives none of it). */
export interface AppWiring extends AuthWiring {
  /** The one clock of the api and the twins it mounts; default the process clock. */
  clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, wiring: AppWiring = {}): DynamicModule {
    const clock = ClockModule.forRoot(wiring.clock);
    // The sandbox twins (mounted under /sandbox) of a sandbox deployment, on the api's clock; nothing in a real one.
    const sandbox = sandboxModuleFor(config, wiring.clock);
    return {
      module: AppModule,
      global: true,
      imports: [
        clock,
        ...(sandbox ? [sandbox] : []),
        RateLimitsModule.forRoot({ redisUrl: config.redis?.url }),
        authModuleFor(config, wiring, sandbox),
        ...gatewayModulesFor(config),
        PaymentsModule.forRoot(config.payments),
        ordersModuleFor(config, sandbox),
        noticesModuleFor(config, sandbox),
        mediaModuleFor(config),
        exportsModuleFor(config),
      ],
      controllers: [HealthController, ReadyController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [APP_CONFIG],
    };
  }
}
