// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { it } from 'vitest';
import { drawRoute, SLOW } from '../test-support/draw-route.tsx';
import { fakeApi } from '../test-support/fake-api.ts';

it('probe', async () => {
  fakeApi({
    'GET /api-keys': [
      {
        id: 1,
        name: 'Nightly import',
        prefix: 'rdam_ab',
        createdAt: '2026-01-01T00:00:00.000Z',
        lastUsedAt: null,
      },
    ],
  });
  drawRoute({ name: 'api-keys' });
  await screen.findByText('Nightly import', {}, SLOW);
  console.log('TABLES', document.querySelectorAll('table').length, document.body.textContent);
});
