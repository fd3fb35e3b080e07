import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '../platform/platform.module';
import { ImagesController } from './images.controller';
import { IMAGES_OPTIONS, ImagesService, type ImagesModuleOptions } from './images.service';

/** `/api/img/{modifiers}/{source…}`: the image resize proxy (sharp) with an on-disk cache. */
@Module({})
export class ImagesModule {
  static forRoot(options: ImagesModuleOptions): DynamicModule {
    return {
      module: ImagesModule,
      imports: [PlatformModule.forRoot(options.platform)],
      controllers: [ImagesController],
      providers: [{ provide: IMAGES_OPTIONS, useValue: options }, ImagesService],
    };
  }
}
