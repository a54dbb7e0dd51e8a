import { describe, expect, it } from 'vitest';
import { differences, listedIds } from './differences.ts';

describe('differences', () => {
  it('names each call whose outcome differs, and nothing else', () => {
    const connect = [
      { call: 'version()', threw: { error: 'Error', message: 'x' } },
      { call: 'getStatus()', returned: 'RUNNING' },
    ];
    const rapid = [
      { call: 'version()', promise: { resolved: {} } },
      { call: 'getStatus()', returned: 'RUNNING' },
    ];
    expect(differences('calls', connect, rapid).map((each) => each.id)).toEqual(['calls › version()']);
  });

  it('compares a status scenario as a whole', () => {
    expect(differences('s', { statuses: ['A'] }, { statuses: ['A'] })).toEqual([]);
    expect(differences('s', { statuses: ['A'] }, { statuses: ['B'] })).toEqual([
      { id: 's', connect: { statuses: ['A'] }, rapid: { statuses: ['B'] } },
    ]);
  });
});

describe('listedIds', () => {
  it('reads the first cell of the table rows', () => {
    const markdown = '| id | why |\n| --- | --- |\n| `calls › version()` | §5 |\n| plain | x |\n';
    expect(listedIds(markdown)).toEqual(['calls › version()']);
  });
});
