/** The content client's shape (content-client.ts): types only, so the modules that take a client import nothing of its code. */
export interface ContentRequestOptions {
  /** Defaults to GET, or POST when a body is given. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Serialised in bracket style with qs: `filters[slug][$eq]=x&populate[0]=category`. */
  query?: Record<string, unknown>;
  /**
   * Plain values are sent as JSON (`Content-Type: application/json`); `FormData`, `Blob`,
   * `URLSearchParams`, `ArrayBuffer` and strings are sent as they are.
   */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  /**
   * Send `Authorization: Bearer <token>` when a token exists (default true). Auth calls that do
   * not need an identity (login, register, …) pass `false`: Strapi answers 401 to *any* request
   * carrying an expired/invalid JWT, even a public one, which would make a stale cookie block login.
   */
  auth?: boolean;
}

export interface StrapiPagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface StrapiList<T> {
  data: T[];
  meta: { pagination?: StrapiPagination; [key: string]: unknown };
}

export interface StrapiSingle<T> {
  data: T;
  meta?: Record<string, unknown>;
}

export type ContentReadOptions = Pick<ContentRequestOptions, 'headers' | 'signal' | 'credentials' | 'auth'>;

export interface ContentClient {
  /** Content backend base URL, including `/api`, without a trailing slash. */
  baseUrl: string;
  request<T>(path: string, options?: ContentRequestOptions): Promise<T>;
  find<T>(collection: string, query?: Record<string, unknown>, options?: ContentReadOptions): Promise<StrapiList<T>>;
  findOne<T>(
    collection: string,
    documentId: string,
    query?: Record<string, unknown>,
    options?: ContentReadOptions,
  ): Promise<StrapiSingle<T>>;
  /** Strapi REST expects `{ data }`: pass the fields, the client wraps them. */
  create<T>(collection: string, data: unknown, options?: ContentReadOptions): Promise<StrapiSingle<T>>;
  update<T>(
    collection: string,
    documentId: string,
    data: unknown,
    options?: ContentReadOptions,
  ): Promise<StrapiSingle<T>>;
  delete(collection: string, documentId: string, options?: ContentReadOptions): Promise<void>;
}
