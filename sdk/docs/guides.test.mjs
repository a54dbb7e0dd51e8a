// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/connect/messages.ts';
import { STATUS } from '../src/connect/status.ts';

const guide = (name) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('guides', () => {
  it('list every error text the SDK can show, so a page can recognise each', () => {
    const troubleshooting = guide('troubleshooting.md');
    const texts = Object.values(MESSAGES).map((text) =>
      typeof text === 'function' ? text('<method>') : text,
    );
    expect(texts.filter((text) => !troubleshooting.includes(`\`${text}\``))).toEqual([]);
  });

  it('explain every public status', () => {
    const troubleshooting = guide('troubleshooting.md');
    expect(Object.values(STATUS).filter((status) => !troubleshooting.includes(`| \`${status}\` |`))).toEqual(
      [],
    );
  });

  it('are each in the site, in typedoc.json’s order', () => {
    const { projectDocuments } = JSON.parse(
      readFileSync(new URL('../typedoc.json', import.meta.url), 'utf8'),
    );
    const guides = readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.md'));
    expect(guides.filter((name) => !projectDocuments.includes(`docs/${name}`))).toEqual([]);
  });

  it('are each linked from the README, which is the site’s front page', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const guides = readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.md'));
    expect(guides.length).toBe(8);
    expect(guides.filter((name) => !readme.includes(`(docs/${name})`))).toEqual([]);
  });
});
