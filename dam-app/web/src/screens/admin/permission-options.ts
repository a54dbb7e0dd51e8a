import { type Permission, permissionNames } from '../../../../api/accounts.ts';
import type { Option } from '../../components/checkbox-list.tsx';
import type { Translate } from '../../i18n/translate.ts';

/** Permissions an ACL can grant that no feature checks yet: the publishing feature does not exist. */
export const PERMISSIONS_GATING_NOTHING_YET: readonly Permission[] = ['publish rendition license'];

/** The ACL editor's permission checkboxes, each one that gates nothing yet saying so next to it. */
export function permissionOptions(t: Translate): Option<Permission>[] {
  return permissionNames.map((name) => ({
    value: name,
    label: name,
    ...(PERMISSIONS_GATING_NOTHING_YET.includes(name) ? { hint: t('admin.permissionGatesNothingYet') } : {}),
  }));
}
