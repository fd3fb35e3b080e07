import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_DEBOUNCE_MS } from '@fed/validation';
import { useCheckedField } from './use-checked-field';

const sixDigits = (value: string) => (/^\d{6}$/.test(value) ? null : 'Код состоит из 6 цифр');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCheckedField', () => {
  it('knows validity at once and shows nothing until the field is left', () => {
    const { result, rerender } = renderHook(({ value }) => useCheckedField(value, sixDigits), {
      initialProps: { value: '12' },
    });
    expect(result.current).toMatchObject({ valid: false, error: undefined });
    rerender({ value: '123456' });
    expect(result.current).toMatchObject({ valid: true, error: undefined });
  });

  it('checks a blur the forms’ debounce later, with the value then, and keeps the message while the fix is typed', () => {
    const { result, rerender } = renderHook(({ value }) => useCheckedField(value, sixDigits), {
      initialProps: { value: '12' },
    });
    act(() => result.current.onBlur());
    expect(result.current.error).toBeUndefined();
    act(() => void vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS));
    expect(result.current.error).toBe('Код состоит из 6 цифр');
    rerender({ value: '123456' });
    expect(result.current).toMatchObject({ valid: true, error: 'Код состоит из 6 цифр' });
    act(() => result.current.onBlur());
    act(() => void vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS));
    expect(result.current.error).toBeUndefined();
  });

  it('checks a send at once, dropping a blur’s check still waiting so a server’s message stays', () => {
    const { result } = renderHook(() => useCheckedField<string>('123456', sixDigits));
    act(() => result.current.onBlur());
    let passes = false;
    act(() => {
      passes = result.current.checkNow();
      result.current.showError('Неверный код');
    });
    expect(passes).toBe(true);
    act(() => void vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS * 10));
    expect(result.current.error).toBe('Неверный код');
    act(() => void result.current.checkNow('12'));
    expect(result.current.error).toBe('Код состоит из 6 цифр');
  });
});
