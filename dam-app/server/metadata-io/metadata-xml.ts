import { SaxesParser } from 'saxes';

/** One `<asset>` of a metadata XML file: its id and path attributes and its fields in order. */
export interface XmlAsset {
  id?: string;
  path?: string;
  fields: [string, string][];
}

/**
 * Text as XML character data: the markup characters as entities, and CR, LF and TAB as references inside attributes
 * and CR inside text, since a parser would turn them into spaces or LF (R-METADATA-ROUND-TRIP).
 */
const escapeXml = (value: string, attribute: boolean) =>
  value.replace(/[&<>"\r\n\t]/g, (char) => {
    if (char === '&') return '&amp;';
    if (char === '<') return '&lt;';
    if (char === '>') return '&gt;';
    if (char === '"') return attribute ? '&quot;' : char;
    if (char === '\r') return '&#13;';
    return attribute ? `&#${char.charCodeAt(0)};` : char;
  });

/** The assets as `<metadata><asset id path><field key>value</field>…</asset>…</metadata>`. */
export function formatMetadataXml(assets: XmlAsset[], encodingLabel: string): string {
  const lines = [`<?xml version="1.0" encoding="${encodingLabel}"?>`, '<metadata>'];
  for (const asset of assets) {
    const attributes = [
      asset.id === undefined ? '' : ` id="${escapeXml(asset.id, true)}"`,
      asset.path === undefined ? '' : ` path="${escapeXml(asset.path, true)}"`,
    ].join('');
    lines.push(`  <asset${attributes}>`);
    for (const [key, value] of asset.fields)
      lines.push(`    <field key="${escapeXml(key, true)}">${escapeXml(value, false)}</field>`);
    lines.push('  </asset>');
  }
  lines.push('</metadata>', '');
  return lines.join('\n');
}

/** The assets of a metadata XML text; a text that is not well-formed XML throws. */
export function parseMetadataXml(text: string): XmlAsset[] {
  const parser = new SaxesParser();
  const assets: XmlAsset[] = [];
  let asset: XmlAsset | undefined;
  let key: string | undefined;
  let value = '';
  parser.on('opentag', (tag) => {
    if (tag.name === 'asset') {
      asset = { fields: [] };
      if (typeof tag.attributes.id === 'string') asset.id = tag.attributes.id;
      if (typeof tag.attributes.path === 'string') asset.path = tag.attributes.path;
    } else if (tag.name === 'field' && asset) {
      key = typeof tag.attributes.key === 'string' ? tag.attributes.key : '';
      value = '';
    }
  });
  parser.on('text', (text) => {
    if (key !== undefined) value += text;
  });
  parser.on('cdata', (text) => {
    if (key !== undefined) value += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'field' && asset && key !== undefined) {
      asset.fields.push([key, value]);
      key = undefined;
    } else if (tag.name === 'asset' && asset) {
      assets.push(asset);
      asset = undefined;
    }
  });
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(text).close();
  return assets;
}
