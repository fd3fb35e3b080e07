import type { DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { ClientLogModule } from '../client-log/client-log.module';
import { FilesModule } from '../files/files.module';
import { ImagesModule } from '../images/images.module';
import { ProxyModule } from '../proxy/proxy.module';
import { SuggestionsModule } from '../suggestions/suggestions.module';

/**
 * The gateway of architecture §6: the platform proxy, file uploads, suggestions, images and the client log, each wired to
 * its upstream (or that upstream's sandbox twin, at the same address the twin is mounted on).
 */
export function gatewayModulesFor(config: AppConfig): DynamicModule[] {
  const { platform, publicConfig, upstreams } = config;
  return [
    ClientLogModule.forRoot(),
    ProxyModule.forRoot({
      platform: { url: platform.url, token: platform.token, extensions: publicConfig.extensions },
    }),
    ImagesModule.forRoot({
      platform: { baseUrl: platform.url, token: platform.token, extensions: publicConfig.extensions },
      portalDistDir: config.portalDistDir,
      cacheDir: config.images.cacheDir,
      cacheMaxBytes: config.images.cacheMaxBytes,
    }),
    FilesModule.forRoot({
      platform: { baseUrl: platform.url, token: platform.token, extensions: publicConfig.extensions },
    }),
    SuggestionsModule.forRoot({ dadata: { url: upstreams.dadata.url, token: upstreams.dadata.token } }),
  ];
}
