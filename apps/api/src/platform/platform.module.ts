import { Module, type DynamicModule } from '@nestjs/common';
import { PLATFORM_CLIENT_OPTIONS, PlatformClient, type PlatformClientOptionsSource } from './platform-client';

/**
 * Provides {@link PlatformClient}, the api's one client of the platform: the proxy, files, images and the
 * auth server's record creation import it.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformClientOptionsSource): DynamicModule {
    return {
      module: PlatformModule,
      providers: [{ provide: PLATFORM_CLIENT_OPTIONS, useValue: options }, PlatformClient],
      exports: [PlatformClient],
    };
  }
}
