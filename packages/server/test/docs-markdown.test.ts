import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/modules/docs/markdown';
import { pageHref } from '../src/modules/docs/pages';

/** The HTML of a fragment, without the line breaks between tags that a reader does not see. */
const html = (markdown: string) => renderMarkdown(markdown, { href: pageHref }).html.replaceAll('>\n<', '><');

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
    // The line break that ends the code is not shown.
    expect(rendered).toMatch(
      /<pre><code class="language-html">&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;\n?<\/code><\/pre>/,
    );
    expect(rendered).toContain('<th>&lt;a&gt;</th>');
    expect(rendered).toContain('<td><code>&lt;u&gt;</code></td>');
  });

  it('shows a link whose address is no web, mail or page address as text only', () => {
    expect(html('[gevaar](javascript:void) en [data](data:text/html,x)')).toBe('<p>gevaar en data</p>');
    expect(html('![plaatje](javascript:void) en ![schema](lifecycle.png)')).toBe('<p>plaatje en schema</p>');
  });

  it('shows a block of HTML as text, and drops a comment within a line', () => {
    expect(html('<div onclick="x()">\n*tekst*\n</div>')).toBe(
      '<p>&lt;div onclick=&quot;x()&quot;&gt;\n*tekst*\n&lt;/div&gt;</p>',
    );
    expect(html('Een <!-- opmerking --> zin')).toBe('<p>Een  zin</p>');
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
        '<ul><li><strong>Eén.</strong> Het eerste\npunt.</li><li>Twee</li></ul>',
        '<ol><li>Stap een</li><li>Stap twee</li></ol>',
        '<div class="table"><table><thead><tr><th>Antwoord</th><th>Betekenis</th></tr></thead><tbody><tr><td><code>202</code></td><td>Opgeslagen</td></tr></tbody></table></div>',
      ].join(''),
    );
  });

  it('drops HTML comments, such as the markers of generated sections', () => {
    expect(html('<!-- afleveren:begin -->\n\nTekst\n\n<!-- afleveren:end -->')).toBe('<p>Tekst</p>');
  });
});
