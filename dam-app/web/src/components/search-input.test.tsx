// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test-support/render-screen.tsx';
import { SearchInput } from './search-input.tsx';

describe('SearchInput', () => {
  it('is a search box named by its label, which is its placeholder unless one is given, and hands on the words', () => {
    const onValue = vi.fn();
    renderScreen(
      <>
        <SearchInput label="Filter" value="" onValue={onValue} />
        <SearchInput label="Words" placeholder="Search…" value="dawn" onValue={vi.fn()} />
      </>,
    );
    const filter = screen.getByRole('searchbox', { name: 'Filter' }) as HTMLInputElement;
    expect(filter.placeholder).toBe('Filter');
    const words = screen.getByRole('searchbox', { name: 'Words' }) as HTMLInputElement;
    expect([words.placeholder, words.value]).toEqual(['Search…', 'dawn']);
    fireEvent.change(filter, { target: { value: 'red' } });
    expect(onValue).toHaveBeenCalledWith('red');
  });
});
