import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '../platform/platform.module';
import { FilesController } from './files.controller';
import { FILES_OPTIONS, FilesService, type FilesModuleOptions } from './files.service';

/** `/api/files`: uploads of posters and competition documents to the platform's disk, and their downloads. */
@Module({})
export class FilesModule {
  static forRoot(options: FilesModuleOptions): DynamicModule {
    return {
      module: FilesModule,
      imports: [PlatformModule.forRoot(options.platform)],
      controllers: [FilesController],
      providers: [{ provide: FILES_OPTIONS, useValue: options }, FilesService],
    };
  }
}
