import { HttpModule } from '@nestjs/axios';
import { Module, type DynamicModule } from '@nestjs/common';
import { ImagesController } from './images.controller';
import { IMAGES_OPTIONS, ImagesService, type ImagesModuleOptions } from './images.service';

/** `/api/img/{modifiers}/{source…}`: the image resize proxy (sharp) with an on-disk cache. */
@Module({})
export class ImagesModule {
  static forRoot(options: ImagesModuleOptions): DynamicModule {
    return {
      module: ImagesModule,
      imports: [HttpModule.register({})],
      controllers: [ImagesController],
      providers: [{ provide: IMAGES_OPTIONS, useValue: options }, ImagesService],
    };
  }
}
