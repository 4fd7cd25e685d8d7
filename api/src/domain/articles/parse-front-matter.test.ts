import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './parse-front-matter.ts';

describe('front matter', () => {
  it('reads YAML, TOML and JSON front matter, leaving dates as written', () => {
    expect(parseFrontMatter('---\ntitle: Hi\ndate: 2021-02-30\ntags: [a, b]\n---\nBody')).toEqual({ data: { title: 'Hi', date: '2021-02-30', tags: ['a', 'b'] }, content: 'Body' });
    expect(parseFrontMatter('+++\ntitle = "Hi"\ndate = 2023-05-01T08:00:00+02:00\nbad = 2021-02-30\ncategories = ["x"]\n[params]\nnote = 1\n+++\nBody')).toEqual({
      data: { title: 'Hi', date: '2023-05-01T08:00:00+02:00', bad: '2021-02-30', categories: ['x'], params: { note: 1 } },
      content: 'Body',
    });
    expect(parseFrontMatter('{\n  "title": "Hi {there}",\n  "draft": true\n}\nBody')).toEqual({ data: { title: 'Hi {there}', draft: true }, content: 'Body' });
    expect(parseFrontMatter('No front matter')).toEqual({ data: {}, content: 'No front matter' });
  });

  it('refuses other languages and says where broken front matter is', () => {
    expect(() => parseFrontMatter('---js\n{ title: "x" }\n---\n')).toThrow('the front matter must be YAML, TOML or JSON; "---js" is not accepted');
    expect(() => parseFrontMatter('---\ntitle: [unclosed\n---\nbody')).toThrow(/^the front matter is not valid YAML \(line \d+ of the file\)$/);
    expect(() => parseFrontMatter('+++\ntitle = = 1\n+++\n')).toThrow('the front matter is not valid TOML (line 2 of the file)');
    expect(() => parseFrontMatter('---\ntitle: x\n')).toThrow('the front matter is not closed (no "---" line after it)');
    expect(() => parseFrontMatter('---\n!!js/function "function () {}"\n---\n')).toThrow(/not valid YAML/);
  });
});
