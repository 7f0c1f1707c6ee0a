import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

/**
 * No executable piece may survive: tags, handlers, style, or a script URL in any attribute. Only real tags are read:
 * text shows `<` as `&lt;`, so "onclick=" written as words is harmless.
 */
const expectInert = (out: string) => {
  const html = (out.match(/<[^>]*>/g) ?? []).join(' ');
  expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|form|input|button|svg|math|base|meta|link)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i);
};

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdown(
      '# New offer\n\n**Bold**, *italic*, `code`\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h1>New offer</h1>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>1</td>');
  });

  it('drops raw script and style blocks with their content', () => {
    const html = renderMarkdown('Hello\n\n<script>alert(1)</script>\n\n<style>body{display:none}</style>\n\nbye');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('display:none');
    expect(html).toContain('Hello');
    expectInert(html);
  });

  it('keeps an image but not its event handlers', () => {
    const html = renderMarkdown('<img src="https://cdn.example/x.png" onerror="alert(1)" alt="x">');
    expect(html).toBe('<img src="https://cdn.example/x.png" alt="x" />');
  });

  it('takes the URL away from javascript:, data: and vbscript: links and images, however they are spelled', () => {
    const hostile = [
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](java&#x09;script:alert(1))',
      '[click](&#106;avascript:alert(1))',
      '<a href="&#x6A;avascript:alert(1)">click</a>',
      '<a href=" javascript:alert(1)">click</a>',
      '<a href="vbscript:msgbox(1)">click</a>',
      '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '<a href="//evil.example/">click</a>',
    ];
    for (const md of hostile) {
      const html = renderMarkdown(md);
      expectInert(html);
      expect(html, md).not.toMatch(/href=|src=/);
    }
  });

  it('drops svg, iframes, forms and objects whatever they carry', () => {
    const html = renderMarkdown(
      [
        '<svg onload="alert(1)"><script>alert(2)</script></svg>',
        '<iframe src="https://evil.example"></iframe>',
        '<form action="https://evil.example"><input name="p"><button>Go</button></form>',
        '<object data="x.swf"></object><embed src="x.swf">',
        '<math><mtext><img src=x onerror=alert(3)></mtext></math>',
      ].join('\n\n'),
    );
    expectInert(html);
    expect(html).not.toContain('alert');
  });

  it('does not let nested or broken tags rebuild a script', () => {
    const html = renderMarkdown(
      '<scr<script>ipt>alert(1)</scr</script>ipt>\n\n<<script>script>alert(2)<</script>/script>\n\n<div><p onclick="x()">hi</p></div>',
    );
    expectInert(html);
    expect(html).toContain('hi');
  });

  it('leaves HTML entities as text, never as markup', () => {
    const html = renderMarkdown('&lt;script&gt;alert(1)&lt;/script&gt; and `<b onmouseover=x>`');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<code>&lt;b onmouseover=x&gt;</code>');
    expectInert(html);
  });

  it('drops style attributes and every attribute off the list', () => {
    const html = renderMarkdown('<p style="position:fixed" class="x" id="y" data-x="1">text</p>');
    expect(html).toBe('<p>text</p>');
  });

  it('gives every link rel="noopener noreferrer" and a new tab, over whatever the author wrote', () => {
    expect(renderMarkdown('[docs](https://example.com/a?b=1)')).toBe(
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">docs</a></p>',
    );
    expect(renderMarkdown('<a href="https://example.com" rel="opener" target="_self">x</a>')).toContain(
      'rel="noopener noreferrer" target="_blank"',
    );
  });
});
