import { HttpModule } from '@nestjs/axios';
import { Module, type DynamicModule } from '@nestjs/common';
import { ProxyController } from './proxy.controller';
import { PROXY_OPTIONS, type ProxyModuleOptions } from './proxy-options';
import { ProxyService } from './proxy.service';

/** `/api/proxy`: the allowlisted, policy-checked GET/POST proxy to the business platform. */
@Module({})
export class ProxyModule {
  static forRoot(options: ProxyModuleOptions): DynamicModule {
    return {
      module: ProxyModule,
      imports: [HttpModule.register({})],
      controllers: [ProxyController],
      providers: [{ provide: PROXY_OPTIONS, useValue: options }, ProxyService],
    };
  }
}
