import { useRef, useState } from 'react';
import { DEFAULT_SHARE_MAX_DAYS, type ShareSource } from '../../../../api/shares.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { SecretOnceDialog } from '../../kit/secret-once-dialog.tsx';
import { ShareEditor } from './share-editor.tsx';
import { useShares } from './share-queries.ts';

/**
 * "Share…" from a cart, a collection or a selection: the share editor with that source and its name prefilled, then
 * the new link, shown this once.
 */
export function ShareDialog({
  source,
  name,
  onClose,
}: {
  source: ShareSource;
  name: string;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const shares = useShares();
  const [link, setLink] = useState<string | null>(null);
  // The editor closes itself right after it hands over the link: that close must leave the link on show.
  const made = useRef(false);
  if (link !== null)
    return (
      <SecretOnceDialog
        secret={link}
        title={t('shares.linkTitle')}
        body={t('shares.linkOnce')}
        testId="share-link"
        onClose={onClose}
      />
    );
  return (
    <ShareEditor
      from={{
        source,
        name: name || t('shares.selectionName', { count: 'ids' in source ? source.ids.length : 0 }),
      }}
      maxDays={shares.data?.maxExpirationDays ?? DEFAULT_SHARE_MAX_DAYS}
      onCreated={(created) => {
        made.current = true;
        setLink(created);
      }}
      onClose={() => {
        if (!made.current) onClose();
      }}
    />
  );
}
