/**
 * The feeds the live pages declare (docs/architecture.md, "Images, feed and sitemap"), written by
 * one generic RSS 2.0 writer: a page names its feed's path, Persian title and description, the CMS
 * collection with its order and count, each item's link and the fields its elements come from
 * (`FeedSource`, the contract's). So the blog's feed changes with the blog's deploy alone, as its
 * sitemap entries do, and no app server code names a feed. Each feed is kept for a few minutes and
 * dropped as soon as the CMS reports a change to its collection, or the live set changes.
 */
import type { FastifyReply } from 'fastify';
import { declaredFeeds, type FeedSource, type PageRoute } from '@steel/contract';
import type { LiveStore } from '../../live-set/live-store';
import type { ContentChanges } from '../content-changes';
import { CmsDerivedValue, KEEP_CMS_DERIVED_MS, readLatest } from './cms-collections';
import { collectionQuery, placeholders, sourcePaths } from './sitemap';
import { buildXml, xmlText } from './xml';
import { sendCmsXml } from './xml-replies';

/** A CMS record as the writer asks for it: the fields the feed names, relations nested. */
type CmsRecord = Record<string, unknown> & { updatedAt?: string };

/** A declared feed: the page that owns it (its path is the channel's link) and what it says. */
export interface DeclaredFeed {
  page: Pick<PageRoute, 'path'>;
  feed: FeedSource;
}

/** The fields one feed reads: its elements', its items' link placeholders, and `updatedAt`. */
function feedFields(feed: FeedSource): string[] {
  return [
    ...Object.values(feed.fields).filter((field): field is string => Boolean(field)),
    ...placeholders(feed.itemPath),
  ];
}

/** The latest records of the feed's collection, in its order. */
export function readFeedRecords(cmsUrl: string, feed: FeedSource): Promise<CmsRecord[]> {
  const sort = feed.sort.map((order, index) => [`sort[${index}]`, order] as const);
  return readLatest<CmsRecord>(cmsUrl, feed.collection, [...collectionQuery(feedFields(feed)), ...sort], feed.limit);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? xmlText(value) : undefined);
const date = (value: unknown) =>
  typeof value === 'string' && value !== '' ? new Date(value).toUTCString() : undefined;
/** A path with each segment percent-encoded (a Persian slug), its slashes kept. */
const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

export function feedXml(siteUrl: string, { page, feed }: DeclaredFeed, records: readonly CmsRecord[]): string {
  const link = (path: string) => `${siteUrl}${encodedPath(path)}`;
  const newest = records
    .map((record) => record.updatedAt)
    .filter((updatedAt): updatedAt is string => typeof updatedAt === 'string')
    .sort()
    .at(-1);
  const { fields } = feed;
  return buildXml({
    rss: {
      '@version': '2.0',
      '@xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      channel: {
        title: xmlText(feed.title),
        link: link(page.path),
        description: xmlText(feed.description),
        language: 'fa-IR',
        ...(newest ? { lastBuildDate: new Date(newest).toUTCString() } : {}),
        'atom:link': { '@href': link(feed.path), '@rel': 'self', '@type': 'application/rss+xml' },
        item: records.flatMap((record) => {
          const [path] = sourcePaths(feed.itemPath, record);
          const title = text(record[fields.title]);
          // A record without its link or its title is no item (a draft's leftovers, a missing slug).
          if (!path || !title) return [];
          const description = fields.description && text(record[fields.description]);
          const published = fields.published && date(record[fields.published]);
          const author = fields.author && text(record[fields.author]);
          const categories = fields.categories ? record[fields.categories] : undefined;
          const categoryList = (Array.isArray(categories) ? categories : [categories]).flatMap(
            (value) => text(value) ?? [],
          );
          return [
            {
              title,
              link: link(path),
              guid: { '#text': link(path), '@isPermaLink': 'true' },
              ...(description ? { description } : {}),
              ...(published ? { pubDate: published } : {}),
              ...(author ? { 'dc:creator': author } : {}),
              ...(categoryList.length ? { category: categoryList } : {}),
            },
          ];
        }),
      },
    },
  });
}

/**
 * The live set's feeds, answered at their paths: `answer` replies when the path is a feed a live
 * page declares and resolves null otherwise (the page route goes on).
 */
export function createDeclaredFeeds(options: {
  siteUrl: string;
  cmsUrl: string;
  live: LiveStore;
  contentChanges: ContentChanges;
}) {
  const { siteUrl, cmsUrl, live, contentChanges } = options;
  // One kept value per declaration: a deploy that changes a feed's declaration makes a new one.
  const made = new Map<string, CmsDerivedValue<string>>();
  const stopListening = contentChanges.listen((collections) => {
    for (const value of made.values()) value.invalidate(collections);
  });
  // A deploy may add, change or drop a feed: what the old live set declared is forgotten.
  const stopFollowingLive = live.onChange(() => made.clear());

  return {
    async answer(pathname: string, reply: FastifyReply): Promise<FastifyReply | null> {
      const snapshot = await live.current();
      const declared = declaredFeeds(snapshot?.pages ?? {}).find(({ feed }) => feed.path === pathname);
      if (!declared) return null;
      const key = JSON.stringify([declared.page.path, declared.feed]);
      let value = made.get(key);
      if (!value) {
        value = new CmsDerivedValue(
          [declared.feed.collection],
          async () => feedXml(siteUrl, declared, await readFeedRecords(cmsUrl, declared.feed)),
          KEEP_CMS_DERIVED_MS,
        );
        made.set(key, value);
      }
      return sendCmsXml(reply, 'application/rss+xml', value);
    },
    close() {
      stopListening();
      stopFollowingLive();
    },
  };
}
