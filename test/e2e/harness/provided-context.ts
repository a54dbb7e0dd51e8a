// What the end-to-end global setup hands to every suite (`inject('pgliteTemplate')`).
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, closed PGlite data folder that a suite's DAM starts from a copy of. */
    pgliteTemplate: string;
  }
}

export {};
