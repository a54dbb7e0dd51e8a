export function filesToRewrite(root?: string): string[];
export const SECTION_RULES: Record<number, [RegExp, string[]][]>;
export const MAPPED_IDS: string[];
export function citesSpec(text: string): boolean;
export function citeRules(
  source: string,
  show?: (from: string, to: string, line: string) => void,
): { text: string; changed: number; unmapped: string[] };
export function fixRulePaths(damApp: string): { text: string; moved: string[]; lost: string[] };
export const RELEASED_MIGRATION: RegExp;
