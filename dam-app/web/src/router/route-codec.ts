/**
 * How one screen's address is read from the URL's hash and written back. Hash routing keeps the server a plain
 * static host, and it is the only form the links the server mails can take: the invitation link
 * `{host}/index.html#CU<id>` (R-INVITE-LINK), the reset link `/#reset=<token>` and the activation link `/#activate`.
 */
export interface RouteCodec<P> {
  /** The screen's parameters, or undefined when the hash is not this screen's. */
  parse(hash: HashParts): P | undefined;
  href(params: P): string;
}

export interface HashParts {
  /** The whole hash without its `#`. */
  raw: string;
  /** The part before `?`, `/` when empty. */
  path: string;
  query: URLSearchParams;
}

export const ID = /^[1-9][0-9]{0,15}$/;

export function hashParts(rawHash: string): HashParts {
  const raw = rawHash.startsWith('#') ? rawHash.slice(1) : rawHash;
  const [path = '', query = ''] = raw.split('?');
  return { raw, path: path || '/', query: new URLSearchParams(query) };
}

export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

type Values = Record<string, readonly string[]>;
/** A query parameter's allowed values, or `'id'`: a positive whole number (a comment to open at). */
type QueryValues = Record<string, readonly string[] | 'id'>;

/**
 * A screen at a path: `'/folder/:id'`, where `:id` is a positive whole number and any other `:name` one of
 * `segments[name]`. `query` names optional parameters with their allowed values (`?view=list`); a value not
 * allowed is left out, not an error. Further templates (`'/admin'`) read the same screen with `defaults`.
 */
export function path<P extends object = Record<never, never>>(
  templates: string | string[],
  options: { segments?: Values; query?: QueryValues; defaults?: Partial<P> } = {},
): RouteCodec<P> {
  const all = Array.isArray(templates) ? templates : [templates];
  const [main = '/'] = all;
  return {
    parse: ({ path: actual, query }) => {
      for (const template of all) {
        const params = matchTemplate(template, actual, options.segments ?? {});
        if (!params) continue;
        const result: Record<string, unknown> = { ...options.defaults, ...params };
        for (const [name, allowed] of Object.entries(options.query ?? {})) {
          const value = query.get(name);
          if (!value) continue;
          if (allowed === 'id') {
            if (ID.test(value)) result[name] = Number(value);
          } else if (allowed.includes(value)) result[name] = value;
        }
        return result as P;
      }
      return undefined;
    },
    href: (params) => {
      const values = params as Record<string, unknown>;
      const filled = main.replace(/:([a-zA-Z]+)/g, (_, name: string) => String(values[name]));
      const query = new URLSearchParams();
      for (const name of Object.keys(options.query ?? {}))
        if (values[name] !== undefined) query.set(name, String(values[name]));
      const text = query.toString();
      return `#${filled}${text ? `?${text}` : ''}`;
    },
  };
}

function matchTemplate(template: string, actual: string, segments: Values) {
  const want = template.split('/');
  const have = actual.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string | number> = {};
  for (const [index, part] of want.entries()) {
    const value = have[index] ?? '';
    if (!part.startsWith(':')) {
      if (part !== value) return undefined;
      continue;
    }
    const name = part.slice(1);
    const allowed = segments[name];
    if (allowed) {
      if (!allowed.includes(value)) return undefined;
      params[name] = value;
    } else {
      if (!ID.test(value)) return undefined;
      params[name] = Number(value);
    }
  }
  return params;
}

/** A screen the hash names by a prefix and one encoded value: `#CU<id>`, `#reset=<token>`. */
export function prefixed<K extends string>(
  prefix: string,
  key: K,
  valid: (value: string) => boolean,
): RouteCodec<Record<K, string>> {
  return {
    parse: ({ raw }) => {
      if (!raw.startsWith(prefix)) return undefined;
      const value = safeDecode(raw.slice(prefix.length));
      return value !== undefined && valid(value) ? ({ [key]: value } as Record<K, string>) : undefined;
    },
    href: (params) => `#${prefix}${encodeURIComponent(params[key])}`,
  };
}
