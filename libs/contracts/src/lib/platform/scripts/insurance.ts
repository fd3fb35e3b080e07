import { middleNameSchema, personNameSchema } from '@fed/validation';
import { z } from 'zod';
import { elmaIdInputSchema } from '../elma-formats';
import { legalRepresentativeRecordSchema } from '../records';
import { dataAnswer, read, write } from './script-kit';

/** The `insurance` module: the legal representative of a minor athlete. */

export const insuranceScripts = {
  /**
   * Spec §7 `{firstname, lastname, middlename, date_of_birth}`: the representative of the minor athlete the call's
   * `userId` header names (the api's proxy sends the caller's verified active user); no athlete in the body.
   */
  createUpdateLegalRepresentative: write(
    z
      .object({
        firstname: personNameSchema(),
        lastname: personNameSchema(),
        middlename: middleNameSchema().default(''),
        date_of_birth: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
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
