import { Module, type DynamicModule } from '@nestjs/common';
import { PLATFORM_CLIENT_OPTIONS, PlatformClient, type PlatformClientOptions } from './platform-client';

/** Provides {@link PlatformClient}; the gateway (proxy) reuses it. */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformClientOptions | (() => PlatformClientOptions)): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        typeof options === 'function'
          ? { provide: PLATFORM_CLIENT_OPTIONS, useFactory: options }
          : { provide: PLATFORM_CLIENT_OPTIONS, useValue: options },
        PlatformClient,
      ],
      exports: [PlatformClient],
    };
  }
}
