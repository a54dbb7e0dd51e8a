import {
  BAD_CURSORS,
  BAD_DATES,
  BAD_NUMBERS,
  BAD_STRINGS,
  BAD_URL_TEXTS,
  pick,
  RAW_HUGE,
  RAW_NEGATIVE_ZERO,
  seededRandom,
  shuffled,
  WRONG_TYPES,
} from './fuzz-values.ts';

/** The part of JSON Schema (as zod-openapi writes it) that the generator reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface FuzzRoute {
  method: string;
  path: string;
  cases: FuzzCase[];
}

export interface FuzzCase {
  /** What was changed, for the failure report. */
  label: string;
  /** The path with its parameters and query string, relative to `/api/v1`. */
  url: string;
  /** The JSON text sent, or undefined for no body. */
  body?: string;
}

export interface FuzzOptions {
  seed: number;
  /** Single-field changes per route (round robin over the fields, worst values first); at least one a field. */
  fieldCases: number;
  /** Whole random requests per route (every field drawn at once, so values meet the fields they break). */
  randomCases: number;
  /** A path parameter's usual value (an id that exists), so a change of another field reaches the handler. */
  pathValue(path: string, name: string): string;
}

type Segment = string | number;
type Field = { where: 'path' | 'query' | 'body'; at: Segment[]; schema: JsonSchema; required: boolean };

/**
 * Generated fuzz cases for every JSON operation of an OpenAPI document: each path, query and body field given wrong
 * types, extremes, NUL, lone surrogates, numbers and dates no database column holds, crafted paging cursors, a
 * missing required field and an unknown one; then whole random requests. Deterministic for a seed.
 */
export function fuzzRoutes(document: OpenApiDocument, options: FuzzOptions): FuzzRoute[] {
  const random = seededRandom(options.seed);
  const resolve = (schema: JsonSchema): JsonSchema => {
    let current = schema;
    while (current.$ref) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = document.components?.schemas?.[name] ?? {};
    }
    return current;
  };
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const generator = new RouteCases(path, operation, options, random, resolve);
      routes.push({ method: method.toUpperCase(), path, cases: generator.cases() });
    }
  }
  return routes;
}

class RouteCases {
  private readonly parameters: Parameter[];
  private readonly bodySchema: JsonSchema | undefined;
  private readonly baseline: {
    path: Record<string, string>;
    query: Record<string, unknown>;
    body: unknown;
  };

