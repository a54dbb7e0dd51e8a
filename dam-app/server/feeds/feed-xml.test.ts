import { describe, expect, it } from 'vitest';
import { el, escapeXml, xmlDocument } from './feed-xml.ts';

describe('the feeds’ XML writer', () => {
  it('escapes every character XML gives a meaning to, in text and in attributes', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
    expect(xmlDocument(el('item', { title: '"><x/>' }, ']]><y/>'))).toContain(
      '<item title="&quot;&gt;&lt;x/&gt;">]]&gt;&lt;y/&gt;</item>',
    );
  });
  it('drops what XML 1.0 cannot hold (controls, lone surrogates) and keeps tabs, new lines and emoji', () => {
    expect(escapeXml('a\u0000b\u0008c\u001Fd\uFFFEe\uD800f\uDC00g')).toBe('abcdefg');
    expect(escapeXml('tab\there\nline\r😀')).toBe('tab\there\nline\r😀');
  });
  it('leaves out absent children and writes empty elements closed', () => {
    expect(xmlDocument(el('a', { skip: undefined }, undefined, false, el('b')))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a><b/></a>\n',
    );
  });
});
