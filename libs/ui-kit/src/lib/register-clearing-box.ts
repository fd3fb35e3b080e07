import type { FieldValues, Path, PathValue, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';

/**
 * A box that stands for a text field being empty («Нет отчества» for the middle name): ticking it empties the
 * field, and either way the field is checked again, so its error goes and comes with the box.
 */
export function registerClearingBox<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'register' | 'setValue' | 'trigger'>,
  box: Path<T>,
  field: Path<T>,
): UseFormRegisterReturn<Path<T>> {
  return form.register(box, {
    onChange: (event: { target: { checked: boolean } }) => {
      if (event.target.checked) form.setValue(field, '' as PathValue<T, Path<T>>);
      void form.trigger(field);
    },
  });
}
