import { describe, expect, it } from 'vitest';
import { permissionNames } from '../../../../api/accounts.ts';
import { translator } from '../../i18n/translate.ts';
import { permissionOptions } from './permission-options.ts';

describe('the ACL editor permission options', () => {
  it('offers every permission, and says of publish rendition license that it gates nothing yet (trigger workflow now gates manual workflows)', () => {
    for (const language of ['en', 'fr'] as const) {
      const t = translator(language);
      const options = permissionOptions(t);
      expect(options.map((option) => option.value)).toEqual([...permissionNames]);
      const hinted = options.filter((option) => option.hint).map((option) => option.value);
      expect(hinted).toEqual(['publish rendition license']);
      for (const option of options.filter((each) => each.hint))
        expect(option.hint).toBe(t('admin.permissionGatesNothingYet'));
    }
  });
});
