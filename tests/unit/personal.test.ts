import { describe, expect, it } from 'vitest';
import { htmlToText, personalBody, personalPreview, personalTitle } from '@/lib/content/personal/rules';

describe('personal post title', () => {
  it('is the stored title when there is one', () => {
    expect(personalTitle('Third Year, First Week', '# Something else')).toBe('Third Year, First Week');
  });

  it('when empty, the first line starting with "# " in content serves as title', () => {
    expect(personalTitle('', 'Intro line\n# The Real Title\n# Second')).toBe('The Real Title');
    expect(personalTitle('   ', '<p>Hello</p><p># From a paragraph</p><p>body</p>')).toBe('From a paragraph');
  });

  it('decodes entities in a title taken from content', () => {
    expect(personalTitle('', '<p># Tom &amp; Jerry</p>')).toBe('Tom & Jerry');
  });

  it('a "#" without a space, or a "## " line, is not a title', () => {
    expect(personalTitle('', '#hashtag\n## Subheading')).toBeNull();
  });

  it('is null when neither the title nor the content gives one', () => {
    expect(personalTitle('', '<p>No heading here</p>')).toBeNull();
  });
});

describe('personal post body under a title taken from content', () => {
  it('drops the heading paragraph so the title is not shown twice', () => {
    expect(personalBody('', '<p># Title</p><p>Body</p>')).toBe('<p>Body</p>');
  });

  it('drops a raw "# " line', () => {
    expect(personalBody('', '# Title\n<p>Body</p>')).toBe('<p>Body</p>');
  });

  it('keeps the content as it is when the post has a title', () => {
    expect(personalBody('Stored', '<p># Not a title here</p>')).toBe('<p># Not a title here</p>');
  });
});

describe('personal post content preview (300 characters)', () => {
  it('is the text of the content, without HTML', () => {
    expect(personalPreview('T', '<p>The night <strong>before</strong> a deadline.</p>')).toBe('The night before a deadline.');
  });

  it('is the first line plus an ellipsis when more follows', () => {
    expect(personalPreview('T', '<p>First paragraph.</p><p>Second.</p>')).toBe('First paragraph...');
    expect(personalPreview('T', '<p>A list follows:</p><ul><li>one</li></ul>')).toBe('A list follows...');
  });

  it('is cut at 300 characters plus an ellipsis', () => {
    const long = 'x'.repeat(310);
    const preview = personalPreview('T', `<p>${long}</p>`);
    expect(preview).toBe(`${'x'.repeat(300)}...`);
  });

  it('does not repeat a heading line that serves as title', () => {
    expect(personalPreview('', '<p># Title</p><p>Body text.</p>')).toBe('Body text.');
  });

  it('never contains markup, even from script or style content', () => {
    const preview = personalPreview('T', '<script>alert(1)</script><style>p{}</style><p>Safe &lt;b&gt; text</p>');
    expect(preview).toBe('Safe <b> text');
  });
});

describe('html to text', () => {
  it('puts blocks on their own lines and collapses whitespace', () => {
    expect(htmlToText('<h2>A</h2>\n  <ul><li>one</li><li>two  words</li></ul>x<br>y')).toBe('A\none\ntwo words\nx\ny');
  });

  it('decodes numeric entities and ignores invalid ones', () => {
    expect(htmlToText('&#233;&#x41;&#0;&unknown;')).toBe('éA&unknown;');
  });
});
