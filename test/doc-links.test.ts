import { existsSync } from 'node:fs';
import path from 'node:path';
import { docPages, ROOT, readDoc } from './support/docs';

const PAGES = [...docPages(), 'CONTRIBUTING.md', 'SECURITY.md'];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings. */
function anchors(page: string): Set<string> {
  const prose = readDoc(page).replace(/^```[\s\S]*?^```$/gm, '');
  return new Set(
    [...prose.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading = '']) => anchorOf(heading)),
  );
}

/** Each relative link of a page's prose (code left out), resolved from the page's folder. */
function links(page: string): { page: string; target: string; anchor?: string }[] {
  const prose = readDoc(page)
    .replace(/^```[\s\S]*?^```$/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, link = '']) => link)
    .filter((link) => !/^[a-z]+:/.test(link))
    .map((link) => {
      const [file = '', anchor] = link.split('#');
      const target = file ? path.join(path.dirname(page), file) : page;
      return { page, target: target.split(path.sep).join('/'), anchor };
    });
}

describe('the links between the README, docs/, CONTRIBUTING.md and SECURITY.md', () => {
  const all = PAGES.flatMap(links);

  it('point at files of the repository', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.filter(({ target }) => !existsSync(path.join(ROOT, target)))).toEqual([]);
  });

  it('point at headings that the page has', () => {
    const broken = all.filter(
      ({ target, anchor }) => anchor !== undefined && !anchors(target).has(anchor),
    );
    expect(broken).toEqual([]);
  });
});
