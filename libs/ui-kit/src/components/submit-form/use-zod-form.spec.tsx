import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { VALIDATION_DEBOUNCE_MS } from '@fed/validation';
import { Checkbox } from '../checkbox/checkbox';
import { DateInput } from '../date-input/date-input';
import { Select } from '../select/select';
import { TextInput } from '../text-input/text-input';
import { FormField } from './form-field';
import { SubmitForm } from './submit-form';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  lastName: z.string().trim().min(2, 'Минимум 2 символов'),
  team: z.string().min(1, 'Поле обязательно'),
  day: z.string().regex(/^\d\d\.\d\d\.(19|20)\d\d$/, 'Неверный формат даты'),
  agreed: z.boolean().refine((value) => value, 'Поле обязательно'),
});
type Values = z.input<typeof schema>;

/** What the test asks of the form from outside: its own checks, as a form's code makes them. */
type Probe = (form: ReturnType<typeof useZodForm<Values, z.output<typeof schema>>>) => void;

function Person({
  save = vi.fn(),
  probe,
}: {
  save?: (values: z.output<typeof schema>) => void;
  probe?: Probe;
}) {
  const form = useZodForm(schema, { defaultValues: { lastName: '', team: '', day: '', agreed: false } });
  probe?.(form);
  const { errors } = form.formState;
  return (
    <SubmitForm
      onSubmit={form.handleSubmit(save)}
      isValid={form.formState.isValid}
      submitting={form.formState.isSubmitting}
      submitText="Сохранить"
    >
      <TextInput label="Фамилия" {...form.register('lastName')} error={errors.lastName?.message} />
      <Select
        label="Команда"
        placeholder="Выберите"
        options={[
          { value: 'a', text: 'А' },
          { value: 'b', text: 'Б' },
        ]}
        {...form.register('team')}
        error={errors.team?.message}
      />
      <FormField control={form.control} name="day">
        {(field) => <DateInput label="День" {...field} />}
      </FormField>
      <Checkbox label="Согласен" {...form.register('agreed')} error={errors.agreed?.message} />
    </SubmitForm>
  );
}

const lastName = () => screen.getByRole('textbox', { name: 'Фамилия' });
const team = () => screen.getByRole('combobox', { name: 'Команда' });
const day = () => screen.getByRole('textbox', { name: 'День' });

afterEach(() => vi.useRealTimers());

