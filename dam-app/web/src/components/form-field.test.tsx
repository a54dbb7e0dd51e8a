// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test-support/render-screen.tsx';
import { FormField } from './form-field.tsx';

describe('FormField', () => {
  it('draws a labelled text area for a multi-line text, with its message, and hands on the text', () => {
    const onValue = vi.fn();
    renderScreen(
      <FormField
        label="Description"
        name="description"
        multiline
        rows={3}
        value=""
        onValue={onValue}
        error="Too long"
      />,
    );
    const area = screen.getByRole('textbox', { name: 'Description' });
    expect([area.tagName, area.getAttribute('rows'), area.getAttribute('aria-invalid')]).toEqual([
      'TEXTAREA',
      '3',
      'true',
    ]);
    expect(screen.getByText('Too long')).toBeTruthy();
    fireEvent.change(area, { target: { value: 'line one\nline two' } });
    expect(onValue).toHaveBeenCalledWith('line one\nline two');
  });

  it('keeps a read-only or disabled multi-line text from being changed', () => {
    renderScreen(
      <>
        <FormField label="Shown" name="shown" multiline readOnly value="x" onValue={vi.fn()} />
        <FormField label="Off" name="off" multiline disabled value="" onValue={vi.fn()} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Shown' }).hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Off' }).hasAttribute('disabled')).toBe(true);
  });
});
