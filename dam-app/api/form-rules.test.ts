import { describe, expect, it } from 'vitest';
import { initialState, runRules } from './form-rules.ts';
import { type Form, type FormRule, formSchema } from './forms.ts';

const NS = 'http://ns.example.org/photo/1.0/';
const field = (property: string, kind = 'String', notEmpty = false) => ({
  schema: NS,
  property,
  label: property,
  validator: { kind, notEmpty },
  multiline: false,
});
const form = (rules: Partial<FormRule>[]): Form =>
  formSchema.parse({
    id: 1,
    name: 'Photo',
    description: '',
    tabs: [
      {
        name: 'Main',
        fields: [field('city'), field('country'), field('credit', 'String', true), field('note')],
      },
    ],
    rules,
    assignments: [],
  });
const key = (property: string) => `${NS}${property}`;

describe('form rules (R-FORM-RULES)', () => {
  it('starts with the NotEmpty fields required and nothing hidden', () => {
    const state = initialState(form([]), { [key('city')]: 'Oslo' });
    expect([...state.required]).toEqual([key('credit')]);
    expect(state.hidden.size).toBe(0);
  });

  it('runs only the rules of the trigger event: load, change, post save, submit', async () => {
    const rules = (['load', 'change', 'postSave', 'submit'] as const).map((trigger) => ({
      target: key('note'),
      trigger,
      action: 'setValue' as const,
      value: trigger,
    }));
    const f = form(rules);
    for (const trigger of ['load', 'change', 'postSave', 'submit'] as const) {
      const state = await runRules(f, trigger, initialState(f, {}));
      expect(state.values[key('note')]).toBe(trigger);
    }
  });

  it('shows, hides and requires on a condition; copies a field; an On Change rule runs for its own field', async () => {
    const f = form([
      { target: key('note'), trigger: 'load', action: 'hide' },
      {
        target: key('note'),
        trigger: 'change',
        action: 'show',
        when: { field: key('country'), equals: 'NO' },
      },
      {
        target: key('city'),
        trigger: 'change',
        action: 'require',
        when: { field: key('country'), equals: 'NO' },
      },
      { target: key('credit'), trigger: 'submit', action: 'copyFrom', source: key('city') },
    ]);
    const loaded = await runRules(f, 'load', initialState(f, {}));
    expect(loaded.hidden.has(key('note'))).toBe(true);
    const otherChange = await runRules(
      f,
      'change',
      { ...loaded, values: { [key('country')]: 'NO' } },
      { changed: key('city') },
    );
    expect(otherChange.hidden.has(key('note'))).toBe(true);
    const changed = await runRules(
      f,
      'change',
      { ...loaded, values: { [key('country')]: 'NO', [key('city')]: 'Bergen' } },
      { changed: key('country') },
    );
    expect(changed.hidden.has(key('note'))).toBe(false);
    expect(changed.required.has(key('city'))).toBe(true);
    const submitted = await runRules(f, 'submit', changed);
    expect(submitted.values[key('credit')]).toBe('Bergen');
  });

  it('sets a field from a dictionary through the lookup it is given', async () => {
    const f = form([
      {
        target: key('city'),
        trigger: 'change',
        action: 'setFromDictionary',
        source: key('city'),
        dictionaryId: 3,
      },
    ]);
    const lookup = async (id: number, text: string) => (id === 3 && text === 'oslo' ? 'Oslo' : undefined);
    const state = await runRules(f, 'change', initialState(f, { [key('city')]: 'oslo' }), {
      changed: key('city'),
      lookup,
    });
    expect(state.values[key('city')]).toBe('Oslo');
  });
});
