'use strict';

const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

// Images are generated locally as SVG (no network): a coloured card with the Persian title.
const PALETTE = [
  '#15803d',
  '#0f766e',
  '#1d4ed8',
  '#7c3aed',
  '#b45309',
  '#be123c',
  '#334155',
  '#0369a1',
  '#4d7c0f',
  '#a21caf',
];

const escapeXml = (s) =>
  String(s).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);

const hashOf = (s) => crypto.createHash('sha1').update(String(s)).digest('hex');

function svgCard({ title, subtitle = '', seed, width = 800, height = 600 }) {
  const h = parseInt(hashOf(seed).slice(0, 8), 16);
  const c1 = PALETTE[h % PALETTE.length];
  const c2 = PALETTE[(h >>> 4) % PALETTE.length];
  const bars = Array.from({ length: 6 }, (_, i) => {
    const x = 60 + i * 120;
    const bh = 60 + ((h >>> (i * 3)) % 140);
    return `<rect x="${x}" y="${height - 60 - bh}" width="70" height="${bh}" rx="6" fill="#ffffff" fill-opacity="0.14"/>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>${bars}
<text x="${width / 2}" y="${height / 2 - 10}" direction="rtl" text-anchor="middle" font-family="Vazirmatn, Tahoma, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
<text x="${width / 2}" y="${height / 2 + 44}" direction="rtl" text-anchor="middle" font-family="Vazirmatn, Tahoma, sans-serif" font-size="26" fill="#ffffff" fill-opacity="0.85">${escapeXml(subtitle)}</text>
</svg>
`;
}

/**
 * Writes an SVG into public/uploads and creates (or reuses) its upload-file row. Returns the file id.
 * The hash is derived from `key`, so re-seeding reuses the same row and file.
 */
async function ensureImage(strapi, { key, title, subtitle, alt, width = 800, height = 600 }) {
  const hash = `seed_${key.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)}_${hashOf(key).slice(0, 8)}`;
  const existing = await strapi.db.query('plugin::upload.file').findOne({ where: { hash }, select: ['id'] });
  const uploadsDir = path.join(strapi.dirs.static.public, 'uploads');
  const file = path.join(uploadsDir, `${hash}.svg`);
  const svg = svgCard({ title, subtitle, seed: key, width, height });
  if (!fs.existsSync(file)) fs.writeFileSync(file, svg);
  if (existing) return existing.id;
  const created = await strapi.db.query('plugin::upload.file').create({
    data: {
      name: `${hash}.svg`,
      alternativeText: alt || title,
      caption: title,
      width,
      height,
      formats: null,
      hash,
      ext: '.svg',
      mime: 'image/svg+xml',
      size: Math.round((Buffer.byteLength(svg) / 1024) * 100) / 100,
      url: `/uploads/${hash}.svg`,
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      folderPath: '/',
    },
  });
  return created.id;
}

module.exports = { ensureImage, svgCard };
