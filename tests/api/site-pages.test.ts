// Admin → Pages (issue 31): a page's content is read as the fresh site's words until the coach
// saves, every save is checked section by section (a 400 names the field and nothing is stored),
// a save from an older version is refused, and a save clears that page's cached copies only.
import { beforeEach, describe, expect, test } from 'bun:test';
import { asc } from 'drizzle-orm';
import { sitePageRevisions, sitePages } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import type { PageContent } from '#src/schemas/site-content/pages.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const snapshot = async () => ({
  pages: await db().select().from(sitePages).orderBy(asc(sitePages.key)),
  revisions: await db().select().from(sitePageRevisions).orderBy(asc(sitePageRevisions.id)),
});
const expectRefused = refusalChecker(snapshot);

const save = (key: string, content: unknown, version = 0) =>
  sendJson('PUT', `/api/admin/pages/${key}`, { content, version }, { headers: admin.headers() });
const read = (key: string) => request(`/api/admin/pages/${key}`, { headers: admin.headers() });

/** The About page's fresh content with `change` applied to a copy. */
function about(change: (content: PageContent) => void = () => {}): PageContent {
  const content = structuredClone(DEFAULT_PAGES.about);
  change(content);
  return content;
}
const sectionIndex = (content: PageContent, type: string) => content.sections.findIndex((section) => section.type === type);
const sectionOfType = (content: PageContent, type: string) => content.sections[sectionIndex(content, type)] as Record<string, unknown>;

beforeEach(async () => {
  await db().delete(sitePageRevisions);
  await db().delete(sitePages);
});

describe('reading pages', () => {
  test('a fresh site lists its nine pages, none saved yet, and answers their fresh words', async () => {
    const list = await request('/api/admin/pages', { headers: admin.headers() });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({
      pages: [
        {
          key: 'home',
          name: 'Home',
          path: '/',
          sections: ['hero', 'offerings', 'latestPosts', 'testimonials'],
          everywhere: false,
          version: 0,
          updatedAt: null,
        },
        {
          key: 'about',
          name: 'About',
          path: '/about',
          sections: ['profile', 'story', 'audiences', 'approach', 'reasons', 'roles', 'callToAction'],
          everywhere: false,
          version: 0,
          updatedAt: null,
        },
        {
          key: 'services',
          name: 'Services',
          path: '/services',
          sections: ['pageHeader', 'coaching', 'serviceCards', 'questions'],
          everywhere: false,
          version: 0,
          updatedAt: null,
        },
        {
          key: 'contact',
          name: 'Contact',
          path: '/contact',
          sections: ['pageHeader', 'contactDetails'],
          everywhere: false,
          version: 0,
          updatedAt: null,
        },
        {
          key: 'privacy',
          name: 'Privacy Policy',
          path: '/privacy',
          sections: ['legalHeader', 'legalText'],
          everywhere: false,
          version: 0,
          updatedAt: null,
        },
        {
          key: 'terms',
          name: 'Terms of Service',
          path: '/terms',
          sections: ['legalHeader', 'legalText'],
          everywhere: false,
          version: 0,
          updatedAt: null,
        },
        {
          key: 'cookies',
          name: 'Cookie Policy',
          path: '/cookies',
          sections: ['legalHeader', 'legalText'],
          everywhere: false,
          version: 0,
          updatedAt: null,
        },
        { key: 'not-found', name: 'Not-found page', path: '/404', sections: ['notFound'], everywhere: true, version: 0, updatedAt: null },
        {
          key: 'navigation',
          name: 'Header and footer',
          path: '/',
          sections: ['headerLinks', 'footerColumns'],
          everywhere: true,
          version: 0,
          updatedAt: null,
        },
      ],
    });
    const page = await read('services');
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ key: 'services', version: 0, content: DEFAULT_PAGES.services });
  });

  test('an unknown page → 404 "Page not found", before any body is read', async () => {
    for (const response of [await read('blog'), await save('__proto__', 'not even content'), await read('constructor')]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Page not found' });
    }
  });
});

