/**
 * A small XML writer for the feeds: every text and attribute value goes through {@link escapeXml}, so metadata a
 * person typed (names, descriptions, keywords) can never open an element or break the document. Hand-written rather
 * than a dependency: the feeds need elements, attributes and text only, and a real reader (feedparser) checks the
 * result in the tests.
 */

// Characters XML 1.0 does not allow at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF): dropped,
// since no escape makes them legal and a reader would reject the whole document for one of them.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching those control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

export type XmlNode = string | XmlElement | undefined | false;
export interface XmlElement {
  name: string;
  attributes: Record<string, string | number | undefined>;
  children: XmlNode[];
}

/** An element; a string child is text (escaped when written), `undefined`/`false` children are left out. */
export const el = (
  name: string,
  attributes: Record<string, string | number | undefined> = {},
  ...children: XmlNode[]
): XmlElement => ({ name, attributes, children });

function write(node: XmlNode): string {
  if (node === undefined || node === false) return '';
  if (typeof node === 'string') return escapeXml(node);
  const attributes = Object.entries(node.attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  const inner = node.children.map(write).join('');
  return inner === '' ? `<${node.name}${attributes}/>` : `<${node.name}${attributes}>${inner}</${node.name}>`;
}

export const xmlDocument = (root: XmlElement) => `<?xml version="1.0" encoding="UTF-8"?>\n${write(root)}\n`;
