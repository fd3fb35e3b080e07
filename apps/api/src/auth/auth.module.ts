import { Module, type DynamicModule, type ModuleMetadata, type Provider } from '@nestjs/common';
import type { DemoPhone } from '@fed/sandbox-fixtures';
import { CallerResolver } from '../common/caller';
import type { AuthConfig } from '../config/auth-config';
import { PlatformModule } from '../platform/platform.module';
import type { PlatformClientOptions } from '../platform/platform-client';
import { StoreModule } from '../store/store.module';
import { AccessTokenService } from './access-token.service';
import { AccountsService } from './accounts.service';
import { AuditService } from './audit.service';
import { AuthHasher } from './auth-hasher';
import { InMemoryAuthSmsSender, type AuthSmsSender } from './auth-sms';
import { AUTH_CONFIG, AUTH_SMS_SENDER } from './auth-tokens';
import { AuthController } from './auth.controller';
import { CodesService } from './codes.service';
import { DEMO_LOGINS, DemoLoginsSeeder } from './demo-logins.seeder';
import { ContractorRecordsService } from './contractor-records.service';
import { LiveSessions } from './live-sessions.service';
import { LoginsRepository } from './logins.repository';
import { RateLimiterService } from './rate-limiter.service';
import { SessionsService } from './sessions.service';
import { SignInService } from './sign-in.service';
import { TokenCallerResolver } from './token-caller.resolver';

export interface AuthModuleOptions {
  config: AuthConfig;
  /** The platform the records live on (or a factory, when its URL is known only at start-up). */
  platform: PlatformClientOptions | (() => PlatformClientOptions);
  /** The SMS port; without one, codes stay in an in-memory outbox (sandbox only). */
  sms?: Provider<AuthSmsSender> | AuthSmsSender;
  /** Modules the `sms` provider needs (the api's `SmsModule`). */
  imports?: ModuleMetadata['imports'];
  /** Sandbox with the demo seed: logins of the twin's demo phones, created at start-up. */
  demoLogins?: readonly DemoPhone[];
}

function smsProvider(sms: AuthModuleOptions['sms']): Provider {
  if (sms === undefined) return { provide: AUTH_SMS_SENDER, useValue: new InMemoryAuthSmsSender() };
  if (typeof sms === 'object' && 'provide' in sms) return sms;
  return { provide: AUTH_SMS_SENDER, useValue: sms };
}

/**
 * Auth server: phone + code sign-in and registration, access JWTs and refresh families, linked accounts.
 * Global: its `CallerResolver` is what the one `CallerGuard` (`@Authenticate(mode)`, common/caller.ts) of every
 * module asks, so later modules put the guard and `@Caller()` on their routes without importing it.
 */
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      imports: [
        StoreModule.forRoot(options.config.database),
        PlatformModule.forRoot(options.platform),
        ...(options.imports ?? []),
      ],
      controllers: [AuthController],
      providers: [
        { provide: AUTH_CONFIG, useValue: options.config },
        smsProvider(options.sms),
        AuthHasher,
        RateLimiterService,
        AuditService,
        CodesService,
        AccessTokenService,
        LoginsRepository,
        SessionsService,
        ContractorRecordsService,
        SignInService,
        AccountsService,
        LiveSessions,
        TokenCallerResolver,
        { provide: CallerResolver, useExisting: TokenCallerResolver },
        ...(options.demoLogins?.length
          ? [{ provide: DEMO_LOGINS, useValue: options.demoLogins }, DemoLoginsSeeder]
          : []),
      ],
      exports: [AccessTokenService, CallerResolver, StoreModule, PlatformModule],
    };
  }
}
