import { systemClock, type Clock } from '@fed/calendar';
import { Module, type DynamicModule } from '@nestjs/common';
import { ensurePrivateDir } from '@fed/sandbox-common';
import { DADATA_SANDBOX_API_KEY, DadataTwinModule, type DadataTwinOptions } from '@fed/sandbox-dadata';
import { ElmaTwinModule, type ElmaTwinOptions } from '@fed/sandbox-elma';
import { MailTwinModule, type MailTwinOptions } from '@fed/sandbox-mail';
import { SmsOutboxModule, type SmsOutboxOptions } from '@fed/sandbox-sms';
import { YookassaTwinModule, type YookassaTwinOptions } from '@fed/sandbox-yookassa';

/**
 * Each twin's options by its key; a twin left out is not mounted. Every twin keeps its data in the one
 * `dataDir` of `SandboxOptions`, so none of them is given its own.
 */
export interface SandboxTwinOptions {
  /** The ELMA365 twin at `/sandbox/elma`; omit when the real platform is configured. */
  platform: Omit<ElmaTwinOptions, 'dataDir'>;
  /** The DaData twin at `/sandbox/dadata`; omit when the real DaData is configured. */
  dadata: Partial<Omit<DadataTwinOptions, 'dataDir'>>;
  /** The SMS outbox at `/sandbox/sms`; omit when a real SMS gateway is configured. */
  sms: Omit<SmsOutboxOptions, 'dataDir'>;
  /** The YooKassa twin at `/sandbox/yookassa`; omit when the real YooKassa is configured. */
  yookassa: Omit<YookassaTwinOptions, 'dataDir'>;
  /** The mail twin (an SMTP server on 127.0.0.1, read at `/sandbox/mail`); omit when `SMTP_URL` names a server. */
  mail: Omit<MailTwinOptions, 'dataDir'>;
}

export type SandboxOptions = {
  /** Directory of every twin's data (SQLite files, uploads). Default `var/sandbox`. */
  dataDir?: string;
  /** The clock of every twin: the api's, so that the twins' "today" is the api's. Default the process clock. */
  clock?: Clock;
} & Partial<SandboxTwinOptions>;

type TwinKey = keyof SandboxTwinOptions;

/**
 * How each twin becomes a module. A new twin is one key of `SandboxTwinOptions` and its entry here (the
 * compiler asks for the entry once the key exists); the api then decides when to use it (`SANDBOX_TWINS`).
 * The order is the order the twins' routes are registered in.
 */
const TWIN_MODULES: {
  [K in TwinKey]: (options: SandboxTwinOptions[K], dataDir: string, clock: Clock) => DynamicModule;
} = {
  platform: (options, dataDir, clock) => ElmaTwinModule.forRoot({ clock, ...options, dataDir }),
  dadata: (options, dataDir, clock) =>
    DadataTwinModule.forRoot({
      apiKey: options.apiKey ?? DADATA_SANDBOX_API_KEY,
      dataDir,
      rateLimitPerSecond: options.rateLimitPerSecond,
      clock: options.clock ?? clock,
    }),
  sms: (options, dataDir, clock) => SmsOutboxModule.forRoot({ clock, ...options, dataDir }),
  yookassa: (options, dataDir, clock) => YookassaTwinModule.forRoot({ clock, ...options, dataDir }),
  mail: (options, dataDir, clock) => MailTwinModule.forRoot({ clock, ...options, dataDir }),
};

function twinModule<K extends TwinKey>(
  key: K,
  options: SandboxTwinOptions[K],
  dataDir: string,
  clock: Clock,
): DynamicModule {
  return TWIN_MODULES[key](options, dataDir, clock);
}

/**
 * The sandbox twins, mounted under `/sandbox` by the api for each upstream that is not configured. Each twin is
 * its own library and module with its own options; this module only composes them. The twins' modules are
 * re-exported, so an importer can inject what they export (the SMS outbox's `SmsOutboxService`).
 */
@Module({})
export class SandboxModule {
  static forRoot(options: SandboxOptions): DynamicModule {
    const dataDir = options.dataDir ?? 'var/sandbox';
    // Whatever a twin keeps there (a dictionary or demo people), nobody but the owner reads it.
    ensurePrivateDir(dataDir);
    const twinImports: DynamicModule[] = [];
    for (const key of Object.keys(TWIN_MODULES) as TwinKey[]) {
      const twinOptions = options[key];
      if (twinOptions) twinImports.push(twinModule(key, twinOptions, dataDir, options.clock ?? systemClock));
    }
    return { module: SandboxModule, imports: twinImports, exports: twinImports };
  }
}
