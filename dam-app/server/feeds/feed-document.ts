import type { FeedType } from '../../api/feeds.ts';
import { el, xmlDocument } from './feed-xml.ts';

/** One entry of a feed: an event on an asset, with what a reader shows of it. */
export interface FeedEntry {
  /** Stable per event (the asset's arrival, one version, one metadata edit), so a reader never doubles an item. */
  guid: string;
  title: string;
  link: string;
  summary: string;
  categories: string[];
  at: Date;
  thumbnail?: { url: string; type: string; length: number } | undefined;
}

export interface FeedHead {
  title: string;
  description: string;
  /** The DAM page a person opens. */
  link: string;
  /** The feed's own URL (the key in it), for Atom's self link and RSS's atom:link. */
  self: string;
  /** A stable id of the feed (its row), for Atom. */
  id: string;
  updated: Date;
}

export function feedDocument(type: FeedType, head: FeedHead, entries: FeedEntry[]): string {
  return type === 'atom' ? atom(head, entries) : rss(head, entries);
}

function rss(head: FeedHead, entries: FeedEntry[]): string {
  return xmlDocument(
    el(
      'rss',
      {
        version: '2.0',
        'xmlns:atom': 'http://www.w3.org/2005/Atom',
        'xmlns:media': 'http://search.yahoo.com/mrss/',
      },
      el(
        'channel',
        {},
        el('title', {}, head.title),
        el('link', {}, head.link),
        el('description', {}, head.description || head.title),
        el('atom:link', { href: head.self, rel: 'self', type: 'application/rss+xml' }),
        el('lastBuildDate', {}, head.updated.toUTCString()),
        el('generator', {}, 'Rapid DAM'),
        ...entries.map((entry) =>
          el(
            'item',
            {},
            el('title', {}, entry.title),
            el('link', {}, entry.link),
            el('guid', { isPermaLink: 'false' }, entry.guid),
            el('pubDate', {}, entry.at.toUTCString()),
            entry.summary !== '' && el('description', {}, entry.summary),
            ...entry.categories.map((category) => el('category', {}, category)),
            entry.thumbnail &&
              el('enclosure', {
                url: entry.thumbnail.url,
                type: entry.thumbnail.type,
                length: entry.thumbnail.length,
              }),
            entry.thumbnail && el('media:thumbnail', { url: entry.thumbnail.url }),
          ),
        ),
      ),
    ),
  );
}

function atom(head: FeedHead, entries: FeedEntry[]): string {
  return xmlDocument(
    el(
      'feed',
      { xmlns: 'http://www.w3.org/2005/Atom', 'xmlns:media': 'http://search.yahoo.com/mrss/' },
      el('id', {}, head.id),
      el('title', {}, head.title),
      head.description !== '' && el('subtitle', {}, head.description),
      el('updated', {}, head.updated.toISOString()),
      el('link', { rel: 'alternate', href: head.link }),
      el('link', { rel: 'self', href: head.self, type: 'application/atom+xml' }),
      el('author', {}, el('name', {}, 'Rapid DAM')),
      el('generator', {}, 'Rapid DAM'),
      ...entries.map((entry) =>
        el(
          'entry',
          {},
          el('id', {}, entry.guid),
          el('title', { type: 'text' }, entry.title),
          el('link', { rel: 'alternate', href: entry.link }),
          el('updated', {}, entry.at.toISOString()),
          entry.summary !== '' && el('summary', { type: 'text' }, entry.summary),
          ...entry.categories.map((category) => el('category', { term: category })),
          entry.thumbnail &&
            el('link', {
              rel: 'enclosure',
              href: entry.thumbnail.url,
              type: entry.thumbnail.type,
              length: entry.thumbnail.length,
            }),
          entry.thumbnail && el('media:thumbnail', { url: entry.thumbnail.url }),
        ),
      ),
    ),
  );
}
