import { Inject, Injectable } from '@nestjs/common';
import {
  AGE_OF_MAJORITY,
  fullYears,
  platformApps,
  type LegalRepresentativeRecord,
  type PlatformScriptArgs,
  type PlatformScriptOutput,
} from '@fed/contracts';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { normalizeDateTime } from '../core/field-values';
import { ItemsRepository } from '../core/items.repository';
import { kindOf } from './views';

/** Legal representatives: a minor athlete has one adult representative; calling again updates it. */
@Injectable()
export class LegalRepresentativesService {
  constructor(
    private readonly items: ItemsRepository,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  /** The athlete's representative, or `null`; 404 for an unknown athlete. */
  get(sportsmanId: string): PlatformScriptOutput<'getLegalRepresentative'> {
    const sportsman = this.items.require(platformApps.sportsman, sportsmanId, 'Спортсмен');
    const id = (sportsman['legal_representative'] as string[] | undefined)?.[0];
    const representative = id ? this.items.get(platformApps.legalRepresentatives, id) : undefined;
    return {
      success: true,
      data: representative ? (representative as unknown as LegalRepresentativeRecord) : null,
    };
  }

  /** For the athlete the call's `userId` header names: the platform knows whom the portal acts for. */
  createOrUpdate(
    input: PlatformScriptArgs<'createUpdateLegalRepresentative'>,
    userId: string | undefined,
  ): PlatformScriptOutput<'createUpdateLegalRepresentative'> {
    if (!userId) throw ElmaError.badRequest('userId: заголовок обязателен — чей представитель');
    return this.items.transaction(() => {
      const now = this.options.now();
      const sportsman = this.items.require(platformApps.sportsman, userId, 'Спортсмен');
      if (kindOf(sportsman) !== 'sportsman')
        throw ElmaError.badRequest('Представитель назначается только спортсмену');
      const athleteBirth = sportsman['date_of_birth'] as string | undefined;
      if (!athleteBirth || fullYears(athleteBirth, now) >= AGE_OF_MAJORITY) {
        throw ElmaError.badRequest('Законный представитель нужен только несовершеннолетнему спортсмену');
      }
      const dateOfBirth = normalizeDateTime(input.date_of_birth) as string;
      if (fullYears(dateOfBirth, now) < AGE_OF_MAJORITY) {
        throw ElmaError.badRequest('Законный представитель должен быть совершеннолетним');
      }
      const fields = {
        firstname: input.firstname,
        lastname: input.lastname,
        middlename: input.middlename,
        date_of_birth: dateOfBirth,
        sportsman: [sportsman.__id],
      };
      const name = [input.lastname, input.firstname, input.middlename].filter(Boolean).join(' ');
      const existingId = (sportsman['legal_representative'] as string[] | undefined)?.[0];
      const existing = existingId ? this.items.get(platformApps.legalRepresentatives, existingId) : undefined;
      const saved = existing
        ? this.items.update(platformApps.legalRepresentatives, existing.__id, { name, fields })
        : this.items.insert(platformApps.legalRepresentatives, { name, fields });
      if (!existing) {
        this.items.update(platformApps.sportsman, sportsman.__id, {
          fields: { legal_representative: [saved.__id] },
        });
      }
      return {
        success: true,
        data: { ...(saved as unknown as LegalRepresentativeRecord), created: !existing },
      };
    });
  }
}
