/**
 * How the app server answers with XML it made from CMS content (the sitemap, the declared feeds):
 * revalidated on every use, and a 503 that a crawler retries — never a list with pages missing —
 * while the CMS cannot answer.
 */
import type { FastifyReply } from 'fastify';
import { CmsUnavailableError, type CmsDerivedValue } from './cms-collections';

export async function sendCmsXml(reply: FastifyReply, type: string, value: CmsDerivedValue<string>) {
  try {
    const xml = await value.get();
    // Revalidated on every use: a published change shows at once.
    return reply.header('cache-control', 'no-cache').type(`${type}; charset=utf-8`).send(xml);
  } catch (error) {
    if (!(error instanceof CmsUnavailableError)) throw error;
    reply.log.warn({ err: error }, 'the CMS did not answer: feed or sitemap unavailable');
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .header('retry-after', '60')
      .type('text/plain; charset=utf-8')
      .send('Service Unavailable');
  }
}