describe('useZodForm: spec §5 timing, on blur and on change, not on input', () => {
  it('says nothing while a text field is typed into, and tells the rule when it is left', async () => {
    const user = userEvent.setup();
    render(<Person />);
    await user.type(lastName(), 'И');
    await act(() => new Promise((resolve) => setTimeout(resolve, VALIDATION_DEBOUNCE_MS * 4)));
    expect(lastName()).not.toHaveAccessibleDescription();
    await user.tab();
    await waitFor(() => expect(lastName()).toHaveAccessibleDescription('Минимум 2 символов'));
  });

  it('does not check the text again while the fix is typed: the error goes when the field is left', async () => {
    const user = userEvent.setup();
    render(<Person />);
    await user.type(lastName(), 'И');
    await user.tab();
    await waitFor(() => expect(lastName()).toHaveAccessibleDescription('Минимум 2 символов'));
    await user.type(lastName(), 'в');
    await act(() => new Promise((resolve) => setTimeout(resolve, VALIDATION_DEBOUNCE_MS * 4)));
    expect(lastName()).toHaveAccessibleDescription('Минимум 2 символов');
    await user.tab();
    await waitFor(() => expect(lastName()).not.toHaveAccessibleDescription());
  });

  it('checks a select and a box on change, before they are left', async () => {
    const user = userEvent.setup();
    render(<Person />);
    await user.selectOptions(team(), 'b');
    await user.selectOptions(team(), '');
    expect(team()).toHaveFocus();
    await waitFor(() => expect(team()).toHaveAccessibleDescription('Поле обязательно'));
    await user.selectOptions(team(), 'a');
    await waitFor(() => expect(team()).not.toHaveAccessibleDescription());

    const agreed = screen.getByRole('checkbox', { name: 'Согласен' });
    await user.click(agreed);
    await user.click(agreed);
    expect(agreed).toHaveFocus();
    await waitFor(() => expect(agreed).toHaveAccessibleDescription('Поле обязательно'));
  });

  it('checks a date typed to its last digit, not the digits before it', async () => {
    const user = userEvent.setup();
    render(<Person />);
    await user.type(day(), '0503189');
    await act(() => new Promise((resolve) => setTimeout(resolve, VALIDATION_DEBOUNCE_MS * 4)));
    expect(day()).toHaveAccessibleDescription('ДД.ММ.ГГГГ');
    await user.type(day(), '9');
    expect(day()).toHaveFocus();
    await waitFor(() => expect(day()).toHaveAccessibleDescription('Неверный формат даты'));
  });

  it(`checks ${VALIDATION_DEBOUNCE_MS} ms after the last event, the events meanwhile in one run`, async () => {
    vi.useFakeTimers();
    render(<Person />);
    fireEvent.change(lastName(), { target: { value: 'И' } });
    fireEvent.blur(lastName());
    await act(() => vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 1));
    expect(lastName()).not.toHaveAccessibleDescription();
    // A choice made 4 ms after the blur puts the check off again, and joins it.
    fireEvent.change(team(), { target: { value: '' } });
    await act(() => vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 1));
    expect(lastName()).not.toHaveAccessibleDescription();
    expect(team()).not.toHaveAccessibleDescription();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(lastName()).toHaveAccessibleDescription('Минимум 2 символов');
    expect(team()).toHaveAccessibleDescription('Поле обязательно');
    // Fields nobody asked about stay quiet.
    expect(day()).toHaveAccessibleDescription('ДД.ММ.ГГГГ');
  });

  it('sends the form’s own trigger and setValue(…, { shouldValidate }) the same way', async () => {
    vi.useFakeTimers();
    let form: Parameters<Probe>[0] | undefined;
    render(<Person probe={(it) => (form = it)} />);
    let valid: boolean | undefined;
    act(() => {
      void form?.trigger('lastName').then((result) => (valid = result));
      form?.setValue('team', '', { shouldValidate: true });
    });
    await act(() => vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 1));
    expect(valid).toBeUndefined();
    expect(lastName()).not.toHaveAccessibleDescription();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(valid).toBe(false);
    expect(lastName()).toHaveAccessibleDescription('Минимум 2 символов');
    expect(team()).toHaveAccessibleDescription('Поле обязательно');
  });

  it('enables the submit with the last keystroke, silently, and Enter sends the parsed values', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(<Person save={save} />);
    const submit = screen.getByRole('button', { name: 'Сохранить' });
    await user.selectOptions(team(), 'a');
    await user.type(day(), '05032012');
    await user.click(screen.getByRole('checkbox', { name: 'Согласен' }));
    expect(submit).toBeDisabled();
    await user.type(lastName(), '  Иванов ');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(lastName()).not.toHaveAccessibleDescription();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[0]).toEqual({
      lastName: 'Иванов',
      team: 'a',
      day: '05.03.2012',
      agreed: true,
    });
  });

  it('keeps the submit disabled while one field is wrong, without saying so before it is left', async () => {
    const user = userEvent.setup();
    render(<Person />);
    await user.selectOptions(team(), 'a');
    await user.type(day(), '05032012');
    await user.click(screen.getByRole('checkbox', { name: 'Согласен' }));
    await user.type(lastName(), 'И');
    await act(() => new Promise((resolve) => setTimeout(resolve, VALIDATION_DEBOUNCE_MS * 4)));
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    expect(lastName()).not.toHaveAccessibleDescription();
  });

  it('drops the check its click’s blur left waiting when submitted, so a server’s field error stays', async () => {
    const user = userEvent.setup();
    let form: Parameters<Probe>[0] | undefined;
    const save = vi.fn(() => form?.setError('lastName', { message: 'Фамилия уже занята' }));
    render(<Person save={save} probe={(it) => (form = it)} />);
    await user.selectOptions(team(), 'a');
    await user.type(day(), '05032012');
    await user.click(screen.getByRole('checkbox', { name: 'Согласен' }));
    await user.type(lastName(), 'Иванов');
    const submit = screen.getByRole('button', { name: 'Сохранить' });
    await waitFor(() => expect(submit).toBeEnabled());
    // The click leaves the field (a check asked for) and sends the form before that check runs.
    await user.click(submit);
    await waitFor(() => expect(lastName()).toHaveAccessibleDescription('Фамилия уже занята'));
    await act(() => new Promise((resolve) => setTimeout(resolve, VALIDATION_DEBOUNCE_MS * 4)));
    expect(lastName()).toHaveAccessibleDescription('Фамилия уже занята');
  });
});
