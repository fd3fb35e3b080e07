import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  addressSuggestionsRequestSchema,
  partySuggestionsRequestSchema,
  type AddressSuggestionsAnswer,
  type PartySuggestionsAnswer,
} from '@fed/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { Authenticate } from '../common/caller';
import { clientKeyOf } from '../common/rate-limits';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { SuggestionsService } from './suggestions.service';

/** Spec §7 address and party suggestions; open to guests (registration needs them). */
@Controller('api/dadata')
@Authenticate('optional')
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Post('address')
  @HttpCode(200)
  address(
    @Req() request: Request,
    @Body(new ZodBodyPipe(addressSuggestionsRequestSchema))
    body: z.output<typeof addressSuggestionsRequestSchema>,
  ): Promise<AddressSuggestionsAnswer> {
    return this.suggestions.address(clientKeyOf(request), body);
  }

  @Post('party')
  @HttpCode(200)
  party(
    @Req() request: Request,
    @Body(new ZodBodyPipe(partySuggestionsRequestSchema))
    body: z.output<typeof partySuggestionsRequestSchema>,
  ): Promise<PartySuggestionsAnswer> {
    return this.suggestions.party(clientKeyOf(request), body);
  }
}