describe('saving a page', () => {
  test('stores the content as version 1, keeps a save revision, and the page reads it', async () => {
    const content = about((page) => {
      sectionOfType(page, 'story').title = 'Why I Do This Work';
    });
    const response = await save('about', content);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ key: 'about', version: 1, content });
    expect(body.updatedAt).toEqual(expect.any(String));

    const { pages, revisions } = await snapshot();
    expect(pages).toEqual([expect.objectContaining({ key: 'about', version: 1, content })]);
    expect(revisions).toEqual([expect.objectContaining({ pageKey: 'about', kind: 'save', baseVersion: 0, content })]);
    expect(revisions[0]!.authorName).toBe(admin.user.email);
    expect(await currentPageContent('about')).toEqual(content);
  });

  test('texts are trimmed; a section can be hidden and the sections reordered', async () => {
    const content = about((page) => {
      sectionOfType(page, 'story').title = '   Why I Coach   ';
      sectionOfType(page, 'reasons').hidden = true;
      page.sections.reverse();
    });
    const response = await save('about', content);
    expect(response.status).toBe(200);
    const stored = (await response.json()).content as PageContent;
    expect(stored.sections.map((section) => section.type)).toEqual([
      'callToAction',
      'roles',
      'reasons',
      'approach',
      'audiences',
      'story',
      'profile',
    ]);
    expect(sectionOfType(stored, 'story').title).toBe('Why I Coach');
    expect(sectionOfType(stored, 'reasons').hidden).toBe(true);
  });

  test('a save from an older version → 409, and nothing changes', async () => {
    expect((await save('about', about())).status).toBe(200);
    await expectRefused(() => save('about', about(), 0), 409, {
      message: 'This page was saved elsewhere since you opened it: reload it to see those changes first',
    });
    await expectRefused(() => save('about', about(), 7), 409, {
      message: 'This page was saved elsewhere since you opened it: reload it to see those changes first',
    });
    expect((await save('about', about(), 1)).status).toBe(200);
  });

  test("saving clears that page's cached copies, and no other page's", async () => {
    const ticket = pageCache.ticket();
    const cached = { status: 200, headers: [], body: new Uint8Array(1) };
    for (const key of ['/about', '/RSC/R/about.txt', '/services', '/', '/blog']) pageCache.store(key, cached, ticket);
    expect((await save('about', about())).status).toBe(200);
    expect(pageCache.get('/about')).toBeUndefined();
    expect(pageCache.get('/RSC/R/about.txt')).toBeUndefined();
    for (const key of ['/services', '/', '/blog']) expect(pageCache.get(key)).toBeDefined();
    pageCache.clear();
  });

  test('saving the header and footer, or the not-found page, clears every page: they show on all of them', async () => {
    const cached = { status: 200, headers: [], body: new Uint8Array(1) };
    const paths = ['/about', '/services', '/', '/blog', '/blog/a-post', '/no-such-page'];
    for (const key of ['navigation', 'not-found'] as const) {
      const ticket = pageCache.ticket();
      for (const path of paths) pageCache.store(path, cached, ticket);
      const response = await save(key, DEFAULT_PAGES[key]);
      expect(response.status).toBe(200);
      for (const path of paths) expect(pageCache.get(path)).toBeUndefined();
      await db().delete(sitePages);
    }
  });
});

