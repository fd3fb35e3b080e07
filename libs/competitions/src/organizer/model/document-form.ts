import { z } from 'zod';
import { uploadProblem } from '@fed/api-client';
import {
  competitionDocumentKindCodes,
  competitionDocumentKinds,
  type CompetitionDocumentKind,
} from '@fed/contracts';
import { validationMessages } from '@fed/validation';
import { checkedText, requiredCode } from './form-fields';

export const DOCUMENT_NAME_MAX = 200;

/** A document as typed: the file is held until the form is sent, then uploaded. */
export interface DocumentFormValues {
  kind: CompetitionDocumentKind | '';
  name: string;
  file: File | null;
}

export interface DocumentFormOutput {
  kind: CompetitionDocumentKind;
  name: string;
  file: File;
}

/** Kind, name and a PDF, JPEG or PNG within the upload limit (type checked first: 'Неверный формат файла'). */
export const documentFormSchema: z.ZodType<DocumentFormOutput, DocumentFormValues> = z.object({
  kind: requiredCode(competitionDocumentKindCodes),
  name: checkedText(['required', ['max', { n: DOCUMENT_NAME_MAX }]]),
  file: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .transform((file, ctx) => {
      const problem = file === null ? validationMessages.required : uploadProblem(file, 'document');
      if (problem === null && file !== null) return file;
      ctx.addIssue({ code: 'custom', message: problem ?? validationMessages.required });
      return z.NEVER;
    }),
});

export const emptyDocument: DocumentFormValues = { kind: '', name: '', file: null };

/**
 * The name a document takes from its kind («Положение о соревнованиях»), unless the person named it: a new kind
 * renames only a name that is empty or still the previous kind's. «Другой документ» names nothing: such a
 * document needs a name of its own.
 */
export function nameForKind(
  name: string,
  previousKind: CompetitionDocumentKind | '',
  kind: CompetitionDocumentKind | '',
): string {
  const named =
    name.trim() !== '' && (previousKind === '' || name !== competitionDocumentKinds[previousKind]);
  if (named) return name;
  return kind === '' || kind === 'other' ? '' : competitionDocumentKinds[kind];
}
