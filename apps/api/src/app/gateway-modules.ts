import type { DynamicModule } from '@nestjs/common';
import { join } from 'node:path';
import type { PublicConfig } from '@fed/contracts';
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
export function gatewayModulesFor(config: AppConfig, publicConfig: PublicConfig): DynamicModule[] {
  const modules: DynamicModule[] = [ClientLogModule.forRoot()];
  const platform = config.platform;
  if (platform) {
    modules.push(
      ProxyModule.forRoot({
        platform: { url: platform.url, token: platform.token, extensions: publicConfig.extensions },
      }),
      ImagesModule.forRoot({
        platform: { url: platform.url, token: platform.token },
        portalDistDir: config.portalDistDir,
        cacheDir: join(config.sandboxDataDir ?? 'var', '..', 'cache', 'img'),
      }),
      FilesModule.forRoot({
        platform: { baseUrl: platform.url, token: platform.token, extensions: publicConfig.extensions },
      }),
    );
  }
  const dadata = config.upstreams?.dadata;
  if (dadata) modules.push(SuggestionsModule.forRoot({ dadata: { url: dadata.url, token: dadata.token } }));
  return modules;
}