describe('a save is refused with a 400 naming the field, and nothing is stored', () => {
  const LINK = 'must be a page of this site (starting with /) or an https:// address';
  const callToAction = (page: PageContent) => sectionIndex(page, 'callToAction');
  const profile = (page: PageContent) => sectionIndex(page, 'profile');
  const cases: Array<{ name: string; content: () => unknown; field: string; message: string }> = [
    ...[
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '//evil.example/x',
      'http://example.com',
      'https://localhost',
      'data:text/html,x',
      '/a b',
    ].map((link) => ({
      name: `a button link ${JSON.stringify(link)}`,
      content: () =>
        about((page) => {
          (sectionOfType(page, 'callToAction').button as { link: string }).link = link;
        }),
      field: `content.sections.${callToAction(about())}.button.link`,
      message: `Button link ${LINK}`,
    })),
    {
      name: 'an image without alt text',
      content: () =>
        about((page) => {
          (sectionOfType(page, 'profile').image as { alt: string }).alt = '  ';
        }),
      field: `content.sections.${profile(about())}.image.alt`,
      message: 'Describe the image in its alt text',
    },
    {
      name: 'an image from another site',
      content: () =>
        about((page) => {
          (sectionOfType(page, 'profile').image as { src: string }).src = 'https://evil.example/me.png';
        }),
      field: `content.sections.${profile(about())}.image.src`,
      message: 'Image must be chosen from Media',
    },
    {
      name: 'an empty required title',
      content: () =>
        about((page) => {
          sectionOfType(page, 'story').title = '   ';
        }),
      field: `content.sections.${sectionIndex(about(), 'story')}.title`,
      message: 'Title is required',
    },
    {
      name: 'a title over two lines',
      content: () =>
        about((page) => {
          sectionOfType(page, 'story').title = 'Why\nI Coach';
        }),
      field: `content.sections.${sectionIndex(about(), 'story')}.title`,
      message: 'Title must be plain text on one line',
    },
    {
      name: 'an icon not in the list',
      content: () =>
        about((page) => {
          ((sectionOfType(page, 'audiences').cards as Array<{ icon: string }>)[0] as { icon: string }).icon = 'skull';
        }),
      field: `content.sections.${sectionIndex(about(), 'audiences')}.cards.0.icon`,
      message: 'Icon must be one of the listed icons',
    },
    {
      name: 'a section left out',
      content: () =>
        about((page) => {
          page.sections.splice(callToAction(page), 1);
        }),
      field: 'content.sections',
      message: "Sections must hold each of this page's sections once: profile, story, audiences, approach, reasons, roles, callToAction",
    },
    {
      name: 'a section twice',
      content: () =>
        about((page) => {
          page.sections.push(structuredClone(page.sections[0]!));
        }),
      field: 'content.sections',
      message: "Sections must hold each of this page's sections once: profile, story, audiences, approach, reasons, roles, callToAction",
    },
    {
      name: "another page's section in place of one of its own",
      content: () =>
        about((page) => {
          page.sections[callToAction(page)] = structuredClone(DEFAULT_PAGES.home.sections[0]!);
        }),
      field: 'content.sections',
      message: "Sections must hold each of this page's sections once: profile, story, audiences, approach, reasons, roles, callToAction",
    },
    {
      name: 'an unknown section type',
      content: () =>
        about((page) => {
          (page.sections[0] as { type: string }).type = 'rawHtml';
        }),
      field: 'content.sections.0.type',
      message: 'Section type is not one of the page sections',
    },
    {
      name: 'an unknown field in a section',
      content: () =>
        about((page) => {
          Object.assign(page.sections[1]!, { html: '<script>alert(1)</script>' });
        }),
      field: 'content.sections.1.html',
      message: 'Unknown field: html',
    },
    {
      name: 'too many buttons',
      content: () => {
        const home = structuredClone(DEFAULT_PAGES.home);
        const hero = home.sections[0] as { buttons: unknown[] };
        hero.buttons = Array.from({ length: 4 }, () => ({ label: 'Go', link: '/' }));
        return home;
      },
      field: 'content.sections.0.buttons',
      message: 'Buttons can hold at most 3 items',
    },
  ];

  for (const { name, content, field, message } of cases) {
    test(name, () => expectRefused(() => save(name.startsWith('too many') ? 'home' : 'about', content()), 400, { message, field }));
  }

  test('an offering state that is not one of the five', () => {
    const home = structuredClone(DEFAULT_PAGES.home);
    ((home.sections[1] as { items: Array<{ state: string }> }).items[0] as { state: string }).state = 'maybe';
    return expectRefused(() => save('home', home), 400, {
      message: 'State must be live, coming soon, hidden, or follow booking or the newsletter',
      field: 'content.sections.1.items.0.state',
    });
  });

  test('a version that is not a whole number from 0', () =>
    expectRefused(() => save('about', about(), -1), 400, { message: 'version must be a whole number from 0', field: 'version' }));
});

describe('autosaves, revisions and restore', () => {
  const autosave = (content: unknown, version: number) =>
    sendJson('PUT', '/api/admin/pages/about/autosave', { content, version }, { headers: admin.headers() });

  test("an autosave keeps the work in progress without changing the page; the same session's next one replaces it", async () => {
    const first = await autosave(
      about((page) => {
        sectionOfType(page, 'story').title = 'Draft one';
      }),
      0,
    );
    expect(first.status).toBe(200);
    const { revisionId, pageVersion } = await first.json();
    expect(pageVersion).toBe(0);
    const second = await autosave(
      about((page) => {
        sectionOfType(page, 'story').title = 'Draft two';
      }),
      0,
    );
    expect((await second.json()).revisionId).toBe(revisionId);
    const { pages, revisions } = await snapshot();
    expect(pages).toEqual([]);
    expect(revisions).toHaveLength(1);
    expect(sectionOfType(revisions[0]!.content as PageContent, 'story').title).toBe('Draft two');
    expect(await currentPageContent('about')).toEqual(DEFAULT_PAGES.about);
  });

  test('a restore puts an older revision back as a new version, kept as a restore', async () => {
    const first = about((page) => {
      sectionOfType(page, 'story').title = 'First words';
    });
    expect((await save('about', first)).status).toBe(200);
    expect((await save('about', about(), 1)).status).toBe(200);
    const listed = await request('/api/admin/pages/about/revisions', { headers: admin.headers() });
    const { revisions } = await listed.json();
    expect(revisions.map((revision: { kind: string }) => revision.kind)).toEqual(['save', 'save']);
    const oldest = revisions[1].id;
    const one = await request(`/api/admin/pages/about/revisions/${oldest}`, { headers: admin.headers() });
    expect(await one.json()).toMatchObject({ id: oldest, kind: 'save', baseVersion: 0, content: first });

    const restored = await sendJson(
      'POST',
      `/api/admin/pages/about/revisions/${oldest}/restore`,
      { version: 2 },
      { headers: admin.headers() },
    );
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ version: 3, content: first });
    expect((await snapshot()).revisions.at(-1)).toMatchObject({ kind: 'restore', baseVersion: 2, content: first });

    const elsewhere = await request(`/api/admin/pages/services/revisions/${oldest}`, { headers: admin.headers() });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ message: 'Revision not found' });
  });
});
