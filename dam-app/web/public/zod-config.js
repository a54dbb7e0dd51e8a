// zod's settings, read from this global when zod loads. A classic script runs before any module chunk: the bundle
// evaluates the chunks holding the shared schemas before the entry's own code, and each object schema probes
// `new Function` as it is built unless jitless is already set — Firefox logs that probe as a CSP violation
// (script-src 'self', no 'unsafe-eval'). Without the probe the parsers stay correct, a little slower.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
