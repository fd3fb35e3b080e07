import { Module, type DynamicModule } from '@nestjs/common';
import type { ElmaTwinOptions } from './elma/core/elma-options';
import { ElmaTwinModule } from './elma/elma-twin.module';

export interface PlatformSandboxOptions {
  /** Directory of every twin's data (SQLite files, uploads). Default `var/sandbox`. */
  dataDir?: string;
  /** The ELMA365 twin at `/sandbox/elma`; omit when the real platform is configured. */
  platform?: Omit<ElmaTwinOptions, 'dataDir'>;
}

/**
 * The sandbox twins, mounted under `/sandbox` by the api for each upstream that is not configured.
 * Each twin is its own module with its own options; they plug in through `twinImports` below.
 */
@Module({})
export class PlatformSandboxModule {
  static forRoot(options: PlatformSandboxOptions): DynamicModule {
    const dataDir = options.dataDir ?? 'var/sandbox';
    const twinImports: DynamicModule[] = [];
    if (options.platform) twinImports.push(ElmaTwinModule.forRoot({ ...options.platform, dataDir }));
    // The DaData twin (`dadata/dadata-twin.module.ts`) and the SMS outbox (`sms/sms-outbox.module.ts`) join
    // `twinImports` here.
    return { module: PlatformSandboxModule, imports: twinImports };
  }
}
