import { isDeepStrictEqual } from 'node:util';

/** One observation on which the two SDKs disagree, named `scenario › item`. */
export interface Difference {
  id: string;
  connect: unknown;
  rapid: unknown;
}

/** An item of a scenario's observation: one call's outcome, one logger level, one Utils entry, or the whole. */
function items(observed: unknown): [string, unknown][] {
  if (Array.isArray(observed) && observed.every((each) => typeof each?.call === 'string'))
    return observed.map((each) => [each.call, each]);
  if (observed && typeof observed === 'object' && 'out' in observed && Array.isArray(observed.out))
    return [
      ['keys', (observed as unknown as { keys: unknown }).keys],
      ...observed.out.map((each: { level: number }) => [`level ${each.level}`, each] as [string, unknown]),
    ];
  if (observed && typeof observed === 'object' && 'keys' in observed) return Object.entries(observed);
  return [['', observed]];
}

/** The items of one scenario on which the published SDK and ours differ. */
export function differences(scenario: string, connect: unknown, rapid: unknown): Difference[] {
  const theirs = new Map(items(connect));
  const ours = new Map(items(rapid));
  const out: Difference[] = [];
  for (const key of new Set([...theirs.keys(), ...ours.keys()])) {
    if (isDeepStrictEqual(theirs.get(key), ours.get(key))) continue;
    out.push({ id: key ? `${scenario} › ${key}` : scenario, connect: theirs.get(key), rapid: ours.get(key) });
  }
  return out;
}

/** The ids listed in COMPATIBILITY.md: the first cell of each table row, in backticks. */
export function listedIds(markdown: string): string[] {
  return [...markdown.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] as string);
}
