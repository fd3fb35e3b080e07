import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { stubViewportWidth } from '../../testing/match-media';
import { Modal, type ModalProps } from './modal';

function Harness(props: Partial<ModalProps> & { onChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Modal
        title="Добавление нового аккаунта"
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onChange?.(next);
        }}
      >
        <p>Новый аккаунт будет привязан к вашему номеру телефона.</p>
        <input aria-label="Фамилия" />
      </Modal>
    </>
  );
}

const dragHandle = () => document.querySelector<HTMLElement>('[data-drag-handle]');

function drag(by: number) {
  const handle = dragHandle();
  if (!handle) throw new Error('no drag handle');
  fireEvent.pointerDown(handle, { clientY: 500, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientY: 500 + by, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientY: 500 + by, pointerId: 1 });
}

describe('Modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a titled dialog that locks page scroll and closes from its close icon', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Добавление нового аккаунта' });
    expect(document.body).toHaveAttribute('data-scroll-locked');
    expect(dialog).toHaveFocus();
    await expectNoSeriousAxeViolations(dialog);

    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it('asks a question without an empty body between it and the buttons', () => {
    render(
      <Modal
        open
        onOpenChange={vi.fn()}
        title="Отменить заявку?"
        description="Вернуть её будет нельзя."
        footer={<button type="button">Отменить заявку</button>}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Отменить заявку?' });
    expect(dialog).toHaveAccessibleDescription('Вернуть её будет нельзя.');
    expect(dialog.querySelector('[tabindex="0"]')).toBeNull();
    expect(screen.getByText('Вернуть её будет нельзя.').nextElementSibling?.tagName).toBe('FOOTER');
  });

  it('closes on a backdrop click and on Escape', async () => {
    render(<Harness />);
    const overlay = document.querySelector('[data-modal-overlay]');
    if (!overlay) throw new Error('no overlay');
    // Radix starts listening for outside presses a tick after opening, so the opening click is not one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // jsdom computes no layout, and Radix marks the body `pointer-events: none` under the overlay.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(overlay);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps focus inside while open and gives it back to the button that opened it', async () => {
    function Opened() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Отменить заявку
          </button>
          <Modal
            open={open}
            onOpenChange={setOpen}
            title="Отменить заявку?"
            footer={<button>Не отменять</button>}
          >
            <input aria-label="Причина" />
          </Modal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Opened />);
    const opener = screen.getByRole('button', { name: 'Отменить заявку' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Отменить заявку?' });
    expect(dialog).toHaveFocus();
    for (let press = 0; press < 6; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps its content busy and cannot be closed while loading', async () => {
    const onChange = vi.fn();
    render(<Harness loading onChange={onChange} />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
    expect(screen.getByLabelText('Фамилия').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('on a phone closes when dragged down more than 100 px by its handle', () => {
    stubViewportWidth(375);
    render(<Harness />);
    drag(100);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('dialog').style.getPropertyValue('--drag-offset')).toBe('0px');
    drag(101);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows the finger while dragging', () => {
    stubViewportWidth(375);
    render(<Harness />);
    const handle = dragHandle();
    if (!handle) throw new Error('no drag handle');
    fireEvent.pointerDown(handle, { clientY: 400, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 460, pointerId: 1 });
    expect(screen.getByRole('dialog').style.getPropertyValue('--drag-offset')).toBe('60px');
    fireEvent.pointerMove(handle, { clientY: 300, pointerId: 1 });
    expect(screen.getByRole('dialog').style.getPropertyValue('--drag-offset')).toBe('0px');
  });

  it.each<[string, Partial<ModalProps>, number]>([
    ['on wide screens', {}, 1280],
    ['with noSwap', { noSwap: true }, 375],
    ['with draggableOnMobile off', { draggableOnMobile: false }, 375],
    ['while loading', { loading: true }, 375],
  ])('has no drag handle %s', (_case, props, width) => {
    stubViewportWidth(width);
    render(<Harness {...props} />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dragHandle()).toBeNull();
  });
});
