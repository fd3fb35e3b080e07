import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { AddressSuggestionsAnswer, PartySuggestionsAnswer } from '@fed/contracts';
import type { Request } from 'express';
import { SuggestionsService } from './suggestions.service';

/** Spec §7 address and party suggestions; open to guests (registration needs them). */
@Controller('api/dadata')
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Post('address')
  @HttpCode(200)
  address(@Req() request: Request, @Body() body: unknown): Promise<AddressSuggestionsAnswer> {
    return this.suggestions.address(request, body);
  }

  @Post('party')
  @HttpCode(200)
  party(@Req() request: Request, @Body() body: unknown): Promise<PartySuggestionsAnswer> {
    return this.suggestions.party(request, body);
  }
}
