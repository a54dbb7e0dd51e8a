import { REPO_ROOT } from '../../lib/repo.mjs';

/** The repository root without its trailing slash (benchmarks run bundled from scripts/bench/.build/ or as sources). */
export const REPO = REPO_ROOT.replace(/\/$/, '');
