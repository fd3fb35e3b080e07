import { Body, Controller, Headers, HttpCode, Post, UseFilters } from '@nestjs/common';
import type { PartySuggestion } from './dadata-parties';
import { DadataErrorFilter } from './dadata-error';
import { DadataTwinService, type AddressSuggestion, type Suggestions } from './dadata-twin.service';

/** DaData's suggestions API (`/suggestions/api/4_1/rs/...`) under `/sandbox/dadata`. */
@Controller('sandbox/dadata/suggestions/api/4_1/rs')
@UseFilters(DadataErrorFilter)
export class DadataTwinController {
  constructor(private readonly twin: DadataTwinService) {}

  @Post('suggest/address')
  @HttpCode(200)
  suggestAddress(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): Suggestions<AddressSuggestion> {
    this.twin.authorize(authorization);
    return this.twin.suggestAddress(body);
  }

  @Post('suggest/party')
  @HttpCode(200)
  suggestParty(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): Suggestions<PartySuggestion> {
    this.twin.authorize(authorization);
    return this.twin.suggestParty(body);
  }

  @Post('findById/party')
  @HttpCode(200)
  findPartyById(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): Suggestions<PartySuggestion> {
    this.twin.authorize(authorization);
    return this.twin.findPartyById(body);
  }
}
