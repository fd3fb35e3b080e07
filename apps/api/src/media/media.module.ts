import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { mediaLinkKey } from './media-links';
import { MediaController } from './media.controller';
import { MEDIA_OPTIONS, MediaService, type MediaModuleOptions } from './media.service';

/**
 * `/api/media`: photo and video of performances. Needs the platform client and the auth store (exported by
 * the global auth module) and the rate limits (global).
 */
@Module({})
export class MediaModule {
  static forRoot(options: MediaModuleOptions): DynamicModule {
    return {
      module: MediaModule,
      controllers: [MediaController],
      providers: [{ provide: MEDIA_OPTIONS, useValue: options }, MediaService],
    };
  }
}

/** The media module as the app mounts it: links signed under a key derived from the api's own secret. */
export function mediaModuleFor(config: AppConfig): DynamicModule {
  return MediaModule.forRoot({ linkKey: mediaLinkKey(config.auth.hashSecret) });
}
