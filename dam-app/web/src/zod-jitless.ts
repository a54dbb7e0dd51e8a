import { z } from 'zod';

// zod probes `new Function` once to compile fast parsers; under the page's CSP (no 'unsafe-eval') Firefox logs that
// probe as a violation. jitless skips it: the parsers stay correct, a little slower, and the console stays clean.
z.config({ jitless: true });
