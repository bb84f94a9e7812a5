/**
 * A deploy API call as its client sees it once the job it started has ended — the answer the call
 * gave before it was a job: the job's result with 200 (201 for a version it newly published), or
 * its error with its status. An answer that started no job (a refusal before it) is given as it came.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface Settled {
  statusCode: number;
  json<T = Record<string, unknown>>(): T;
  /** The job's id (null when the call started none). */
  jobId: string | null;
}

interface Job {
  id: string;
  url: string;
  revision: number;
  state: string;
  result: Record<string, unknown> | null;
  error: { status: number; message: string } | null;
}

export async function settled(
  server: FastifyInstance,
  response: LightMyRequestResponse,
  key: string,
): Promise<Settled> {
  if (response.statusCode !== 202)
    return { statusCode: response.statusCode, json: <T>() => response.json<T>(), jobId: null };
  let job = response.json<{ job: Job }>().job;
  while (job.state === 'queued' || job.state === 'running') {
    const next = await server.inject({
      method: 'GET',
      url: `${job.url}?after=${job.revision}&wait=5`,
      headers: { authorization: `Bearer ${key}` },
    });
    job = next.json<Job>();
  }
  if (job.state === 'succeeded') {
    const result = job.result!;
    return { statusCode: result.created === true ? 201 : 200, json: <T>() => result as T, jobId: job.id };
  }
  const error = job.error!;
  return { statusCode: error.status, json: <T>() => ({ error: error.message }) as T, jobId: job.id };
}
