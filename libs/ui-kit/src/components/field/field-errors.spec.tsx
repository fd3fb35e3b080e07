import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AddressInput } from '../address-input/address-input';
import { Checkbox } from '../checkbox/checkbox';
import { DateInput } from '../date-input/date-input';
import { FilePicker } from '../file-picker/file-picker';
import { PhoneInput } from '../phone-input/phone-input';
import { RadioGroup } from '../radio-group/radio-group';
import { Select } from '../select/select';
import { TextArea } from '../text-area/text-area';
import { TextInput } from '../text-input/text-input';

const noop = () => undefined;

/**
 * Every control of the kit that a form binds (`FormField` gives each its `error`), with a hint and then with an
 * error in its place, and how to find the element that carries the state: the error must be the control's
 * description (`aria-describedby`) and the control must say it is invalid (`aria-invalid`), so that a screen
 * reader says both on reaching it; without an error, the hint describes it and nothing says invalid.
 */
const controls: ReadonlyArray<{
  name: string;
  render: (line: { hint: string; error?: string }) => ReactElement;
  find: (container: HTMLElement) => HTMLElement;
}> = [
  {
    name: 'TextInput',
    render: (line) => <TextInput label="Фамилия" {...line} />,
    find: () => screen.getByRole('textbox', { name: 'Фамилия' }),
  },
  {
    name: 'TextArea',
    render: (line) => <TextArea label="Описание" {...line} />,
    find: () => screen.getByRole('textbox', { name: 'Описание' }),
  },
  {
    name: 'Select',
    render: (line) => <Select label="Уровень" options={[{ value: 'city', text: 'Городское' }]} {...line} />,
    find: () => screen.getByRole('combobox', { name: 'Уровень' }),
  },
  {
    name: 'Checkbox',
    render: (line) => <Checkbox label="Я принимаю условия" {...line} />,
    find: () => screen.getByRole('checkbox', { name: 'Я принимаю условия' }),
  },
  {
    name: 'RadioGroup',
    render: (line) => (
      <RadioGroup
        label="Пол"
        name="gender"
        value={undefined}
        onChange={noop}
        options={[
          { value: 'male', text: 'Мужской' },
          { value: 'female', text: 'Женский' },
        ]}
        {...line}
      />
    ),
    // The option a keyboard reaches; the group (a fieldset) says the same.
    find: () => screen.getByRole('radio', { name: 'Женский' }),
  },
  {
    name: 'DateInput',
    render: (line) => <DateInput label="Дата рождения" value="" onChange={noop} {...line} />,
    find: () => screen.getByRole('textbox', { name: 'Дата рождения' }),
  },
  {
    name: 'PhoneInput',
    render: (line) => (
      <PhoneInput label="Телефон" value={{ country: 'RU', digits: '' }} onChange={noop} {...line} />
    ),
    find: () => screen.getByRole('textbox', { name: 'Телефон' }),
  },
  {
    name: 'AddressInput',
    render: (line) => (
      <AddressInput
        label="Город"
        value={null}
        onChange={noop}
        loadSuggestions={() => Promise.resolve([])}
        {...line}
      />
    ),
    find: () => screen.getByRole('combobox', { name: 'Город' }),
  },
  {
    name: 'FilePicker',
    render: (line) => <FilePicker label="Афиша" accept={['image/png']} onFile={noop} {...line} />,
    find: (container) => within(container).getByLabelText('Афиша', { selector: 'input' }),
  },
];

describe('form errors tied to their fields, in every control', () => {
  it.each(controls)(
    '$name: the hint describes it; an error takes its place and marks it invalid',
    (control) => {
      const { container, rerender } = render(control.render({ hint: 'Подсказка к полю' }));
      const element = control.find(container);
      expect(element).toHaveAccessibleDescription('Подсказка к полю');
      expect(element).not.toHaveAttribute('aria-invalid');

      rerender(control.render({ hint: 'Подсказка к полю', error: 'Поле обязательно' }));
      expect(control.find(container)).toHaveAccessibleDescription('Поле обязательно');
      expect(control.find(container)).toHaveAttribute('aria-invalid', 'true');
      // The error is on the screen under the field, not only in the accessibility tree.
      expect(screen.getByText('Поле обязательно')).toBeVisible();
    },
  );
});
