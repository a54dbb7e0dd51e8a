// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test-support/render-screen.tsx';
import { Select, SelectField } from './select-field.tsx';

const GROUPS = [
  { value: 1, label: 'Designers' },
  { value: 2, label: 'Editors' },
];

describe('Select and SelectField', () => {
  it('offers the choices (and "none" first when asked), shows the value, and hands on the one picked', () => {
    const onValue = vi.fn();
    renderScreen(
      <SelectField label="Group" name="group" value={2} onValue={onValue} none="No group" choices={GROUPS} />,
    );
    const select = screen.getByRole('combobox', { name: 'Group' }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'No group'],
      ['1', 'Designers'],
      ['2', 'Editors'],
    ]);
    expect(select.value).toBe('2');
    fireEvent.change(select, { target: { value: '1' } });
    expect(onValue).toHaveBeenCalledWith('1');
  });

  it('shows a field message, and names a select without a visible label', () => {
    renderScreen(
      <>
        <SelectField label="Destination" value={1} onValue={vi.fn()} choices={GROUPS} error="Not there." />
        <Select aria-label="Sort by" value={1} onValue={vi.fn()} choices={GROUPS} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Destination' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Not there.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).options).toHaveLength(2);
  });
});
