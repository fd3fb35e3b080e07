import { useMemo, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { ZodType } from 'zod';
import { startSession, useSessionDispatch } from '@fed/auth-session';
import type { ProfileUpdateContext, UploadPurpose } from '@fed/contracts';
import { useClock, useToast, useZodForm } from '@fed/ui-kit';
import type { RuleContext } from '@fed/validation';
import { useUpdateOwnProfileMutation } from '../../api/own-profile-api';
import { showSaveErrors, type ApiFieldMap } from './save-errors';

/** What a profile's picture is uploaded as: an athlete's photo or a club's logo (the api's rules for each). */
export type PicturePurpose = Extract<UploadPurpose, 'photo' | 'logo'>;

/** One kind of profile form (an athlete's, a club's), described once in its model; `Source` is what it reads. */
export interface ProfileFormKind<Values extends FieldValues, Output extends FieldValues, Source> {
  /** Called once, with the portal's clock for the date rules: the form keeps its schema while it is open. */
  createSchema: (context: RuleContext) => ZodType<Output, Values>;
  /** The form filled from the record. */
  toValues: (record: Source) => DefaultValues<Values>;
  /** The update context the checked values make of the record. */
  toContext: (record: Source, values: Output) => ProfileUpdateContext;
  /** The api's names of the update context's fields, by the form's: its refusals land under those fields. */
  apiFields: ApiFieldMap<Values>;
  /** The toast of a save that went through. */
  savedText: string;
  /** The form's picture part: its field, its title, what it is uploaded as and its picker's label. */
  picture: { field: Path<Values>; legend: string; purpose: PicturePurpose; label: string };
}

export interface ProfileFormUse<Source> {
  /** The record the form edits. */
  record: Source;
  onDone: () => void;
}

/**
 * A cabinet's profile form and its save through the update context: a refusal keeps every value and says why under
 * the fields and in a toast; a save that went through reads the session again, since the header shows the
 * record's name and picture from it. Returns the form and the props of its `ProfileFormFrame` (`frame`) and
 * `PictureGroup` (`picture`).
 */
export function useProfileForm<Values extends FieldValues, Output extends FieldValues, Source>(
  {
    createSchema,
    toValues,
    toContext,
    apiFields,
    savedText,
    picture,
  }: ProfileFormKind<Values, Output, Source>,
  { record, onDone }: ProfileFormUse<Source>,
) {
  const toast = useToast();
  const dispatch = useSessionDispatch();
  const [update, { isLoading: saving }] = useUpdateOwnProfileMutation();
  const [pictureUploading, setPictureUploading] = useState(false);
  const clock = useClock();
  const schema = useMemo(() => createSchema({ clock }), [createSchema, clock]);
  const form = useZodForm(schema, { defaultValues: toValues(record) });
  const save = form.handleSubmit(async (checked) => {
    const result = await update(toContext(record, checked));
    if ('error' in result) {
      toast.error(showSaveErrors(form, result.error, apiFields));
      return;
    }
    toast.success(savedText);
    void dispatch(startSession());
    onDone();
  });
  return {
    form,
    // Every profile form has a photo or logo: saving waits for its upload, and it cannot change while saving.
    frame: { onSubmit: save, isValid: form.formState.isValid && !pictureUploading, submitting: saving },
    picture: { ...picture, control: form.control, onUploadingChange: setPictureUploading, disabled: saving },
  };
}
