import type { ComponentPropsWithRef } from 'react';
import { Checkbox } from '@fed/ui-kit';

export interface AgreementCheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** The document's name in the accusative: 'пользовательское соглашение'. */
  documentName: string;
  documentId: string;
  error?: string;
}

/** 'Я принимаю …' with a link to the legal offer document, opened in a new tab at /documents/{id}. */
export function AgreementCheckbox({ documentName, documentId, error, ...input }: AgreementCheckboxProps) {
  return (
    <Checkbox
      {...input}
      error={error}
      label={
        <>
          Я принимаю{' '}
          <a href={`/documents/${documentId}`} target="_blank" rel="noopener noreferrer">
            {documentName}
          </a>
        </>
      }
    />
  );
}
