/** Keywords grouped under their first letter (digits and signs under "#"), in the order the server sorts them. */
export function groupByLetter(keywords: readonly { keyword: string; count: number }[]) {
  const groups = new Map<string, { keyword: string; count: number }[]>();
  for (const each of keywords) {
    const first = each.keyword.normalize('NFD').charAt(0).toUpperCase();
    const letter = /\p{L}/u.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), each]);
  }
  return [...groups.entries()];
}
