import { Module, type DynamicModule } from '@nestjs/common';
import { DADATA_SANDBOX_API_KEY, DadataTwinModule } from './dadata/dadata-twin.module';
import type { ElmaTwinOptions } from './elma/core/elma-options';
import { ElmaTwinModule } from './elma/elma-twin.module';
import { ensurePrivateDir } from './private-files';
import { SmsOutboxModule } from './sms/sms-outbox.module';

export interface PlatformSandboxOptions {
  /** Directory of every twin's data (SQLite files, uploads). Default `var/sandbox`. */
  dataDir?: string;
  /** The ELMA365 twin at `/sandbox/elma`; omit when the real platform is configured. */
  platform?: Omit<ElmaTwinOptions, 'dataDir'>;
  /** The DaData twin at `/sandbox/dadata`; omit when the real DaData is configured. */
  dadata?: { apiKey?: string; rateLimitPerSecond?: number };
  /** The SMS outbox at `/sandbox/sms`; omit when a real SMS gateway is configured. */
  sms?: { smsRuApiId?: string };
}

/**
 * The sandbox twins, mounted under `/sandbox` by the api for each upstream that is not configured. Each twin is
 * its own module with its own options; `twinImports` is where they plug in. The twins' modules are re-exported,
 * so an importer can inject what they export (the SMS outbox's `SmsOutboxService`).
 */
@Module({})
export class PlatformSandboxModule {
  static forRoot(options: PlatformSandboxOptions): DynamicModule {
    const dataDir = options.dataDir ?? 'var/sandbox';
    // Whatever a twin keeps there (a dictionary or demo people), nobody but the owner reads it.
    ensurePrivateDir(dataDir);
    const twinImports: DynamicModule[] = [];
    if (options.platform) {
      twinImports.push(ElmaTwinModule.forRoot({ ...options.platform, dataDir }));
    }
    if (options.dadata) {
      twinImports.push(
        DadataTwinModule.forRoot({
          apiKey: options.dadata.apiKey ?? DADATA_SANDBOX_API_KEY,
          dataDir,
          rateLimitPerSecond: options.dadata.rateLimitPerSecond,
        }),
      );
    }
    if (options.sms) {
      twinImports.push(SmsOutboxModule.forRoot({ dataDir, smsRuApiId: options.sms.smsRuApiId }));
    }
    return { module: PlatformSandboxModule, imports: twinImports, exports: twinImports };
  }
}
