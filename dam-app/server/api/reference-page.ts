type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** Escaped text with `code` spans, as the summaries and the description write them. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const json = (value: unknown) => `<pre tabindex="0">${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/**
 * The API reference page at `/api/docs`: rendered on the server from the OpenAPI document, no script, styled by one
 * same-origin sheet, so it works under the DAM's strict Content-Security-Policy.
 */
export function referencePage(document: Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'Other';
      const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
      const access = operation.security?.length === 0 ? 'public' : 'signed in';
      const params = (operation.parameters ?? [])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
        .join('');
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const responses = Object.entries(operation.responses ?? {})
        .map(
          ([status, response]) =>
            `<h4>${status} — ${escapeHtml(response.description ?? '')}</h4>${
              response.content?.['application/json']?.schema
                ? json(response.content['application/json'].schema)
                : ''
            }`,
        )
        .join('');
      const section = `<section id="${id}" class="operation">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api/v1${escapeHtml(path)}</code></h3>
<p>${prose(operation.summary ?? '')} <span class="access">${access}</span></p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<h4>Request body</h4>${json(body)}` : ''}
${responses}
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  const nav = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section class="operation" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${json(schema)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title>
<link rel="stylesheet" href="/api/docs/reference.css"></head>
<body><header><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${prose(document.info.description ?? '')}</p>
<p><a href="/api/v1/openapi.json">OpenAPI document (JSON)</a> · <a href="/sdk/docs/">Page SDK: reference and guides</a></p>
<nav aria-label="Sections"><ul>${nav}<li><a href="#schemas">Schemas</a></li></ul></nav></header>
<main>${sections}<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`;
}

export const REFERENCE_CSS = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem 1.5rem; color: #1a202c; }
h1 small { font-weight: normal; color: #4a5568; font-size: 0.6em; }
nav ul { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; list-style: none; padding: 0; }
.operation { border: 1px solid #cbd5e0; border-radius: 6px; padding: 0.5rem 1rem; margin: 0.75rem 0; }
.method { display: inline-block; min-width: 4.5em; text-align: center; border-radius: 4px; color: #fff; font-size: 0.8em; padding: 0.1em 0.4em; }
.get { background: #2c5282; } .post { background: #276749; } .put { background: #975a16; } .delete { background: #9b2c2c; }
.access { color: #4a5568; font-size: 0.85em; border: 1px solid #cbd5e0; border-radius: 4px; padding: 0 0.3em; }
pre:focus-visible { outline: 2px solid #2b6cb0; }
pre { background: #f7fafc; padding: 0.5rem; overflow-x: auto; font-size: 0.8em; max-height: 24rem; }
a:focus-visible { outline: 2px solid #2b6cb0; outline-offset: 2px; }
@media (prefers-color-scheme: dark) { body { background: #1a202c; color: #e2e8f0; } pre { background: #2d3748; } .access, h1 small { color: #cbd5e0; } a { color: #90cdf4; } }
`;
