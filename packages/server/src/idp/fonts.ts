import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MOUNT_PATH } from './mount';

/*
 * The portal's typeface on the provider's own pages (login, password, second factor): Roboto
 * (@fontsource-variable/roboto, the package the portal bundles), its Latin subsets served from our
 * own origin — the pages' content security policy allows fonts from 'self' and nothing else — under
 * names that carry their content's hash, so a browser keeps them for ever and a new version is a new
 * address. Without them a page fell back to the system font beside the portal's Roboto.
 */

const require = createRequire(import.meta.url);
/** Dutch needs Latin; Latin Extended covers names with ő, ł, ş and the like. */
const SUBSETS = ['latin', 'latin-ext'] as const;

interface FontFile {
  path: string;
  body: Buffer;
  unicodeRange: string;
}

function readFonts(): FontFile[] {
  const directory = path.dirname(require.resolve('@fontsource-variable/roboto/index.css'));
  const css = readFileSync(path.join(directory, 'index.css'), 'utf8');
  return SUBSETS.map((subset) => {
    const file = `roboto-${subset}-wght-normal.woff2`;
    // The package's own @font-face rule for the file says which characters it holds.
    const rule = css.split('@font-face').find((block) => block.includes(`/${file})`));
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(rule ?? '')?.[1]?.trim();
    if (!unicodeRange) throw new Error(`@fontsource-variable/roboto has no rule for ${file}`);
    const body = readFileSync(path.join(directory, 'files', file));
    const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    return { path: `${MOUNT_PATH}/fonts/roboto-${subset}-${version}.woff2`, body, unicodeRange };
  });
}
let fonts: FontFile[] | undefined;
const fontFiles = () => (fonts ??= readFonts());

/** The @font-face rules of the pages' style sheet: 'Roboto Variable', as the portal names it. */
export function fontFaces(): string {
  return fontFiles()
    .map(
      (font) =>
        `@font-face{font-family:"Roboto Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${font.path}) format("woff2-variations");unicode-range:${font.unicodeRange}}`,
    )
    .join('\n');
}

/** Serves the font files the pages name. */
export function registerFonts(app: FastifyInstance): void {
  for (const font of fontFiles()) {
    app.get(font.path, { config: { access: 'public' as const }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .headers({
          'content-type': 'font/woff2',
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        })
        .send(font.body),
    );
  }
}
