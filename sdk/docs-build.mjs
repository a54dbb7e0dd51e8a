import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, ReflectionKind, TSConfigReader, TypeDocReader } from 'typedoc';

/**
 * The kinds every public export and member must document (typedoc.json's `requiredToBeDocumented`); the figures
 * the build prints count the same kinds.
 */
const MEMBER_KINDS =
  ReflectionKind.Class |
  ReflectionKind.Interface |
  ReflectionKind.TypeAlias |
  ReflectionKind.Variable |
  ReflectionKind.Function |
  ReflectionKind.Constructor |
  ReflectionKind.Property |
  ReflectionKind.Method |
  ReflectionKind.Accessor;

/** Kinds that must also show a one-line `@example`: every export and every callable member. */
const EXAMPLE_KINDS =
  ReflectionKind.Class |
  ReflectionKind.Interface |
  ReflectionKind.TypeAlias |
  ReflectionKind.Variable |
  ReflectionKind.Function |
  ReflectionKind.Constructor |
  ReflectionKind.Method |
  ReflectionKind.Accessor;

/**
 * Generates the reference (TypeDoc, options in typedoc.json) and fails on any validation warning: an undocumented
 * public export, a broken link, a type the docs refer to but do not include; and on an export or method without an
 * `@example`. Returns the coverage figures and what lacks an example.
 * @param {import('typedoc').TypeDocOptions} [overrides] options over typedoc.json (tests point it at a fixture)
 * @returns {Promise<{ ok: boolean, exports: number, exportsDocumented: number, members: number,
 *   membersDocumented: number, examples: number, withoutExample: string[] }>}
 */
export async function buildDocs(overrides = {}) {
  const options = fileURLToPath(new URL('typedoc.json', import.meta.url));
  const app = await Application.bootstrapWithPlugins({ options, ...overrides }, [
    new TypeDocReader(),
    new TSConfigReader(),
  ]);
  const project = await app.convert();
  if (!project)
    return {
      ok: false,
      exports: 0,
      exportsDocumented: 0,
      members: 0,
      membersDocumented: 0,
      examples: 0,
      withoutExample: [],
    };
  app.validate(project);
  const figures = coverage(project);
  if (app.logger.hasErrors() || figures.withoutExample.length > 0) return { ok: false, ...figures };
  const out = app.options.getValue('out');
  await app.generateDocs(project, out);
  moveInlineScripts(out);
  adoptFilterStyles(out);
  return { ok: !app.logger.hasErrors(), ...figures };
}

const BOOT_SCRIPT = 'assets/rapid-boot.js';

/**
 * TypeDoc's pages carry one inline script (the colour theme and the first paint); a site with a strict
 * Content-Security-Policy (the DAM's: `script-src 'self'`) refuses it. It moves to a file each page loads at the
 * same place, so the pages behave the same under the DAM's policy.
 * @param {string} out
 */
export function moveInlineScripts(out) {
  /** @type {string | undefined} */
  let boot;
  for (const file of htmlFiles(out)) {
    const html = readFileSync(file, 'utf8');
    const inline = /<script>([^<]*)<\/script>/g;
    if (!inline.test(html)) continue;
    const prefix = relative(join(file, '..'), out).split('\\').join('/');
    const src = prefix ? `${prefix}/${BOOT_SCRIPT}` : BOOT_SCRIPT;
    writeFileSync(
      file,
      html.replace(inline, (_tag, code) => {
        if (boot !== undefined && boot !== code) throw new Error(`${file}: a second kind of inline script`);
        boot = code;
        return `<script src="${src}"></script>`;
      }),
    );
  }
  if (boot !== undefined) writeFileSync(join(out, BOOT_SCRIPT), `${boot}\n`);
}

/** TypeDoc 0.28's main.js keeps its member filters' CSS in a `<style>` element it writes to. */
const FILTER_STYLE =
  'var be=document.head.appendChild(document.createElement("style"));be.dataset.for="filters";';
/** The same object, backed by a constructable stylesheet, which `style-src 'self'` allows. */
const ADOPTED_FILTER_STYLE =
  'var be=(()=>{let s=new CSSStyleSheet(),t="";document.adoptedStyleSheets=[...document.adoptedStyleSheets,s];' +
  'return{dataset:{for:"filters"},get innerHTML(){return t},set innerHTML(v){t=v;s.replaceSync(v)}}})();';

/**
 * A `<style>` element written by script is inline style, which the DAM's `style-src 'self'` refuses (the member
 * filters stop working); the filters' rules go to an adopted stylesheet instead, as the DAM's own pages do.
 * @param {string} out
 */
export function adoptFilterStyles(out) {
  const file = join(out, 'assets', 'main.js');
  const code = readFileSync(file, 'utf8');
  if (!code.includes(FILTER_STYLE))
    throw new Error(
      `${file}: TypeDoc's filter <style> is not where docs-build.mjs expects it (a new TypeDoc?)`,
    );
  writeFileSync(file, code.replace(FILTER_STYLE, ADOPTED_FILTER_STYLE));
}

/** @param {string} dir @returns {Generator<string>} */
function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* htmlFiles(path);
    else if (name.endsWith('.html')) yield path;
  }
}

/** @param {import('typedoc').ProjectReflection} project */
function coverage(project) {
  const modules = project.getChildrenByKind(ReflectionKind.Module);
  // One entry point makes the project itself the module.
  const exports =
    modules.length > 0 ? modules.flatMap((module) => module.children ?? []) : (project.children ?? []);
  // Inherited members (a class's `Error` constructor) are documented where they are declared.
  const members = project
    .getReflectionsByKind(MEMBER_KINDS)
    .filter((each) => !each.flags.isExternal && !each.inheritedFrom);
  const needExample = members.filter((each) => each.kindOf(EXAMPLE_KINDS));
  return {
    exports: exports.length,
    exportsDocumented: exports.filter(isDocumented).length,
    members: members.length,
    membersDocumented: members.filter(isDocumented).length,
    examples: needExample.length,
    withoutExample: needExample.filter((each) => !hasExample(each)).map((each) => each.getFullName()),
  };
}

/** @param {import('typedoc').DeclarationReflection} reflection */
function hasExample(reflection) {
  return commentsOf(reflection).some((comment) => comment.getTag('@example'));
}

/** @param {import('typedoc').DeclarationReflection} reflection */
function commentsOf(reflection) {
  return [reflection, ...signaturesOf(reflection)].flatMap((each) => (each.comment ? [each.comment] : []));
}

/** @param {import('typedoc').DeclarationReflection} reflection */
function signaturesOf(reflection) {
  return [
    ...(reflection.signatures ?? []),
    ...(reflection.getSignature ? [reflection.getSignature] : []),
    ...(reflection.setSignature ? [reflection.setSignature] : []),
  ];
}

/** A reflection is documented when it, or each of its signatures, carries a comment. */
function isDocumented(reflection) {
  if (reflection.kindOf(ReflectionKind.Reference)) return true; // documented where it is declared
  if (reflection.hasComment()) return true;
  const signatures = signaturesOf(reflection);
  return signatures.length > 0 && signatures.every((signature) => signature.hasComment());
}
