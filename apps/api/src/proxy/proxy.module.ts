import {
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { CallerGuard } from '../common/caller';
import { PlatformModule } from '../platform/platform.module';
import type { PlatformClientOptions } from '../platform/platform-client';
import { ProxyController } from './proxy.controller';
import { PROXY_OPTIONS, type PlatformUpstreamOptions, type ProxyModuleOptions } from './proxy-options';
import { ProxyReadMiddleware } from './proxy-read.middleware';
import { ProxyReads } from './proxy-reads';
import { ProxyService } from './proxy.service';

function clientOptions(options: ProxyModuleOptions): () => PlatformClientOptions {
  return () => {
    const upstream: PlatformUpstreamOptions =
      typeof options.platform === 'function' ? options.platform() : options.platform;
    return {
      baseUrl: upstream.url,
      token: upstream.token,
      extensions: upstream.extensions,
      timeoutMs: options.timeoutMs,
      maxAnswerBytes: options.maxAnswerBytes,
    };
  };
}

/** `/api/proxy`: the allowlisted, policy-checked GET/POST proxy to the business platform. */
@Module({})
export class ProxyModule implements NestModule {
  static forRoot(options: ProxyModuleOptions): DynamicModule {
    return {
      module: ProxyModule,
      imports: [PlatformModule.forRoot(clientOptions(options))],
      controllers: [ProxyController],
      providers: [{ provide: PROXY_OPTIONS, useValue: options }, ProxyService, CallerGuard, ProxyReads],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ProxyReadMiddleware).forRoutes({ path: 'api/proxy', method: RequestMethod.GET });
  }
}
