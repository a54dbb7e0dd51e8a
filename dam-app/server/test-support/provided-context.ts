// What the dam-app global setup hands to every suite (`inject('postgresUrl')`).
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A migrated, closed PGlite data folder that suites copy instead of running initdb and the migrations. */
    pgliteTemplate: string;
    /** The DAM's entries bundled for this run (server-bundle.ts). */
    damServerBundle: { server: string; 'demo-server': string };
  }
}

export {};
