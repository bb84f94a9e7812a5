'use strict';

const DEFAULT_ORIGINS = 'http://localhost:8080,http://127.0.0.1:8080';

// REQUEST_LOG=off drops the per-request log line (the bench does; logging costs ~1 ms a request).
module.exports = ({ env }) => [
  ...(String(env('REQUEST_LOG', 'on')).toLowerCase() === 'off' ? [] : ['strapi::logger']),
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'media-src': ["'self'", 'data:', 'blob:'] },
      },
    },
  },
  {
    name: 'strapi::cors',
    config: {
      origin: env('CORS_ORIGINS', DEFAULT_ORIGINS).split(',').map((s) => s.trim()).filter(Boolean),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
      keepHeaderOnError: true,
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  {
    name: 'strapi::body',
    config: {
      jsonLimit: env('BODY_JSON_LIMIT', '256kb'),
      formLimit: env('BODY_FORM_LIMIT', '256kb'),
      textLimit: env('BODY_TEXT_LIMIT', '256kb'),
      formidable: { maxFileSize: env.int('UPLOAD_MAX_FILE_SIZE', 10 * 1024 * 1024) },
    },
  },
  {
    name: 'strapi::session',
    config: {
      // Secure cookies need https; social login over plain http (development) needs it off.
      secure: env.bool('SESSION_COOKIE_SECURE', env('NODE_ENV') === 'production'),
      sameSite: 'lax',
    },
  },
  'strapi::favicon',
  'strapi::public',
  'global::input-guard',
  'global::published-only',
];
