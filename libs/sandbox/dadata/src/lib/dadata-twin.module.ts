import { Module, type DynamicModule } from '@nestjs/common';
import { DadataTwinController } from './dadata-twin.controller';
import { DADATA_TWIN_OPTIONS, type DadataTwinOptions } from './dadata-twin.options';
import { DadataTwinService } from './dadata-twin.service';

export {
  DADATA_SANDBOX_API_KEY,
  DEFAULT_DADATA_RATE_LIMIT_PER_SECOND,
  type DadataTwinOptions,
} from './dadata-twin.options';

/**
 * The DaData twin: `POST /sandbox/dadata/suggestions/api/4_1/rs/{suggest/address,suggest/party,findById/party}`
 * over a shipped dictionary kept in SQLite (`<dataDir>/dadata.sqlite`). Mount it only in sandbox mode.
 */
@Module({})
export class DadataTwinModule {
  static forRoot(options: DadataTwinOptions): DynamicModule {
    return {
      module: DadataTwinModule,
      controllers: [DadataTwinController],
      providers: [{ provide: DADATA_TWIN_OPTIONS, useValue: options }, DadataTwinService],
      exports: [DadataTwinService],
    };
  }
}