  constructor(
    private readonly path: string,
    operation: Operation,
    private readonly options: FuzzOptions,
    private readonly random: () => number,
    private readonly resolve: (schema: JsonSchema) => JsonSchema,
  ) {
    this.parameters = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
    this.bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const pathValues = Object.fromEntries(
      this.parameters.filter((p) => p.in === 'path').map((p) => [p.name, options.pathValue(path, p.name)]),
    );
    const query = Object.fromEntries(
      this.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => [p.name, this.sample(p.schema)]),
    );
    this.baseline = {
      path: pathValues,
      query,
      body: this.bodySchema ? this.sample(this.bodySchema) : undefined,
    };
  }

  cases(): FuzzCase[] {
    const perField = this.fields().map((field) => this.fieldCases(field));
    perField.push(this.wholeRequestCases());
    // A request with many fields (a search) gets a case for each of them, and more random ones.
    const budget = Math.max(this.options.fieldCases, Math.min(perField.length, MAX_FIELD_CASES));
    const randomBudget = this.options.randomCases + Math.floor(perField.length / 8);
    const chosen: FuzzCase[] = [];
    for (let round = 0; chosen.length < budget; round++) {
      const before = chosen.length;
      for (const list of perField) {
        const next = list[round];
        if (next && chosen.length < budget) chosen.push(next);
      }
      if (chosen.length === before) break;
    }
    for (let index = 0; index < randomBudget; index++) chosen.push(this.randomCase(index));
    return chosen;
  }

  /** Every field of the request: path and query parameters, and the body's fields at any depth. */
  private fields(): Field[] {
    const fields: Field[] = this.parameters.map((p) => ({
      where: p.in as 'path' | 'query',
      at: [p.name],
      schema: p.schema,
      required: p.required === true,
    }));
    if (this.bodySchema) {
      const walk = (schema: JsonSchema, at: Segment[], required: boolean, depth: number) => {
        const resolved = this.resolve(schema);
        fields.push({ where: 'body', at, schema: resolved, required });
        if (depth > 4) return;
        for (const option of this.options_(resolved)) {
          if (option.properties)
            for (const [name, property] of Object.entries(option.properties))
              walk(property, [...at, name], option.required?.includes(name) ?? false, depth + 1);
          if (option.items) walk(option.items, [...at, 0], true, depth + 1);
        }
      };
      walk(this.bodySchema, [], true, 0);
    }
    return fields;
  }

  private options_(schema: JsonSchema): JsonSchema[] {
    const resolved = this.resolve(schema);
    const list = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
    return list ? list.map((option) => this.resolve(option)) : [resolved];
  }

  private fieldCases(field: Field): FuzzCase[] {
    const name = String(field.at.at(-1) ?? 'body');
    const label = (what: string) => `${field.where} ${field.at.join('.') || '(whole body)'} = ${what}`;
    const cases: FuzzCase[] = [];
    if (field.where === 'path') {
      for (const text of BAD_URL_TEXTS)
        cases.push(this.build({ path: { [name]: text } }, label(JSON.stringify(text))));
      return cases;
    }
    if (field.where === 'query') {
      const texts = [
        ...(isCursorName(name) ? BAD_CURSORS.map(String) : []),
        ...BAD_URL_TEXTS,
        ...BAD_STRINGS.filter((value): value is string => typeof value === 'string').map(encodeText),
      ];
      for (const text of texts)
        cases.push(this.build({ query: { [name]: text } }, label(JSON.stringify(text))));
      cases.push(this.build({ query: { [name]: ['1', '2'] } }, label('repeated')));
      cases.push(this.build({ query: { zzUnknown: '1' } }, 'query zzUnknown = 1 (unknown field)'));
      return cases;
    }
    if (field.at.length === 0) {
      for (const raw of ['null', '[]', '"x"', '1', '{"a":', '{}', '{"__proto__":{"x":1}}'])
        cases.push({ ...this.build({}, label(raw)), body: raw });
      if (typeof this.baseline.body === 'object' && this.baseline.body && !Array.isArray(this.baseline.body))
        cases.push(
          this.build({ body: { at: ['zzUnknown'], value: 1 } }, 'body zzUnknown = 1 (unknown field)'),
        );
      return cases;
    }
    if (field.required)
      cases.push(this.build({ body: { at: field.at, value: MISSING } }, label('(missing)')));
    for (const value of this.badValues(field.schema, name))
      cases.push(this.build({ body: { at: field.at, value } }, label(describe(value))));
    return cases;
  }

  /** The worst values for the field's type first, then the rest in a seeded order. */
  private badValues(schema: JsonSchema, name: string): unknown[] {
    const options = this.options_(schema);
    const types = new Set(options.flatMap((option) => [option.type ?? []].flat()));
    const first: unknown[] = [];
    const rest: unknown[] = [...WRONG_TYPES];
    if (isCursorName(name)) first.push(...BAD_CURSORS);
    if (types.has('integer') || types.has('number')) {
      first.push(...BAD_NUMBERS.slice(0, 4));
      rest.push(...BAD_NUMBERS.slice(4));
      for (const option of options)
        if (option.maximum !== undefined && option.maximum < 2 ** 53) first.push(option.maximum + 1);
    }
    if (types.has('string')) {
      const dates = options.some((option) => option.format === 'date-time' || option.format === 'date');
      if (dates) first.push(...BAD_DATES);
      first.push(...BAD_STRINGS.slice(0, 3));
      rest.push(...BAD_STRINGS.slice(3));
      for (const option of options)
        if (option.maxLength !== undefined && option.maxLength < 100_000)
          first.push('x'.repeat(option.maxLength + 1));
    }
    if (types.has('array')) {
      const item = options.find((option) => option.items)?.items;
      const one = item ? this.sample(item) : 1;
      first.push([one, one]);
      const max = options.find((option) => option.maxItems !== undefined)?.maxItems;
      if (max !== undefined && max < 20_000) rest.push(Array.from({ length: max + 1 }, () => one));
    }
    return [...first, ...shuffled(this.random, rest)];
  }

  private wholeRequestCases(): FuzzCase[] {
    return this.bodySchema ? [] : [this.build({}, 'as documented')];
  }

  /** A request whose every field is drawn at once: valid choices, extremes and garbage mixed. */
  private randomCase(index: number): FuzzCase {
    const path: Record<string, string> = {};
    const query: Record<string, unknown> = {};
    for (const parameter of this.parameters) {
      if (parameter.in === 'path')
        path[parameter.name] =
          this.random() < 0.7
            ? this.options.pathValue(this.path, parameter.name)
            : pick(this.random, BAD_URL_TEXTS);
      else if (parameter.required || this.random() < 0.5) {
        const value = this.randomValue(parameter.schema, parameter.name, 0);
        query[parameter.name] = typeof value === 'string' ? encodeText(value) : JSON.stringify(value);
      }
    }
    const body = this.bodySchema ? this.randomValue(this.bodySchema, 'body', 0) : undefined;
    return this.build({ path, query, wholeBody: body, replaceQuery: true }, `random #${index}`);
  }

  private randomValue(schema: JsonSchema, name: string, depth: number): unknown {
    const options = this.options_(schema);
    if (depth > 0 && this.random() < 0.15) return pick(this.random, [...WRONG_TYPES, ...BAD_STRINGS]);
    const option = pick(this.random, options);
    if (option.const !== undefined) return option.const;
    if (option.enum) return pick(this.random, option.enum);
    const type = [option.type ?? 'object'].flat()[0];
    if (isCursorName(name) && type === 'string' && this.random() < 0.8) return pick(this.random, BAD_CURSORS);
    switch (type) {
      case 'integer':
      case 'number':
        return pick(this.random, [1, 2, 5, 100, ...BAD_NUMBERS]);
      case 'boolean':
        return this.random() < 0.5;
      case 'null':
        return null;
      case 'string':
        if (option.format === 'date-time' || option.format === 'date')
          return pick(this.random, [this.sample(option), ...BAD_DATES]);
        return pick(this.random, [this.sample(option), '1', '2024-01-01', ...BAD_DATES, ...BAD_STRINGS]);
      case 'array': {
        const length = Math.floor(this.random() * 3);
        return Array.from({ length }, () =>
          option.items ? this.randomValue(option.items, name, depth + 1) : null,
        );
      }
      default: {
        const value: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(option.properties ?? {}))
          if (option.required?.includes(key) || this.random() < 0.6)
            value[key] = this.randomValue(property, key, depth + 1);
        return value;
      }
    }
  }

  /** A plausible value the schema accepts (first choices, defaults, a future date, id 1). */
  private sample(schema: JsonSchema): unknown {
    const option = this.options_(schema).find((o) => o.type !== 'null') ?? this.resolve(schema);
    if (option.const !== undefined) return option.const;
    if (option.enum) return option.enum[0];
    // A copy: a field set inside a sampled object or array must not change the document's default for the next case.
    if (option.default !== undefined && option.default !== null) return structuredClone(option.default);
    const type = [option.type ?? (option.properties ? 'object' : 'string')].flat()[0];
    switch (type) {
      case 'integer':
      case 'number':
        return Math.max(1, option.minimum ?? 1);
      case 'boolean':
        return false;
      case 'array':
        return option.items && (option.minItems ?? 0) > 0 ? [this.sample(option.items)] : [];
      case 'object': {
        const value: Record<string, unknown> = {};
        for (const key of option.required ?? [])
          value[key] = option.properties?.[key] ? this.sample(option.properties[key]) : 'x';
        return value;
      }
      default:
        if (option.format === 'date-time') return new Date(Date.now() + 7 * 86_400_000).toISOString();
        if (option.format === 'email') return 'fuzz@dam.example';
        if (option.format === 'uri') return 'https://node.example';
        return 'fuzz'.padEnd(option.minLength ?? 0, 'z');
    }
  }

  private build(
    change: {
      path?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: { at: Segment[]; value: unknown };
      wholeBody?: unknown;
      replaceQuery?: boolean;
    },
    label: string,
  ): FuzzCase {
    const pathValues = { ...this.baseline.path, ...change.path };
    let url = this.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '1');
    const query: Record<string, unknown> = change.replaceQuery
      ? (change.query ?? {})
      : {
          ...Object.fromEntries(
            Object.entries(this.baseline.query).map(([key, value]) => [key, encodeText(String(value))]),
          ),
          ...change.query,
        };
    const pairs = Object.entries(query).flatMap(([key, value]) =>
      [value].flat().map((one) => `${key}=${String(one)}`),
    );
    if (pairs.length) url += `?${pairs.join('&')}`;
    let body = change.wholeBody !== undefined ? change.wholeBody : this.baseline.body;
    if (change.body) body = setAt(body, change.body.at, change.body.value, (at) => this.sampleAt(at));
    return { label, url, ...(body === undefined ? {} : { body: jsonText(body) }) };
  }

  /** A plausible value for the body field at `at` (to build the objects around a changed deep field). */
  private sampleAt(at: Segment[]): unknown {
    let schema: JsonSchema | undefined = this.bodySchema;
    for (const segment of at) {
      if (!schema) return {};
      const options = this.options_(schema);
      schema =
        typeof segment === 'number'
          ? options.find((o) => o.items)?.items
          : options.find((o) => o.properties?.[segment])?.properties?.[segment];
    }
    return schema ? this.sample(schema) : {};
  }
}

