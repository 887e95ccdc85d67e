/**
 * Rich text before and after sanitising, for a page at `richTextExampleHost`: the behaviour both
 * sanitisers (DOMPurify in the browser, sanitize-html on the server) are tested against, so the two
 * keep to one policy. Ill-nested markup (`<b><p>x</b></p>`) is left out: the two HTML parsers repair
 * it differently, both safely.
 */
export const richTextExampleHost = 'https://plinth.test/';

export interface RichTextExample {
  /** What the example shows. */
  readonly rule: string;
  readonly html: string;
  readonly clean: string;
}

const linkAttributes = 'target="_blank" rel="noopener noreferrer nofollow"';
const hostLink = `<a href="${richTextExampleHost}" ${linkAttributes}>`;

export const richTextExamples: readonly RichTextExample[] = [
  {
    rule: 'keeps the allowed tags',
    html: '<p><b>b</b><i>i</i><u>u</u><strong>s</strong><em>e</em><small>m</small><strike>k</strike></p><ul><li>x</li></ul><ol><li>a<ul><li>b</li></ul></li></ol><blockquote>q</blockquote><dl><dt>t</dt><dd>d</dd></dl><div><span>s</span><br><font color="red">f</font></div>',
    clean:
      '<p><b>b</b><i>i</i><u>u</u><strong>s</strong><em>e</em><small>m</small><strike>k</strike></p><ul><li>x</li></ul><ol><li>a<ul><li>b</li></ul></li></ol><blockquote>q</blockquote><dl><dt>t</dt><dd>d</dd></dl><div><span>s</span><br><font color="red">f</font></div>',
  },
  {
    rule: 'drops scripts, styles, pre and code with their content (spec 02)',
    html: '<p>a</p><script>alert(1)</script><style>p{}</style><pre><b>pre</b></pre><code>code</code><p>b</p>',
    clean: '<p>a</p><p>b</p>',
  },
  {
    rule: 'drops embedded documents and form controls with their content',
    html: '<iframe src="x">i</iframe><object>o</object><svg><text>t</text></svg><math>m</math><template>t</template><noscript>n</noscript><textarea>t</textarea><select><option>o</option></select>ok',
    clean: 'ok',
  },
  {
    rule: 'unwraps other tags, keeping their text',
    html: '<h1>Title</h1><table><tr><td>c</td></tr></table><plinth-image data-tag="x">q</plinth-image>',
    clean: 'Titlecq',
  },
  {
    rule: 'keeps only the text-align of an inline style, written one way',
    html: '<p style="color: red; text-align: CENTER">x</p><p style="text-align:justify">j</p><p style="background: url(x)">y</p><span style="text-align: start">z</span>',
    clean: '<p style="text-align: center">x</p><p style="text-align: justify">j</p><p>y</p><span>z</span>',
  },
  {
    rule: 'keeps only the allowed attributes: no handlers, ids, data or aria attributes',
    html: '<p onclick="x()" id="a" data-foo="x" aria-label="y" class="c" title="t">x</p><font color="red" face="Arial">f</font>',
    clean: '<p class="c" title="t">x</p><font color="red">f</font>',
  },
  {
    rule: 'keeps href and target on links only',
    html: '<div href="javascript:x" target="_top">d</div>',
    clean: '<div>d</div>',
  },
  {
    rule: 'keeps links with an allowed scheme, opened in a new tab with nofollow',
    html: '<a href="https://example.com">e</a><a href="mailto:a@b.com" target="_self" rel="opener">m</a><a href="geo:1,2">g</a><a href=" HTTPS://x.org/a?b=1&amp;c=2 ">t</a>',
    clean: `<a href="https://example.com" ${linkAttributes}>e</a><a href="mailto:a@b.com" ${linkAttributes}>m</a><a href="geo:1,2" ${linkAttributes}>g</a><a href="HTTPS://x.org/a?b=1&amp;c=2" ${linkAttributes}>t</a>`,
  },
  {
    rule: 'keeps a link the editor wrote as it is',
    html: `<p><a ${linkAttributes} href="https://example.com">Plinth</a></p>`,
    clean: `<p><a ${linkAttributes} href="https://example.com">Plinth</a></p>`,
  },
  {
    rule: 'sends javascript:, data:, relative and scheme-less links to the host (spec 02)',
    html: '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a><a href="/relative">d</a><a href="//evil.example/">e</a><a>f</a>',
    clean: `${hostLink}a</a>${hostLink}b</a>${hostLink}c</a>${hostLink}d</a>${hostLink}e</a>${hostLink}f</a>`,
  },
  {
    rule: 'turns images into their %%tag%% token, or removes them without a plain tag, keeping the text after them',
    html: '<p>a<img src="x.png" data-tag="logo">b and more<img src="y.png" onerror="x()"><img data-tag="lo&quot;go"><IMG DATA-TAG="a.b-c_1"></p><p>next</p>',
    clean: '<p>a%%logo%%b and more%%a.b-c_1%%</p><p>next</p>',
  },
  {
    rule: 'escapes text and attributes as the browser writes them',
    html: '<p title="a &quot;b&quot; &amp; c<d>">a &amp; b &lt; c &gt; d "q" \'s\' &nbsp; é<br/>&lt;img data-tag="x" /&gt;<!-- comment --></p>',
    clean:
      '<p title="a &quot;b&quot; &amp; c&lt;d&gt;">a &amp; b &lt; c &gt; d "q" \'s\' &nbsp; é<br>&lt;img data-tag="x" /&gt;</p>',
  },
  { rule: 'leaves plain text alone', html: 'plain text', clean: 'plain text' },
  { rule: 'leaves nothing as nothing', html: '', clean: '' },
];
