import { Badge, HStack } from '@chakra-ui/react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useRoute } from '../../app/use-route.ts';
import { mayDownload } from '../../asset-widgets/asset-access.ts';
import { Link } from '../../components/link.tsx';
import type { Route } from '../../router/routes.ts';
import { useRequestCounts } from './request-queries.ts';

/**
 * The header's links to the requests (Approvals and tasks), each with its count: Approvals Pending for approvers
 * (how many wait on them), My Requests for requestors, who may not download, or anyone with a request still submitted.
 * Others reach My Requests from the user menu; the header keeps its one row.
 */
export function RequestsNav({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  const route = useRoute();
  const counts = useRequestCounts().data;
  const links: { to: Route; label: string; count: number; countLabel: string }[] = [
    ...(counts?.mayApprove
      ? [
          {
            to: { name: 'approvals' } as Route,
            label: t('approvals.title'),
            count: counts.pendingApprovals,
            countLabel: t('approvals.waiting', { count: counts.pendingApprovals }),
          },
        ]
      : []),
    ...(!mayDownload(session) || (counts?.myOpenRequests ?? 0) > 0
      ? [
          {
            to: { name: 'my-requests' } as Route,
            label: t('requests.mine'),
            count: counts?.myOpenRequests ?? 0,
            countLabel: t('requests.open', { count: counts?.myOpenRequests ?? 0 }),
          },
        ]
      : []),
  ];
  if (links.length === 0) return null;
  return (
    <HStack as="nav" aria-label={t('requests.nav')} gap="3" fontSize="sm">
      {links.map((link) => {
        const active = route.name === link.to.name;
        return (
          <Link
            key={link.to.name}
            to={link.to}
            color="dam.headerFg"
            fontWeight={active ? 'bold' : 'medium'}
            textDecoration={active ? 'underline' : undefined}
            aria-current={active ? 'page' : undefined}
            whiteSpace="nowrap"
            data-nav={link.to.name}
          >
            {link.label}
            {link.count > 0 && (
              <Badge ms="1" colorPalette="orange" variant="solid" aria-label={link.countLabel} data-count="">
                {link.count}
              </Badge>
            )}
          </Link>
        );
      })}
    </HStack>
  );
}
