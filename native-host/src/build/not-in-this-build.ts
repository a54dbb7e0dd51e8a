/** The error for a test double's setting in a build without doubles, so a mis-set environment fails loudly. */
export function notInThisBuild(setting: string): Error {
  return new Error(`${setting} selects a test double, which this release build does not contain`);
}
