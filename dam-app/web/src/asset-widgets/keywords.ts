/** Keywords typed as one comma-separated line, as the list the server stores. */
export const keywordsOf = (text: string) =>
  text
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
