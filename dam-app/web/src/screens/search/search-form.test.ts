import { describe, expect, it } from 'vitest';
import { searchRequestSchema } from '../../../../api/search.ts';
import { EMPTY_ADVANCED, fromRequest, operatorsFor, toRequest } from './search-form.ts';

describe('advanced search form', () => {
  it('turns the filled form into a request the server schema accepts', () => {
    const request = toRequest({
      ...EMPTY_ADVANCED,
      keywords: ' landscape, , morning ',
      conditions: [
        { field: 'size', op: 'gt', value: '1000', to: '' },
        { field: 'name', op: 'contains', value: 'dawn', to: '' },
        { field: 'width', op: 'between', value: '100', to: '800' },
        { field: 'fileName', op: 'equals', value: '  ', to: '' },
      ],
      when: 'last:10',
      aspectRatios: ['16:9'],
    });
    expect(request).toEqual({
      keywords: ['landscape', 'morning'],
      conditions: [
        { field: 'size', op: 'gt', value: 1000 },
        { field: 'name', op: 'contains', value: 'dawn' },
        { field: 'width', op: 'between', value: 100, to: 800 },
      ],
      date: { field: 'dateAdded', lastDays: 10 },
      aspectRatios: ['16:9'],
    });
    expect(searchRequestSchema.safeParse(request).success).toBe(true);
  });

  it('knows the spec’s date filters and ranges, and a custom window', () => {
    expect(toRequest({ ...EMPTY_ADVANCED, when: 'filter:lastMonth' }).date).toEqual({
      field: 'dateAdded',
      filter: 'lastMonth',
    });
    expect(
      toRequest({ ...EMPTY_ADVANCED, dateField: 'dateCreated', when: 'range:last6months' }).date,
    ).toEqual({
      field: 'dateCreated',
      range: 'last6months',
    });
    const custom = toRequest({ ...EMPTY_ADVANCED, when: 'custom', customDays: '45' }).date;
    expect(custom).toEqual({ field: 'dateAdded', lastDays: 45 });
    // A "from" after "to" reaches the schema, which answers the spec's message on `date.from`.
    const backwards = toRequest({ ...EMPTY_ADVANCED, when: 'custom', from: '2024-03-02', to: '2024-03-01' });
    const parsed = searchRequestSchema.safeParse(backwards);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['date', 'from']);
  });

  it('shows a saved request again as the form', () => {
    const request = toRequest({
      ...EMPTY_ADVANCED,
      keywords: 'city',
      conditions: [{ field: 'kind', op: 'equals', value: 'image', to: '' }],
      when: 'range:last3months',
      aspectRatios: ['1:1', '4:3'],
    });
    expect(toRequest(fromRequest(request))).toEqual(request);
    expect(operatorsFor('dateCreated')).toContain('between');
    expect(operatorsFor('keyword')).not.toContain('gt');
  });
});
