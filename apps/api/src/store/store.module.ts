import {
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { AUTH_DB, type AuthDb } from './auth-database';
import { createAuthDatabase, migrateAuthDatabase, type AuthDatabaseTarget } from './create-auth-database';

/** Provides the auth store (`AUTH_DB`), migrated to the latest schema before the app serves. */
@Module({})
export class StoreModule implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(AUTH_DB) private readonly db: AuthDb) {}

  static forRoot(target: AuthDatabaseTarget): DynamicModule {
    return {
      module: StoreModule,
      providers: [{ provide: AUTH_DB, useFactory: () => createAuthDatabase(target) }],
      exports: [AUTH_DB],
    };
  }

  async onModuleInit(): Promise<void> {
    await migrateAuthDatabase(this.db);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
  }
}
