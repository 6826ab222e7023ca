/**
 * The Markdown of docs/ as HTML: the subset those files use, no more (decision 0039). Headings
 * (with GitHub's anchors, so `berichten.md#opdracht` works), paragraphs, lists, fenced code,
 * tables, `code`, **bold**, _emphasis_ and [links](…); HTML comments (the generated sections'
 * markers) are dropped. Every character of the source is escaped: the result holds no markup but
 * the renderer's own, so it needs no sanitiser and runs under the strictest policy.
 */

export interface RenderOptions {
  /** The href a link gets, or undefined to show only its text (a page that is not served). */
  href?: (target: string) => string | undefined;
}

export interface RenderedMarkdown {
  html: string;
  /** The text of the first level-1 heading. */
  title: string | undefined;
}

const FENCE = /^```([\w-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const LIST_ITEM = /^([-*]|\d+\.)\s+(.*)$/;
const TABLE_SEPARATOR = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const COMMENT = /^<!--.*-->\s*$/;
const SAFE_HREF = /^(https?:\/\/|mailto:|\/|#)/i;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function renderMarkdown(markdown: string, options: RenderOptions = {}): RenderedMarkdown {
  const lines = markdown.replaceAll('\r\n', '\n').split('\n');
  const inline = (text: string) => renderInline(text, options);
  const slugs = new Map<string, number>();
  const out: string[] = [];
  let title: string | undefined;
  let i = 0;

  const startsBlock = (index: number) => {
    const line = lines[index] ?? '';
    return (
      FENCE.test(line) || HEADING.test(line) || LIST_ITEM.test(line) || COMMENT.test(line) || isTableStart(lines, index)
    );
  };

  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || COMMENT.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i] ?? ''); i++) code.push(lines[i] ?? '');
      i++;
      const language = fence[1] ? ` class="language-${escapeHtml(fence[1])}"` : '';
      out.push(`<pre><code${language}>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 1;
      const text = heading[2] ?? '';
      const plain = plainText(text);
      if (level === 1) title ??= plain;
      out.push(`<h${level} id="${escapeHtml(uniqueSlug(plain, slugs))}">${inline(text)}</h${level}>`);
      i++;
      continue;
    }
    if (isTableStart(lines, i)) {
      const header = cells(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && (lines[i] ?? '').trimStart().startsWith('|'); i++)
        rows.push(cells(lines[i] ?? ''));
      const head = header.map((cell) => `<th>${inline(cell)}</th>`).join('');
      const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${inline(cell)}</td>`).join('')}</tr>`).join('\n');
      out.push(
        `<div class="table"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`,
      );
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1] ?? '');
      const items: string[] = [];
      while (i < lines.length) {
        const current = LIST_ITEM.exec(lines[i] ?? '');
        if (!current || /\d/.test(current[1] ?? '') !== ordered) break;
        const text = [current[2] ?? ''];
        // A continuation line is indented; anything else that is not blank ends the item.
        for (i++; i < lines.length && /^\s+\S/.test(lines[i] ?? ''); i++) text.push((lines[i] ?? '').trim());
        items.push(`<li>${inline(text.join('\n'))}</li>`);
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>\n${items.join('\n')}\n</${tag}>`);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() !== '' && (paragraph.length === 0 || !startsBlock(i))) {
      paragraph.push((lines[i] ?? '').trim());
      i++;
    }
    out.push(`<p>${inline(paragraph.join('\n'))}</p>`);
  }
  return { html: out.join('\n'), title };
}

/** A table starts with a row of cells and, on the next line, the row of dashes under its header. */
function isTableStart(lines: string[], index: number): boolean {
  return (lines[index] ?? '').trimStart().startsWith('|') && TABLE_SEPARATOR.test(lines[index + 1] ?? '');
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

// One pass over the text: the earliest of a code span, a link, bold or emphasis wins; what lies
// between them is escaped. Link texts and bold may hold code; code holds nothing.
const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|(?<![\p{L}\p{N}])_(.+?)_(?![\p{L}\p{N}])/gsu;

function renderInline(text: string, options: RenderOptions): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    html += escapeHtml(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, code, linkText, target, bold, emphasis] = match;
    if (code !== undefined) html += `<code>${escapeHtml(code)}</code>`;
    else if (linkText !== undefined && target !== undefined) html += link(linkText, target, options);
    else if (bold !== undefined) html += `<strong>${renderInline(bold, options)}</strong>`;
    else if (emphasis !== undefined) html += `<em>${renderInline(emphasis, options)}</em>`;
  }
  return html + escapeHtml(text.slice(last));
}

function link(text: string, target: string, options: RenderOptions): string {
  const href = options.href ? options.href(target) : target;
  const content = renderInline(text, options);
  if (href === undefined || !SAFE_HREF.test(href)) return content;
  return `<a href="${escapeHtml(href)}">${content}</a>`;
}

/** A heading's text without its markup: what its anchor is made of. */
function plainText(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`|\*\*/g, '')
    .replace(/(?<![\p{L}\p{N}])_(.+?)_(?![\p{L}\p{N}])/gu, '$1');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-', repeats numbered. */
export function uniqueSlug(text: string, seen: Map<string, number>): string {
  const slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
  const count = seen.get(slug) ?? 0;
  seen.set(slug, count + 1);
  return count === 0 ? slug : `${slug}-${count}`;
}
