import {
  type CONDITION_FIELDS,
  DATE_FILTERS,
  DATE_RANGES,
  type SearchRequest,
} from '../../../../api/search.ts';

export type ConditionField = (typeof CONDITION_FIELDS)[number];
export type ConditionOp = 'contains' | 'equals' | 'startsWith' | 'gt' | 'lt' | 'between';

export interface ConditionRow {
  field: ConditionField;
  op: ConditionOp;
  value: string;
  to: string;
}

/** The Advanced Search form as the person fills it: text everywhere, turned into a request by {@link toRequest}. */
export interface AdvancedForm {
  keywords: string;
  conditions: ConditionRow[];
  dateField: 'dateCreated' | 'dateAdded';
  /** '' (any time), `last:<n>`, `filter:<name>`, `range:<name>`, or `custom` with {@link customDays}/from/to. */
  when: string;
  customDays: string;
  from: string;
  to: string;
  aspectRatios: string[];
}

export const EMPTY_ADVANCED: AdvancedForm = {
  keywords: '',
  conditions: [],
  dateField: 'dateAdded',
  when: '',
  customDays: '',
  from: '',
  to: '',
  aspectRatios: [],
};

const NUMBER_FIELDS = new Set<ConditionField>(['size', 'width', 'height']);
const DATE_FIELDS = new Set<ConditionField>(['dateCreated', 'dateAdded']);

/** The operators that make sense for a field: text fields compare text, numbers and dates compare values. */
export function operatorsFor(field: ConditionField): ConditionOp[] {
  if (NUMBER_FIELDS.has(field) || DATE_FIELDS.has(field)) return ['equals', 'gt', 'lt', 'between'];
  if (field === 'keyword') return ['equals', 'contains', 'startsWith'];
  return ['contains', 'equals', 'startsWith'];
}

const dayStart = (date: string) => new Date(`${date}T00:00:00`).toISOString();

function conditionValue(field: ConditionField, text: string): string | number {
  if (NUMBER_FIELDS.has(field) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (DATE_FIELDS.has(field) && /^\d{4}-\d{2}-\d{2}$/.test(text)) return dayStart(text);
  return text;
}

/**
 * The request the form asks for. Empty rows are left out; dates typed as days (`2024-03-01`) are local midnight;
 * the server checks the rest and its messages are shown beside the fields.
 */
export function toRequest(form: AdvancedForm): Partial<SearchRequest> {
  const request: Partial<SearchRequest> = {};
  const keywords = form.keywords
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  if (keywords.length) request.keywords = keywords;
  const conditions = form.conditions
    .filter((row) => row.value.trim() !== '')
    .map((row) => ({
      field: row.field,
      op: row.op,
      value: conditionValue(row.field, row.value.trim()),
      ...(row.op === 'between' ? { to: conditionValue(row.field, row.to.trim()) } : {}),
    }));
  if (conditions.length) request.conditions = conditions;
  const date = dateOf(form);
  if (date) request.date = date;
  if (form.aspectRatios.length) request.aspectRatios = form.aspectRatios as SearchRequest['aspectRatios'];
  return request;
}

function dateOf(form: AdvancedForm): SearchRequest['date'] | undefined {
  const field = form.dateField;
  const [kind, value = ''] = form.when.split(':');
  if (kind === 'last') return { field, lastDays: Number(value) };
  if (kind === 'filter' && (DATE_FILTERS as readonly string[]).includes(value))
    return { field, filter: value as (typeof DATE_FILTERS)[number] };
  if (kind === 'range' && (DATE_RANGES as readonly string[]).includes(value))
    return { field, range: value as (typeof DATE_RANGES)[number] };
  if (kind === 'custom') {
    const date: NonNullable<SearchRequest['date']> = { field };
    if (form.customDays.trim() !== '') date.lastDays = Number(form.customDays);
    if (form.from) date.from = dayStart(form.from);
    if (form.to) date.to = dayStart(form.to);
    return date;
  }
  return undefined;
}

/** The form that shows a saved request again (a saved search run, then edited). */
export function fromRequest(request: Partial<SearchRequest>): AdvancedForm {
  const form: AdvancedForm = { ...EMPTY_ADVANCED, conditions: [] };
  form.keywords = request.keywords?.join(', ') ?? '';
  form.conditions = (request.conditions ?? []).map((each) => ({
    field: each.field,
    op: each.op,
    value: String(each.value),
    to: each.to === undefined ? '' : String(each.to),
  }));
  form.aspectRatios = [...(request.aspectRatios ?? [])];
  const date = request.date;
  if (date) {
    form.dateField = date.field;
    if (date.filter) form.when = `filter:${date.filter}`;
    else if (date.range) form.when = `range:${date.range}`;
    else if (date.lastDays !== undefined && !date.from && !date.to && [5, 10, 20, 30].includes(date.lastDays))
      form.when = `last:${date.lastDays}`;
    else {
      form.when = 'custom';
      form.customDays = date.lastDays === undefined ? '' : String(date.lastDays);
      form.from = date.from?.slice(0, 10) ?? '';
      form.to = date.to?.slice(0, 10) ?? '';
    }
  }
  return form;
}
