import { Module, type DynamicModule } from '@nestjs/common';
import { SuggestionsController } from './suggestions.controller';
import {
  SUGGESTIONS_OPTIONS,
  SuggestionsService,
  type SuggestionsModuleOptions,
} from './suggestions.service';

/** `POST /api/dadata/address|party`: DaData suggestions behind our own limits and cache. */
@Module({})
export class SuggestionsModule {
  static forRoot(options: SuggestionsModuleOptions): DynamicModule {
    return {
      module: SuggestionsModule,
      controllers: [SuggestionsController],
      providers: [{ provide: SUGGESTIONS_OPTIONS, useValue: options }, SuggestionsService],
    };
  }
}
