import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml, sanitizeHtml } from './safe-html';

function render(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

describe('markdownToSafeHtml', () => {
  it('renders inline markdown only: bold and italic, not blocks', () => {
    const box = render(markdownToSafeHtml('**Готово**, *почти*\n- один\n# два\n~~три~~ `четыре`'));
    expect(box.querySelector('strong')?.textContent).toBe('Готово');
    expect(box.querySelector('em')?.textContent).toBe('почти');
    expect(box.querySelectorAll('br')).toHaveLength(3);
    expect(box.querySelector('p, li, ul, h1, del, code')).toBeNull();
    expect(box.textContent).toBe('Готово, почти- один# дватри четыре');
  });

  it('opens links in a new tab without an opener', () => {
    const link = render(markdownToSafeHtml('[Регламент](https://example.org/doc)')).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org/doc');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('strips raw HTML but keeps its text', () => {
    const box = render(
      markdownToSafeHtml('Текст <b onclick="alert(1)">жирный</b> <img src=x onerror=alert(1)>'),
    );
    expect(box.querySelector('b, img, [onclick], [onerror]')).toBeNull();
    expect(box.textContent).toContain('жирный');
  });

  it('leaves javascript: links inert', () => {
    const box = render(markdownToSafeHtml('[нажми](javascript:alert(1))'));
    const link = box.querySelector('a');
    expect(link?.hasAttribute('href') ?? false).toBe(false);
    expect(link?.hasAttribute('target') ?? false).toBe(false);
    expect(box.innerHTML).not.toContain('javascript');
  });
});

describe('sanitizeHtml', () => {
  it('keeps harmless HTML and removes scripts and handlers', () => {
    const box = render(sanitizeHtml('<b>Важно</b><script>alert(1)</script><span onmouseover="x()">!</span>'));
    expect(box.querySelector('b')?.textContent).toBe('Важно');
    expect(box.querySelector('script, [onmouseover]')).toBeNull();
  });
});
