// Draws the app icons: public/icons/icon.svg and PNGs (192, 512, maskable 512) rasterised
// here with 4x4 supersampling and written with a minimal PNG encoder, so no image tool is
// needed. Run: npx tsx web/tools/make-icons.ts
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

// A cell: a membrane, a nucleus and three organelles, on a rounded square. Coordinates in a
// 512 x 512 space.
interface Circle {
  x: number;
  y: number;
  r: number;
  color: string;
}
const BACKGROUND = '#0f5c4c';
const CORNER = 112;
const CIRCLES: Circle[] = [
  { x: 256, y: 256, r: 178, color: '#dff5ea' },
  { x: 226, y: 238, r: 66, color: '#0f5c4c' },
  { x: 346, y: 196, r: 28, color: '#f0a23b' },
  { x: 330, y: 334, r: 34, color: '#2f9a76' },
  { x: 186, y: 352, r: 22, color: '#f0a23b' },
];

function svg(): string {
  const dots = CIRCLES.map((c) => `  <circle cx="${c.x}" cy="${c.y}" r="${c.r}" fill="${c.color}"/>`).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${CORNER}" fill="${BACKGROUND}"/>
${dots}
</svg>
`;
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** RGBA pixels of the icon at `size`; `maskable` fills the square and keeps the art in the safe zone. */
function raster(size: number, maskable: boolean): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  const S = 4; // samples per axis
  const scale = 512 / size;
  const shrink = maskable ? 0.78 : 1; // maskable icons may be cropped to a circle of 80%
  const bg = rgb(BACKGROUND);
  const circles = CIRCLES.map((c) => ({ ...c, rgb: rgb(c.color) }));
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const x = (px + (sx + 0.5) / S) * scale;
          const y = (py + (sy + 0.5) / S) * scale;
          if (!maskable && !insideRoundedSquare(x, y)) continue;
          let color = bg;
          const ax = 256 + (x - 256) / shrink;
          const ay = 256 + (y - 256) / shrink;
          for (const c of circles) if ((ax - c.x) ** 2 + (ay - c.y) ** 2 <= c.r ** 2) color = c.rgb;
          acc[0] += color[0];
          acc[1] += color[1];
          acc[2] += color[2];
          acc[3] += 255;
        }
      }
      const i = (py * size + px) * 4;
      const n = acc[3] / 255;
      for (let k = 0; k < 3; k++) out[i + k] = n ? Math.round(acc[k] / n) : 0;
      out[i + 3] = Math.round(acc[3] / (S * S));
    }
  }
  return out;
}

function insideRoundedSquare(x: number, y: number): boolean {
  const dx = Math.max(CORNER - x, 0, x - (512 - CORNER));
  const dy = Math.max(CORNER - y, 0, y - (512 - CORNER));
  return dx * dx + dy * dy <= CORNER * CORNER;
}

// ---- PNG: signature, IHDR, one IDAT (filter byte 0 per row), IEND

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function png(size: number, rgba: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = new Uint8Array(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const dir = new URL('../../public/icons/', import.meta.url);
writeFileSync(new URL('icon.svg', dir), svg());
writeFileSync(new URL('icon-192.png', dir), png(192, raster(192, false)));
writeFileSync(new URL('icon-512.png', dir), png(512, raster(512, false)));
writeFileSync(new URL('icon-maskable-512.png', dir), png(512, raster(512, true)));
writeFileSync(new URL('apple-touch-icon.png', dir), png(180, raster(180, true)));
console.log('icons written to public/icons/');
