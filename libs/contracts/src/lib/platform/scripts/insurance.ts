import { middleNameSchema, personNameSchema } from '@fed/validation';
import { z } from 'zod';
import { elmaIdInputSchema } from '../elma-formats';
import { legalRepresentativeRecordSchema } from '../records';
import { dataAnswer, write } from './script-kit';

/** The `insurance` module: the legal representative of a minor athlete. */

export const insuranceScripts = {
  createUpdateLegalRepresentative: write(
    z
      .object({
        firstname: personNameSchema(),
        lastname: personNameSchema(),
        middlename: middleNameSchema().default(''),
        date_of_birth: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
        /** The minor athlete the representative acts for. */
        sportsmanId: elmaIdInputSchema,
      })
      .strict(),
    dataAnswer(legalRepresentativeRecordSchema.extend({ created: z.boolean() })),
  ),
};
