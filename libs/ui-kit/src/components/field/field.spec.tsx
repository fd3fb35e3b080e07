import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Field, fieldDescribedBy } from './field';

function PickerButton({ onOpen }: { onOpen: () => void }) {
  const labelId = useId();
  const buttonId = useId();
  return (
    <Field controlId={buttonId} labelId={labelId} label="Даты" hint="Выберите один день или период">
      <button
        type="button"
        id={buttonId}
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-describedby={fieldDescribedBy(buttonId, { hint: 'Выберите один день или период' })}
        onClick={onOpen}
      >
        1–31 декабря
      </button>
    </Field>
  );
}

describe('Field', () => {
  it('labels its control, which a click on the label focuses', async () => {
    const { container } = render(
      <Field controlId="city" label="Город" required>
        <input id="city" />
      </Field>,
    );
    await userEvent.click(screen.getByText('Город'));
    expect(screen.getByRole('textbox', { name: /Город/ })).toHaveFocus();
    await expectNoSeriousAxeViolations(container);
  });

  it('names a picker button by its label and its own words together', async () => {
    const onOpen = vi.fn();
    const { container } = render(<PickerButton onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: 'Даты 1–31 декабря' });
    expect(button).toHaveAccessibleDescription('Выберите один день или период');
    await userEvent.click(button);
    expect(onOpen).toHaveBeenCalledOnce();
    await expectNoSeriousAxeViolations(container);
  });
});
