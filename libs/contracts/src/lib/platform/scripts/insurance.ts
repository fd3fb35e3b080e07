import { middleNameSchema, personNameSchema } from '@fed/validation';
import { z } from 'zod';
import { elmaIdInputSchema } from '../elma-formats';
import { legalRepresentativeRecordSchema } from '../records';
import { dataAnswer, read, write } from './script-kit';

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

  /** The athlete's legal representative, `null` when none: for the child's own profile (its login only). */
  getLegalRepresentative: read(
    z.object({ sportsmanId: elmaIdInputSchema }).strict(),
    dataAnswer(legalRepresentativeRecordSchema.nullable()),
  ),
};
