import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title';

function Page({ name }: { name: string | null }) {
  useDocumentTitle(name);
  return null;
}

describe('useDocumentTitle', () => {
  beforeEach(() => {
    document.title = 'ФКЕ — портал федерации';
  });

  it('names the tab after the page once its name is known, and gives the title back on leaving', () => {
    const { rerender, unmount } = render(<Page name={null} />);
    expect(document.title).toBe('ФКЕ — портал федерации');
    rerender(<Page name="Открытый турнир СК «Сэнсэй»" />);
    expect(document.title).toBe('Открытый турнир СК «Сэнсэй» — ФКЕ');
    rerender(<Page name="Заявка: Кубок ФКЕ" />);
    expect(document.title).toBe('Заявка: Кубок ФКЕ — ФКЕ');
    unmount();
    expect(document.title).toBe('ФКЕ — портал федерации');
  });

  it('leaves a title the next route has set already', () => {
    const { unmount } = render(<Page name="Кубок ФКЕ" />);
    document.title = 'Мероприятия';
    unmount();
    expect(document.title).toBe('Мероприятия');
  });
});
