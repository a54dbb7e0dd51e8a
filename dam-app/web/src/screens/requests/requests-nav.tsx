import { Badge, HStack } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { useRoute } from '../../app/use-route.ts';
import { Link } from '../../components/link.tsx';
import type { Route } from '../../router/routes.ts';
import { useRequestCounts } from './request-queries.ts';

/**
 * The header's links to the requests (§2 Approvals and tasks): Approvals Pending for approvers, with how many wait on
 * them, and My Requests with how many of mine are still submitted.
 */
export function RequestsNav() {
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
    {
      to: { name: 'my-requests' } as Route,
      label: t('requests.mine'),
      count: counts?.myOpenRequests ?? 0,
      countLabel: t('requests.open', { count: counts?.myOpenRequests ?? 0 }),
    },
  ];
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