const MISSING = Symbol('missing');
const MAX_FIELD_CASES = 48;
const isCursorName = (name: string) => name === 'after' || name === 'cursor';

function setAt(root: unknown, at: Segment[], value: unknown, sampleAt: (at: Segment[]) => unknown): unknown {
  const copy = structuredClone(root ?? {}) as Record<Segment, unknown>;
  let node = copy;
  for (let depth = 0; depth < at.length - 1; depth++) {
    const key = at[depth] as Segment;
    let child = node[key];
    if (child === null || typeof child !== 'object') {
      child = sampleAt(at.slice(0, depth + 1));
      if (child === null || typeof child !== 'object') child = typeof at[depth + 1] === 'number' ? [] : {};
      node[key] = child;
    }
    node = child as Record<Segment, unknown>;
  }
  const last = at.at(-1) as Segment;
  if (value === MISSING) delete node[last];
  else node[last] = value;
  return copy;
}

/** JSON text, with the stand-ins for numbers JavaScript cannot write replaced by their raw text. */
function jsonText(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll(JSON.stringify(RAW_HUGE), '1e400')
    .replaceAll(JSON.stringify(RAW_NEGATIVE_ZERO), '-0.0e-400');
}

/** Percent-encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) as its raw UTF-8 bytes. */
function encodeText(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    encoded +=
      char.length === 1 && code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return encoded;
}

function describe(value: unknown): string {
  if (value === RAW_HUGE) return '1e400';
  if (value === RAW_NEGATIVE_ZERO) return '-0.0e-400';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length} chars)` : text;
}
