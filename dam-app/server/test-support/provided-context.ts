// What the dam-app global setup hands to every suite (`inject('postgresUrl')`).
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export {};
