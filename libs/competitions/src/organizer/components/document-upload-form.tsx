import { useRef } from 'react';
import { competitionDocumentKinds, type CompetitionDocumentKind } from '@fed/contracts';
import { messageOf, uploadLimitMb, uploadTypes, useUploadFileMutation } from '@fed/api-client';
import { FilePicker, FormField, Select, SubmitForm, TextInput, useToast, useZodForm } from '@fed/ui-kit';
import { useSubmitCompetitionDocumentMutation } from '../../api/organizer-api';
import {
  DOCUMENT_NAME_MAX,
  documentFormSchema,
  emptyDocument,
  nameForKind,
  type DocumentFormValues,
} from '../model/document-form';
import styles from './documents.module.css';

const kindOptions = Object.entries(competitionDocumentKinds).map(([value, text]) => ({ value, text }));

/** A returned document being replaced: its kind stays, its name may be corrected. */
export interface ResubmittedDocument {
  documentId: string;
  kind: CompetitionDocumentKind;
  name: string;
}

export interface DocumentUploadFormProps {
  competitionId: string;
  /** Re-submit this returned document instead of adding a new one. */
  resubmit?: ResubmittedDocument;
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * Sends a document of a competition for review: the file is uploaded first, then submitted with its kind
 * and name. A failure keeps what was entered and says why; a file uploaded before a failed submit is not
 * uploaded twice.
 */
export function DocumentUploadForm({ competitionId, resubmit, onDone, onCancel }: DocumentUploadFormProps) {
  const toast = useToast();
  const [upload] = useUploadFileMutation();
  const [submitDocument] = useSubmitCompetitionDocumentMutation();
  const uploaded = useRef<{ file: File; fileId: string } | null>(null);
  const initial: DocumentFormValues = resubmit
    ? { kind: resubmit.kind, name: resubmit.name, file: null }
    : emptyDocument;
  const form = useZodForm(documentFormSchema, { defaultValues: initial });

  const save = form.handleSubmit(async ({ kind, name, file }) => {
    let fileId = uploaded.current?.file === file ? uploaded.current.fileId : null;
    if (fileId === null) {
      const stored = await upload({ file, purpose: 'document' });
      if ('error' in stored) {
        toast.error(messageOf(stored.error));
        return;
      }
      fileId = stored.data.fileId;
      uploaded.current = { file, fileId };
    }
    const sent = await submitDocument({
      competitionId,
      kind,
      name,
      fileId,
      ...(resubmit && { documentId: resubmit.documentId }),
    });
    if ('error' in sent) {
      toast.error(messageOf(sent.error));
      return;
    }
    uploaded.current = null;
    toast.success(
      resubmit ? 'Исправленный документ отправлен на проверку' : 'Документ отправлен на проверку',
    );
    form.reset(initial);
    onDone?.();
  });

  const { errors, isSubmitting } = form.formState;
  const kindField = form.register('kind');

  return (
    <SubmitForm
      className={styles.uploadForm}
      onSubmit={save}
      isValid={form.formState.isValid}
      submitting={isSubmitting}
      submitText={resubmit ? 'Отправить исправленный' : 'Отправить на проверку'}
      onCancel={onCancel}
    >
      {!resubmit && (
        <Select
          label="Вид документа"
          options={kindOptions}
          placeholder="Выберите"
          required
          {...kindField}
          onChange={(event) => {
            const previous = form.getValues('kind');
            const kind = event.target.value as DocumentFormValues['kind'];
            void kindField.onChange(event);
            const name = nameForKind(form.getValues('name'), previous, kind);
            if (name !== form.getValues('name'))
              form.setValue('name', name, { shouldValidate: true, shouldDirty: true });
          }}
          error={errors.kind?.message}
        />
      )}
      <TextInput
        label="Название документа"
        required
        maxLength={DOCUMENT_NAME_MAX}
        {...form.register('name')}
        error={errors.name?.message}
      />
      <FormField control={form.control} name="file" choice>
        {(field) => (
          <FilePicker
            label="Файл"
            accept={uploadTypes('document')}
            file={field.value}
            onFile={field.onChange}
            hint={`PDF, JPEG или PNG, до ${uploadLimitMb('document')} МБ`}
            error={field.error}
            disabled={isSubmitting}
            required
          />
        )}
      </FormField>
    </SubmitForm>
  );
}
