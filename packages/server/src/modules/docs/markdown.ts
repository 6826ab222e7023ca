import { Marked, Parser, Renderer, TextRenderer, type Tokens } from 'marked';
import { gfmHeadingId } from 'marked-gfm-heading-id';
import { escapeHtml } from '../../lib/html';

/**
 * The Markdown of docs/ as HTML (decision 0039), by `marked` (GitHub-flavoured) with GitHub's
 * heading anchors (`marked-gfm-heading-id`, so `berichten.md#opdracht` works). Raw HTML in the
 * source is shown as text, not passed through, and HTML comments (the generated sections' markers)
 * are dropped: the result holds no markup but the renderer's own, so it needs no sanitiser and runs
 * under the strictest policy.
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

const SAFE_HREF = /^(https?:\/\/|mailto:|\/|#)/i;
const COMMENT = /<!--[\s\S]*?-->/g;

export function renderMarkdown(markdown: string, options: RenderOptions = {}): RenderedMarkdown {
  /** Where a link or image points, or undefined when it is to show as text only. */
  const resolve = (target: string) => {
    const href = options.href ? options.href(target) : target;
    return href !== undefined && SAFE_HREF.test(href) ? href : undefined;
  };
  let titleHeading: Tokens.Heading | undefined;

  const marked = new Marked(gfmHeadingId(), {
    gfm: true,
    walkTokens(token) {
      if (token.type === 'heading' && token.depth === 1) titleHeading ??= token as Tokens.Heading;
    },
    renderer: {
      html({ text, block }) {
        const shown = text.replace(COMMENT, '');
        if (shown.trim() === '') return '';
        return block ? `<p>${escapeHtml(shown.trim())}</p>\n` : escapeHtml(shown);
      },
      link({ href, title, tokens }) {
        const content = this.parser.parseInline(tokens);
        const target = resolve(href);
        if (target === undefined) return content;
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(target)}"${titled}>${content}</a>`;
      },
      image(token) {
        const src = resolve(token.href);
        if (src === undefined) return escapeHtml(token.text);
        return Renderer.prototype.image.call(this, { ...token, href: src });
      },
      table(token) {
        // A wide table scrolls in its own box rather than widening the page.
        return `<div class="table">${Renderer.prototype.table.call(this, token)}</div>\n`;
      },
    },
  });

  const html = marked.parse(markdown, { async: false }).trimEnd();
  const title = titleHeading && new Parser().parseInline(titleHeading.tokens, new TextRenderer()).trim();
  return { html, title };
}
