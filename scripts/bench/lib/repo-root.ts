import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: benchmarks run bundled from scripts/bench/.build/, sources sit in scripts/bench/lib/ — both two levels below scripts/. */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
