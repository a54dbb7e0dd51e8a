import { isRequired } from './field-validators.ts';
import { type FieldValues, type Form, fieldKey, type RuleTrigger } from './forms.ts';

/** What a form shows after its rules ran: the values, the fields hidden and the fields that must not be empty. */
export interface FormState {
  values: FieldValues;
  hidden: Set<string>;
  required: Set<string>;
}

/** The dictionary word a text stands for (case aside), or undefined: the server asks its database, the web the API. */
export type WordLookup = (dictionaryId: number, text: string) => Promise<string | undefined>;

/** The state before any rule: the stored values, nothing hidden, the NotEmpty validators' fields required. */
export function initialState(form: Form, values: FieldValues): FormState {
  const fields = form.tabs.flatMap((tab) => tab.fields);
  return {
    values: { ...values },
    hidden: new Set(),
    required: new Set(fields.filter((field) => isRequired(field.validator)).map(fieldKey)),
  };
}

/**
 * R-FORM-RULES: runs the form's rules of one trigger event, in their order, over a state (On Load, On Change,
 * On Post Save, On Submit). An On Change rule runs when the field it reads (its source, else its condition's field)
 * is the one that changed, or on any change when it reads none. The same function runs in the web form and on save.
 */
export async function runRules(
  form: Form,
  trigger: RuleTrigger,
  state: FormState,
  options: { changed?: string; lookup?: WordLookup } = {},
): Promise<FormState> {
  const next: FormState = {
    values: { ...state.values },
    hidden: new Set(state.hidden),
    required: new Set(state.required),
  };
  for (const rule of form.rules) {
    if (rule.trigger !== trigger) continue;
    const reads = rule.source ?? rule.when?.field;
    if (trigger === 'change' && reads !== undefined && reads !== options.changed) continue;
    if (rule.when && (next.values[rule.when.field] ?? '').trim() !== rule.when.equals.trim()) continue;
    switch (rule.action) {
      case 'show':
        next.hidden.delete(rule.target);
        break;
      case 'hide':
        next.hidden.add(rule.target);
        break;
      case 'require':
        next.required.add(rule.target);
        break;
      case 'setValue':
        next.values[rule.target] = rule.value ?? '';
        break;
      case 'copyFrom':
        if (rule.source !== undefined) next.values[rule.target] = next.values[rule.source] ?? '';
        break;
      case 'setFromDictionary': {
        const text = rule.source === undefined ? '' : (next.values[rule.source] ?? '').trim();
        if (text && rule.dictionaryId !== undefined && options.lookup) {
          const word = await options.lookup(rule.dictionaryId, text);
          if (word !== undefined) next.values[rule.target] = word;
        }
        break;
      }
    }
  }
  return next;
}
