import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Fact, FactList } from './fact-list';

describe('FactList', () => {
  it('pairs each term with its value, a link in a value working as it is', async () => {
    const onMap = vi.fn((event: MouseEvent) => event.preventDefault());
    const { container } = render(
      <FactList layout="columns">
        <Fact term="Тренер">Не указан</Fact>
        <Fact term="Место">
          Москва{' '}
          <a href="https://example.org/map" onClick={(event) => onMap(event.nativeEvent)}>
            Показать на карте
          </a>
        </Fact>
      </FactList>,
    );
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual(['Тренер', 'Место']);
    expect(values[0]).toHaveTextContent('Не указан');
    await userEvent.click(within(values[1] as HTMLElement).getByRole('link', { name: 'Показать на карте' }));
    expect(onMap).toHaveBeenCalledOnce();
    expect(container.querySelector('dl')).toHaveAttribute('data-layout', 'columns');
    await expectNoSeriousAxeViolations(container);
  });

  it('is stacked unless told otherwise', () => {
    const { container } = render(
      <FactList>
        <Fact term="Даты">22–23 декабря</Fact>
      </FactList>,
    );
    expect(container.querySelector('dl')).toHaveAttribute('data-layout', 'stacked');
  });
});
