// The `cardc doc` page in a real browser: opens the generated page from a file:// URL in
// Debian's headless Chromium through playwright-core, checks what a reader would (the page's
// own style and script run under its policy, a link to a type targets it, the filter box
// filters, an example shows as its JSON), checks that the hostile-strings page runs nothing
// and shows its strings as text, and saves a screenshot.
//
//   node codegen/tests/doc/browser.mjs <expected.json> <screenshot.png>
//
// <expected.json> names the pages and what they must show: {"page", "hostile", "types" (the
// type names in page order), "search": {"query", "types"}, "example": {"type", "value"},
// "hostileTexts": [...]}. Exits 1 on any failed check, and when
// Chromium or playwright-core is missing. codegen/tests/doc.rs runs it.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

setTimeout(() => fail('the browser test did not finish within 60 s'), 60_000).unref();

const [expectedArg, screenshotArg] = process.argv.slice(2);
if (expectedArg === undefined || screenshotArg === undefined) {
  fail('usage: node codegen/tests/doc/browser.mjs <expected.json> <screenshot.png>');
}
const expected = JSON.parse(readFileSync(expectedArg, 'utf8'));
if (!existsSync(CHROMIUM)) {
  fail(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium; scripts/test does)`);
}
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (error) {
  fail(`playwright-core is not installed (${error.message}): run \`npm ci\` at the repository root (scripts/test does)`);
}

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok: Boolean(ok), detail });
}
async function group(name, body) {
  try {
    await body();
  } catch (error) {
    check(name, false, String(error?.message ?? error).split('\n')[0]);
  }
}

// The policy allows the page's style and script by hash: say which hash an edit needs.
for (const path of [expected.page, expected.hostile]) {
  const html = readFileSync(path, 'utf8');
  const policy = html.match(/Content-Security-Policy" content="([^"]*)"/)?.[1] ?? '';
  for (const tag of ['style', 'script']) {
    const body = html.match(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`))?.[1] ?? '';
    const hash = createHash('sha256').update(body, 'utf8').digest('base64');
    check(
      `${path}: the policy allows the page's ${tag}`,
      policy.includes(`${tag}-src 'sha256-${hash}'`),
      `set ${tag.toUpperCase()}_HASH in codegen/src/doc/html.rs to "${hash}"`,
    );
  }
}

const started = Date.now();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, timeout: 20_000 });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(5_000);
  const watch = (target) => {
    const seen = { errors: [], console: [], dialogs: [], requests: [] };
    target.on('pageerror', (error) => seen.errors.push(String(error)));
    target.on('console', (message) => seen.console.push(`${message.type()}: ${message.text()}`));
    target.on('dialog', (dialog) => {
      seen.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    target.on('request', (request) => seen.requests.push(request.url()));
    return seen;
  };
  let seen = watch(page);
  const url = pathToFileURL(expected.page).href;

  await group('the page loads, its style and script run', async () => {
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    const position = await page.locator('#nav').evaluate((nav) => getComputedStyle(nav).position);
    check('the page style applies (the side bar is sticky)', position === 'sticky', position);
    check('every type has a section', (await page.locator('section.type').count()) === expected.types.length);
    check('the count says every type shows', (await page.locator('#count').textContent()) === `${expected.types.length} of ${expected.types.length} types`);
  });

  await group('navigation', async () => {
    const last = expected.types[expected.types.length - 1];
    await page.locator(`#nav a[href="#type-${last}"]`).click();
    check('a side-bar link targets its type', (await page.evaluate(() => location.hash)) === `#type-${last}`);
    const section = page.locator(`#type-${last}`);
    check('the targeted type is in view', await section.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight;
    }));
    check('the targeted type is marked', await section.evaluate((element) => element.matches(':target')));
    // A link in a type's own text: a union's variant to its payload.
    const link = page.locator(`#type-${expected.example.type} article.variant a[href^="#type-"]`).first();
    const href = await link.getAttribute('href');
    await link.click();
    check('a link between types targets the one it names', (await page.evaluate(() => location.hash)) === href, href);
    check('the linked type is in view', await page.locator(href).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight;
    }));
  });

  await group('search', async () => {
    const search = page.locator('#search');
    await search.fill('no such type or field');
    check('a query nothing holds hides every type', (await page.locator('section.type:visible').count()) === 0);
    check('the count says so', (await page.locator('#count').textContent()) === `0 of ${expected.types.length} types`);
    await search.fill(expected.search.query);
    const shown = await page.locator('section.type:visible').evaluateAll((all) => all.map((section) => section.id));
    check('a field name shows the types holding it', JSON.stringify(shown) === JSON.stringify(expected.search.types), JSON.stringify(shown));
    const rows = page.locator(`#${expected.search.types[0]} [data-search]`);
    const hidden = await rows.evaluateAll((all, query) => all.filter((row) => row.hidden).every((row) => !row.dataset.search.includes(query)), expected.search.query);
    const visible = await rows.evaluateAll((all, query) => all.filter((row) => !row.hidden).every((row) => row.dataset.search.includes(query)), expected.search.query);
    check('inside a type, only the members holding it show', hidden && visible && (await rows.evaluateAll((all) => all.some((row) => row.hidden))));
    check('the side bar lists only the types shown', (await page.locator('#nav li[data-type]:visible').count()) === expected.search.types.length);
    await search.fill('');
    check('clearing the box shows every type again', (await page.locator('section.type:visible').count()) === expected.types.length);
  });

  await group('a rendered example', async () => {
    const code = page.locator(`#type-${expected.example.type} details.example pre code`).first();
    check('the example is visible', await code.isVisible());
    const shown = JSON.parse((await code.textContent()) ?? 'null');
    check('the example shows as its JSON', JSON.stringify(shown) === JSON.stringify(expected.example.value), JSON.stringify(shown));
  });

  check('no page errors', seen.errors.length === 0, seen.errors.join('\n'));
  check('nothing was fetched but the page', seen.requests.every((request) => request === url), JSON.stringify(seen.requests));
  mkdirSync(dirname(screenshotArg), { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotArg });
  console.log(`screenshot: ${screenshotArg}`);

  const hostile = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  seen = watch(hostile);
  await group('the hostile page runs nothing and shows its strings', async () => {
    await hostile.goto(pathToFileURL(expected.hostile).href);
    await hostile.waitForSelector('body[data-ready="true"]');
    const text = (await hostile.locator('main').textContent()) ?? '';
    for (const shown of expected.hostileTexts) {
      check(`the page shows ${JSON.stringify(shown).slice(0, 60)} as text`, text.includes(shown));
    }
    check('only the page\'s own script is there', (await hostile.evaluate(() => document.scripts.length)) === 1);
    const handlers = await hostile.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)),
    );
    check('no element has an event-handler attribute', handlers.length === 0, JSON.stringify(handlers));
    const links = await hostile.evaluate(() => [...document.links].map((link) => link.getAttribute('href')));
    check('every link is an anchor of the page', links.every((href) => href.startsWith('#type-')), JSON.stringify(links));
  });
  check('the hostile page logged and alerted nothing', seen.console.length === 0 && seen.dialogs.length === 0, JSON.stringify(seen));
  check('the hostile page fetched nothing', seen.requests.length === 1, JSON.stringify(seen.requests));
} finally {
  await browser.close();
}

for (const { name, ok, detail } of results) {
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}${ok || detail === '' ? '' : `\n    ${detail}`}`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`browser: ${results.length - failed} passed, ${failed} failed (${Date.now() - started} ms in Chromium)`);
process.exit(failed === 0 ? 0 : 1);
