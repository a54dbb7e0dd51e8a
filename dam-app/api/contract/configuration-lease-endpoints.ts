import { okSchema } from '../accounts.ts';
import { leaseBodySchema, leaseSchema } from '../configuration-lease.ts';
import { endpointGroup } from './endpoint-group.ts';

const admin = endpointGroup('Administration', 'admin');

export const takeConfigurationLease = admin.post('/admin/configuration-lease', {
  summary:
    'Take or renew the lease on configuring a scope (R-CONFIGURATOR-LEASE); 409 names the administrator who holds it',
  body: leaseBodySchema,
  response: leaseSchema,
  errors: { 409: ['configuring'] },
});
export const releaseConfigurationLease = admin.post('/admin/configuration-lease/release', {
  summary: 'Give back one’s lease on a scope (nothing happens when another holds it)',
  body: leaseBodySchema,
  response: okSchema,
});
