import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/modules/docs/markdown';
import { pageHref } from '../src/modules/docs/pages';

const html = (markdown: string) => renderMarkdown(markdown, { href: pageHref }).html;

describe('the Markdown of docs/ as HTML (decision 0039)', () => {
  it('escapes every character of the source: text, code, link texts and addresses', () => {
    const rendered = html(
      [
        '# Kop <script>alert(1)</script>',
        '',
        'Tekst met <b>tags</b> & "quotes" en `<img src=x onerror=alert(1)>`.',
        '',
        '[klik <em>hier</em>](https://example.nl/?a="b"&c=<d>)',
        '',
        '```html',
        '<script>alert("x")</script>',
        '```',
        '',
        '| <a> | b |',
        '| --- | - |',
        '| <i> | `<u>` |',
      ].join('\n'),
    );
    expect(rendered).not.toMatch(/<(script|b|img|em|a |i|u)>/);
    expect(rendered).toContain('Kop &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rendered).toContain('Tekst met &lt;b&gt;tags&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(rendered).toContain('<code>&lt;img src=x onerror=alert(1)&gt;</code>');
    expect(rendered).toContain('<a href="https://example.nl/?a=&quot;b&quot;&amp;c=&lt;d&gt;">klik &lt;em&gt;hier');
    expect(rendered).toContain(
      '<pre><code class="language-html">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</code></pre>',
    );
    expect(rendered).toContain('<th>&lt;a&gt;</th>');
    expect(rendered).toContain('<td><code>&lt;u&gt;</code></td>');
  });

  it('shows a link whose address is no web, mail or page address as text only', () => {
    expect(html('[gevaar](javascript:void) en [data](data:text/html,x)')).toBe('<p>gevaar en data</p>');
  });

  it('points links to the served pages at their paths, and shows links to unserved files as text', () => {
    const rendered = html(
      'Zie [berichten](berichten.md#opdracht), [levenscyclus](lifecycle.md), [besluit](decisions/0015-x.md) en [API](/docs).',
    );
    expect(rendered).toBe(
      '<p>Zie <a href="/docs/berichten#opdracht">berichten</a>, <a href="/docs/lifecycle">levenscyclus</a>, besluit en <a href="/docs">API</a>.</p>',
    );
  });

  it("gives headings GitHub's anchors, numbering repeats, and takes the first level-1 heading as title", () => {
    const { html: rendered, title } = renderMarkdown(
      '# Koppelen met `Knooppunt`\n\n## Aansluiting (versienummer `2.0`)\n\n### Statussen\n\n### Statussen\n\n## De testomgeving',
    );
    expect(title).toBe('Koppelen met Knooppunt');
    expect([...rendered.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'koppelen-met-knooppunt',
      'aansluiting-versienummer-20',
      'statussen',
      'statussen-1',
      'de-testomgeving',
    ]);
  });

  it('renders paragraphs, lists with continued lines, bold, emphasis and tables', () => {
    const rendered = html(
      [
        'Een alinea',
        'over twee regels met **vet** en _nadruk_, maar niet in client_secret_post.',
        '',
        '- **Eén.** Het eerste',
        '  punt.',
        '- Twee',
        '',
        '1. Stap een',
        '2. Stap twee',
        '',
        '| Antwoord | Betekenis |',
        '| -------- | --------- |',
        '| `202`    | Opgeslagen |',
      ].join('\n'),
    );
    expect(rendered).toBe(
      [
        '<p>Een alinea\nover twee regels met <strong>vet</strong> en <em>nadruk</em>, maar niet in client_secret_post.</p>',
        '<ul>\n<li><strong>Eén.</strong> Het eerste\npunt.</li>\n<li>Twee</li>\n</ul>',
        '<ol>\n<li>Stap een</li>\n<li>Stap twee</li>\n</ol>',
        '<div class="table"><table>\n<thead><tr><th>Antwoord</th><th>Betekenis</th></tr></thead>\n<tbody>\n<tr><td><code>202</code></td><td>Opgeslagen</td></tr>\n</tbody>\n</table></div>',
      ].join('\n'),
    );
  });

  it('drops HTML comments, such as the markers of generated sections', () => {
    expect(html('<!-- afleveren:begin -->\n\nTekst\n\n<!-- afleveren:end -->')).toBe('<p>Tekst</p>');
  });
});
