import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EXIFTOOL } from './exiftool.ts';

const run = promisify(execFile);

/** What travels with the file: the asset's description and keywords and its form values (field key → value). */
export interface EmbeddedMetadata {
  title: string;
  description: string;
  keywords: string[];
  fields: Record<string, string>;
}

/** A form field's key is its XMP namespace (ending in "/" or "#") and its property name (R-FORM-SCHEMA). */
const PROPERTY = /^[A-Za-z_][A-Za-z0-9._-]*$/;
const splitKey = (key: string) => {
  const at = Math.max(key.lastIndexOf('/'), key.lastIndexOf('#')) + 1;
  const namespace = key.slice(0, at);
  const property = key.slice(at);
  return namespace && PROPERTY.test(property) ? { namespace, property } : undefined;
};

/** A Perl single-quoted string. */
const perl = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/**
 * exiftool writes only the XMP properties it knows: a config file declares each namespace the values use as a
 * user-defined XMP table (prefix `dam0`, `dam1`, …), each property a writable string tag named `D<n>P<m>`.
 */
function exiftoolConfig(fields: Record<string, string>) {
  const namespaces = new Map<string, string[]>();
  for (const key of Object.keys(fields).sort()) {
    const split = splitKey(key);
    if (!split) continue;
    namespaces.set(split.namespace, [...(namespaces.get(split.namespace) ?? []), split.property]);
  }
  const tables: string[] = [];
  const links: string[] = [];
  const writes: [string, string][] = [];
  [...namespaces].forEach(([namespace, properties], n) => {
    const prefix = `dam${n}`;
    tables.push(
      `%Image::ExifTool::UserDefined::${prefix} = (`,
      `  GROUPS => { 0 => 'XMP', 1 => 'XMP-${prefix}', 2 => 'Image' },`,
      `  NAMESPACE => { '${prefix}' => ${perl(namespace)} },`,
      `  WRITABLE => 'string',`,
      ...properties.map((property, m) => `  ${perl(property)} => { Name => 'D${n}P${m}' },`),
      ');',
    );
    links.push(
      `    ${prefix} => { SubDirectory => { TagTable => 'Image::ExifTool::UserDefined::${prefix}' } },`,
    );
    properties.forEach((property, m) => {
      writes.push([`XMP-${prefix}:D${n}P${m}`, fields[`${namespace}${property}`] ?? '']);
    });
  });
  const config = [
    ...tables,
    `%Image::ExifTool::UserDefined = (`,
    `  'Image::ExifTool::XMP::Main' => {`,
    ...links,
    '  },',
    ');',
    '1;',
    '',
  ].join('\n');
  return { config, writes };
}

/**
 * R-XMP-EMBED: a copy of the file at `source` written to `target` with the DAM's values in its XMP (the form values
 * in their own namespaces, the title, description and keywords as Dublin Core) and IPTC (caption, keywords), by
 * exiftool, which leaves the rest of the file's metadata as it was. Returns false when exiftool cannot write this
 * kind of file (the caller sends the original).
 */
export async function embedMetadata(
  source: string,
  target: string,
  workDir: string,
  metadata: EmbeddedMetadata,
): Promise<boolean> {
  const nonEmpty = Object.fromEntries(Object.entries(metadata.fields).filter(([, value]) => value !== ''));
  const { config, writes } = exiftoolConfig(nonEmpty);
  const configPath = join(workDir, 'dam-xmp.config');
  await writeFile(configPath, config);
  const args = [
    '-config',
    configPath,
    '-q',
    '-m',
    '-charset',
    'utf8',
    '-charset',
    'iptc=utf8',
    '-codedcharacterset=utf8',
    ...writes.map(([tag, value]) => `-${tag}=${value}`),
    ...(metadata.title
      ? [`-XMP-dc:Title=${metadata.title}`, `-IPTC:ObjectName=${metadata.title.slice(0, 64)}`]
      : []),
    ...(metadata.description
      ? [`-XMP-dc:Description=${metadata.description}`, `-IPTC:Caption-Abstract=${metadata.description}`]
      : []),
    ...metadata.keywords.flatMap((keyword) => [`-XMP-dc:Subject=${keyword}`, `-IPTC:Keywords=${keyword}`]),
    '-o',
    target,
    '--',
    source,
  ];
  try {
    await run(EXIFTOOL, args, { maxBuffer: 1024 * 1024 });
    return true;
  } catch {
    return false;
  }
}
