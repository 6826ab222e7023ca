import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { KOPPELEN_PATH, markedSection } from '@knooppunt/domain';
import { OPENAPI_PATHS } from '../../plugins/openapi';
import { BERICHTEN_PAGE_PATH } from './callbacks';
import { KOPPELEN_SECTIONS, afleverenMarkdown, type DeliveryFacts } from './facts';
import { escapeHtml } from '../../lib/html';
import { renderMarkdown } from './markdown';

/** The pages of docs/ that Knooppunt serves to participants' developers, by file name. */
export const DOC_PAGES = [
  { file: 'koppelen.md', path: KOPPELEN_PATH },
  { file: 'berichten.md', path: BERICHTEN_PAGE_PATH },
  { file: 'lifecycle.md', path: '/docs/lifecycle' },
] as const;

export const DOCS_CSS_PATH = '/docs/docs.css';

/** The address the documents use for Knooppunt; the served pages show the real one instead. */
export const EXAMPLE_ORIGIN = 'https://knooppunt.example';

const NAV = [
  { href: KOPPELEN_PATH, text: 'Koppelen met Knooppunt' },
  { href: BERICHTEN_PAGE_PATH, text: 'Berichttypen' },
  { href: '/docs', text: 'API-documentatie' },
  { href: OPENAPI_PATHS.callbacks, text: 'Callbacks (OpenAPI)' },
];

/**
 * A relative link to another served page points at its path; one to a file that is not served
 * (a decision, the source) keeps only its text. Absolute links and anchors stay as they are.
 */
export function pageHref(target: string): string | undefined {
  if (/^([a-z]+:|\/|#)/i.test(target)) return target;
  const [file = '', anchor] = target.split('#');
  const page = DOC_PAGES.find((candidate) => candidate.file === file);
  if (!page) return undefined;
  return anchor ? `${page.path}#${anchor}` : page.path;
}

/**
 * The markdown as served: Knooppunt's own address instead of the example one, and the numbers of
 * delivery of the running configuration instead of the defaults the file shows.
 */
export function servedMarkdown(markdown: string, { publicUrl, facts }: { publicUrl: string; facts: DeliveryFacts }) {
  const markers = KOPPELEN_SECTIONS.afleveren;
  const withFacts =
    markedSection(markdown, markers) === undefined
      ? markdown
      : markdown.replace(
          new RegExp(`${markers.begin}[\\s\\S]*${markers.end}`),
          () => `${markers.begin}\n\n${afleverenMarkdown(facts)}\n${markers.end}`,
        );
  return withFacts.replaceAll(EXAMPLE_ORIGIN, publicUrl);
}

/** A whole HTML page: no script, no inline style; its look comes from the stylesheet beside it. */
export function pageHtml(markdown: string): string {
  const { html, title = 'Knooppunt' } = renderMarkdown(markdown, { href: pageHref });
  const nav = NAV.map((item) => `<a href="${item.href}">${escapeHtml(item.text)}</a>`).join('\n');
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${DOCS_CSS_PATH}">
</head>
<body>
<nav aria-label="Documentatie">
${nav}
</nav>
<main>
${html}
</main>
</body>
</html>
`;
}

/** Reads the served pages from docs/; a missing file is left out (and said so by the caller). */
export async function readDocPages(docsDir: string) {
  return Promise.all(
    DOC_PAGES.map(async (page) => {
      try {
        return { ...page, markdown: await readFile(path.join(docsDir, page.file), 'utf8') };
      } catch {
        return { ...page, markdown: undefined };
      }
    }),
  );
}

export const DOCS_CSS = `:root { color-scheme: light; --line: #d0d7de; --muted: #57606a; --code: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2328; }
nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; padding: 0.75rem 1.5rem; border-bottom: 1px solid var(--line); background: #1565c0; }
nav a { color: #fff; text-decoration: none; font-weight: 500; }
nav a:hover, nav a:focus { text-decoration: underline; }
main { max-width: 62rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
h1, h2, h3, h4 { line-height: 1.25; margin: 2rem 0 0.75rem; }
h1 { font-size: 2rem; }
h2 { font-size: 1.5rem; padding-bottom: 0.3rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.2rem; }
a { color: #0b57d0; }
code { font: 0.875em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: 0.1em 0.3em; border-radius: 4px; }
pre { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; overflow-x: auto; }
pre code { padding: 0; background: none; white-space: pre; }
.table { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: 0.35rem 0.6rem; text-align: left; vertical-align: top; }
th { background: var(--code); }
li { margin: 0.25rem 0; }
`;
