import { gzipSync } from 'node:zlib';

/** The part of a Rollup/Rolldown output chunk the weight needs. */
export interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  name?: string;
  code?: string;
  imports?: readonly string[];
}

/** gzip (level 9) bytes of the JavaScript an entry loads before it runs: the entry and its static imports. */
export function entryWeight(bundle: Record<string, ChunkLike>, entryFile: string): number {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of bundle[file]?.imports ?? []) visit(imported);
  };
  visit(entryFile);
  let bytes = 0;
  for (const file of seen) bytes += gzipSync(bundle[file]?.code ?? '', { level: 9 }).length;
  return bytes;
}

/**
 * Vite plugin: prints the gzip weight of each page's JavaScript and fails the build when a banner page
 * (`banners`: entry names) is over `budgetBytes`.
 */
export function bannerWeight(banners: readonly string[], budgetBytes: number) {
  return {
    name: 'rapid-banner-weight',
    apply: 'build' as const,
    generateBundle(_options: unknown, bundle: Record<string, ChunkLike>) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !chunk.name) continue;
        const bytes = entryWeight(bundle, chunk.fileName);
        const banner = banners.includes(chunk.name);
        process.stdout.write(
          `installer-frame: ${chunk.name} page loads ${(bytes / 1024).toFixed(1)} KiB of JavaScript (gzip)` +
            `${banner ? ` (budget ${(budgetBytes / 1024).toFixed(0)} KiB)` : ''}\n`,
        );
        if (banner && bytes > budgetBytes)
          throw new Error(
            `the ${chunk.name} banner is over its JavaScript budget by ${bytes - budgetBytes} bytes`,
          );
      }
    },
  };
}
