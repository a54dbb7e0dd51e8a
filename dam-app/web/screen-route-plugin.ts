import { type Plugin, parseSync } from 'vite';

/** The query that asks for a screen module's address part only (see {@link screenRoutePart}). */
export const SCREEN_ROUTE_QUERY = '?screen-route';

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Specifier = Node & {
  local: { name: string };
  imported?: { name?: string; value?: string };
  importKind?: string;
};

/**
 * The part of a screen module (`screens/**\/*-screen.tsx`) the route table needs before any screen is drawn: its
 * `export const screen = defineScreen(…)`, the top-level declarations that uses, and the imports those name —
 * nothing of the component. The app reads every screen's address eagerly through this part and loads the screen
 * itself lazily, so each screen stays its own chunk although it declares its route in its own file.
 */
export function screenRoutePart(code: string, file: string): string {
  const body = parseSync(file, code, { lang: 'tsx', sourceType: 'module' }).program.body as unknown as Node[];
  const declared = body.map((statement) =>
    statement.type === 'ImportDeclaration' ? [] : namesDeclaredBy(statement),
  );
  const start = body.findIndex((_, index) => declared[index]?.includes('screen'));
  if (start < 0) return 'export const screen = undefined;\n';
  const kept = new Set([start]);
  const needed = new Set<string>();
  for (let queue = [start]; queue.length > 0; ) {
    const next: number[] = [];
    for (const index of queue) for (const name of referencedNames(body[index])) needed.add(name);
    for (const [index, names] of declared.entries())
      if (!kept.has(index) && names.some((name) => needed.has(name))) {
        kept.add(index);
        next.push(index);
      }
    queue = next;
  }
  const imports = body.flatMap((statement) =>
    statement.type === 'ImportDeclaration' ? [importOf(statement, needed)] : [],
  );
  const declarations = body.flatMap((statement, index) =>
    kept.has(index) ? [code.slice(statement.start, statement.end)] : [],
  );
  return [...imports.filter(Boolean), ...declarations].join('\n');
}

/** The import with only the bindings the address part uses (none of its types); '' when it uses none. */
function importOf(statement: Node, needed: Set<string>): string {
  if (statement.importKind === 'type') return '';
  const specifiers = (statement.specifiers as Specifier[]).filter(
    (each) => each.importKind !== 'type' && needed.has(each.local.name),
  );
  if (specifiers.length === 0) return '';
  const named = specifiers.flatMap((each) => {
    if (each.type !== 'ImportSpecifier') return [];
    const imported = each.imported?.name ?? JSON.stringify(each.imported?.value);
    return [imported === each.local.name ? imported : `${imported} as ${each.local.name}`];
  });
  const whole = specifiers.flatMap((each) =>
    each.type === 'ImportDefaultSpecifier'
      ? [each.local.name]
      : each.type === 'ImportNamespaceSpecifier'
        ? [`* as ${each.local.name}`]
        : [],
  );
  const clause = [...whole, ...(named.length > 0 ? [`{ ${named.join(', ')} }`] : [])].join(', ');
  return `import ${clause} from ${JSON.stringify((statement.source as { value: string }).value)};`;
}

function namesDeclaredBy(statement: Node): string[] {
  const inner = (statement.declaration as Node | null | undefined) ?? statement;
  if (inner.type === 'VariableDeclaration')
    return (inner.declarations as { id: Node }[]).flatMap(({ id }) =>
      id.type === 'Identifier' ? [id.name as string] : [],
    );
  const id = inner.id as { name?: string } | null | undefined;
  return id?.name ? [id.name] : [];
}

/** Every identifier named anywhere inside a node (more than it reads, which only keeps a little more). */
function referencedNames(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const each of node) referencedNames(each, into);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if ((record.type === 'Identifier' || record.type === 'JSXIdentifier') && typeof record.name === 'string')
      into.add(record.name);
    for (const [key, value] of Object.entries(record)) if (key !== 'type') referencedNames(value, into);
  }
  return into;
}

/** Serves `<screen>.tsx?screen-route` as that screen's address part. */
export const screenRoutes = (): Plugin => ({
  name: 'dam-screen-routes',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith(SCREEN_ROUTE_QUERY)) return undefined;
    return { code: screenRoutePart(code, id.slice(0, -SCREEN_ROUTE_QUERY.length)), map: null };
  },
});
