// The web renderer in a real browser: serves the demo page (bridges/web/demo/index.html and the
// renderer compiled by tsc) from a static server on 127.0.0.1, opens it in Debian's headless
// Chromium through playwright-core, checks what a person would check, and saves a screenshot.
//
//   node bridges/web/tests/browser.mjs <compiled dir> <output dir>
//
// <compiled dir> is tsc's output for bridges/web/tsconfig.json (the repository's layout under
// it); the screenshot goes to <output dir>/screenshot.png. Exits 1 on any failed check, and when
// Chromium or playwright-core is missing. tests/conformance/tests/web.rs runs it.

import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
const PAGE = '/bridges/web/demo/index.html';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const [compiledArg, outArg] = process.argv.slice(2);
if (compiledArg === undefined || outArg === undefined) {
  fail('usage: node bridges/web/tests/browser.mjs <compiled dir> <output dir>');
}
const compiled = resolve(compiledArg);
const outDir = resolve(outArg);

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

// Nothing may hang: the whole run has 60 seconds (it takes a few).
setTimeout(() => fail('the browser test did not finish within 60 s'), 60_000).unref();

if (!existsSync(CHROMIUM)) {
  fail(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium; scripts/test does)`);
}
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (error) {
  fail(`playwright-core is not installed (${error.message}): run \`npm ci\` at the repository root (scripts/test does)`);
}
const samplesModule = join(compiled, 'bridges/web/demo/samples.js');
if (!existsSync(samplesModule)) {
  fail(`${samplesModule} is missing: compile the renderer first (tsc -p bridges/web --outDir <compiled dir>)`);
}
const samples = await import(pathToFileURL(samplesModule).href);

// The static server: compiled JavaScript from <compiled dir>, the page and the stylesheet from
// bridges/web/ and jsdiff from node_modules/diff/ in the repository, all under the repository's
// own paths.
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript' };
const served = [];
const server = createServer((request, response) => {
  let path;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    served.push({ path: request.url, status: 400 });
    response.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
    return;
  }
  const relative = normalize(path).replace(/^[/\\]+/, '');
  const candidates = [join(compiled, relative)];
  if (relative.startsWith(`bridges${sep}web${sep}`) && ['.html', '.css'].includes(extname(relative))) {
    candidates.push(join(repo, relative));
  }
  // jsdiff, the renderer's runtime dependency, from the repository's node_modules (the page's
  // import map points there).
  if (relative.startsWith(`node_modules${sep}diff${sep}libesm${sep}`) && extname(relative) === '.js') {
    candidates.push(join(repo, relative));
  }
  const file = candidates.find(
    (candidate) => (candidate.startsWith(compiled + sep) || candidate.startsWith(repo + sep)) && existsSync(candidate),
  );
  const type = TYPES[extname(relative)];
  if (file === undefined || type === undefined || relative.includes('..')) {
    served.push({ path, status: 404 });
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  served.push({ path, status: 200 });
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(readFileSync(file));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok: Boolean(ok), detail });
}
/** Runs one group of checks; an exception (a missing element, unparsable text) fails the group. */
async function group(name, body) {
  try {
    await body();
    return true;
  } catch (error) {
    check(name, false, String(error?.message ?? error).split('\n')[0]);
    return false;
  }
}

const started = Date.now();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, timeout: 20_000 });
try {
  const page = await browser.newPage({ viewport: { width: 960, height: 900 } });
  page.setDefaultTimeout(5_000);
  const pageErrors = [];
  const dialogs = [];
  const offsite = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      pageErrors.push(`console: ${message.text()}`);
    }
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Only this server and data: URLs; anything else would be the page reaching out.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) {
      return route.continue();
    }
    offsite.push(url);
    return route.abort();
  });

  const loaded = await group('the page loads and renders', async () => {
    await page.goto(`${origin}${PAGE}`);
    await page.waitForSelector('body[data-ready="true"]');
    check('every sample card is on the page', (await page.locator('article.sample').count()) === samples.SAMPLES.length);
  });
  // Without the cards every check below would only wait for its element and time out.
  const cards = loaded ? group : async () => {};

  // The diff card: removed and added lines, told apart by class and by colour.
  await cards('the diff card', async () => {
    const diff = page.locator('[data-sample="diff"] section.cardc-diff');
    const removed = await diff.locator('tr.cardc-del td.cardc-code').allTextContents();
    const added = await diff.locator('tr.cardc-add td.cardc-code').allTextContents();
    check('the diff shows the removed lines', same(removed, ['    41', '    "0.1.0"']), JSON.stringify(removed));
    check(
      'the diff shows the added lines',
      same(added, ['    // The answer, at last.', '    42', '    "0.2.0"']),
      JSON.stringify(added),
    );
    check('the diff keeps unchanged lines around the changes', (await diff.locator('tr.cardc-ctx').count()) >= 6);
    check('the diff folds a long unchanged run', (await diff.locator('tr.cardc-fold').count()) === 1);
    const colour = (selector) => diff.locator(selector).first().evaluate((row) => getComputedStyle(row).backgroundColor);
    const [removedColour, addedColour, contextColour] = [
      rgb(await colour('tr.cardc-del')),
      rgb(await colour('tr.cardc-add')),
      rgb(await colour('tr.cardc-ctx')),
    ];
    check(
      'removed lines are red, added lines green, context neither',
      removedColour.r > removedColour.g && addedColour.g > addedColour.r && contextColour.a === 0,
      JSON.stringify({ removedColour, addedColour, contextColour }),
    );
    check('removed and added lines are visible', (await diff.locator('tr.cardc-del').first().isVisible()) && (await diff.locator('tr.cardc-add').first().isVisible()));
  });

  // The search card: the truncation note, and file groups that expand on click.
  await cards('the search card', async () => {
    const search = page.locator('[data-sample="search"] section.cardc-search');
    const note = search.locator('.cardc-truncated');
    const noteText = (await note.textContent()) ?? '';
    check('the capped search says "showing 250 of 1,204"', (await note.isVisible()) && noteText.includes('showing 250 of 1,204 matches'), noteText);
    const groups = search.locator('details.cardc-file');
    check('the search has one group per file', (await groups.count()) === 12);
    check('the groups hold every shown match', (await search.locator('.cardc-matches li').count()) === samples.SEARCH_SHOWN);
    const openBefore = await groups.evaluateAll((all) => all.filter((group) => group.open).length);
    const first = groups.first();
    const firstLines = first.locator('.cardc-matches li');
    check('the file groups start closed', openBefore === 0 && !(await firstLines.first().isVisible()));
    await first.locator('summary').click();
    check(
      'a click expands a file group and shows its matches',
      (await first.evaluate((group) => group.open)) && (await firstLines.first().isVisible()) && (await firstLines.count()) === 3,
    );
    check('other groups stay closed', (await groups.evaluateAll((all) => all.filter((group) => group.open).length)) === 1);
    check('the expanded group is the first file', (await first.getAttribute('data-path')) === samples.HOSTILE_PATH);
    check(
      'a match line shows as text',
      (await firstLines.first().locator('.cardc-match-line').textContent()) === samples.HOSTILE_LINE,
    );
  });

  // The terminal card: the output exactly as written, leading spaces and tabs kept.
  await cards('the terminal cards', async () => {
    const output = page.locator('[data-sample="terminal"] pre.cardc-output');
    const outputText = await output.textContent();
    const outputShown = await output.evaluate((pre) => pre.innerText);
    const whiteSpace = await output.evaluate((pre) => getComputedStyle(pre).whiteSpace);
    check('terminal output keeps its whitespace (textContent)', outputText === samples.TERMINAL_OUTPUT, JSON.stringify(outputText));
    check(
      'terminal output is shown with its whitespace (innerText, white-space: pre)',
      outputShown.replace(/\n$/, '') === samples.TERMINAL_OUTPUT.replace(/\n$/, '') && whiteSpace === 'pre',
      JSON.stringify({ outputShown, whiteSpace }),
    );
    const status = page.locator('[data-sample="terminal"] .cardc-status');
    check('the exit status shows, marked ok', (await status.textContent()) === 'exit code 0' && (await status.getAttribute('class')).includes('cardc-ok'));
    const killed = page.locator('[data-sample="terminal-failed"] .cardc-status');
    check('a killed command shows its signal, marked failed', (await killed.textContent()) === 'killed by SIGTERM' && (await killed.getAttribute('class')).includes('cardc-failed'));
  });

  // Hostile text: shown as text, never run, never an attribute of its own.
  await cards('hostile text', async () => {
    const hostile = page.locator('[data-sample="hostile"] section');
    check('a title with <script> shows as text', (await hostile.locator('.cardc-title').textContent()) === samples.HOSTILE_TITLE);
    check('content with markup and entities shows as text', (await hostile.locator('.cardc-text').textContent()) === samples.HOSTILE_TEXT);
    await hostile.locator('.cardc-raw-input summary').click();
    const rawInput = JSON.parse((await hostile.locator('pre.cardc-json').textContent()) ?? 'null');
    check('raw input shows as its JSON', rawInput?.pattern === '</pre><script>window.__pwned = true</script>' && rawInput?.path === samples.HOSTILE_PATH);
    await page.locator('[data-sample="search"] details.cardc-file summary').first().hover();
    await hostile.locator('.cardc-locations code').hover();
    const pageText = await page.locator('main').textContent();
    check('the literal "<script>" is in the page text', pageText.includes('<script>alert(1)</script>') && pageText.includes("Tom & Jerry's \"quoted\" title"));
    const images = await page.evaluate(() => [...document.images].map((image) => ({ src: image.src.slice(0, 22), width: image.naturalWidth })));
    check(
      'the PNG shows; the text/html "image" does not',
      images.length === 1 && images[0].src === 'data:image/png;base64,' && images[0].width === 24 && (await page.locator('[data-sample="images"] .cardc-withheld').isVisible()),
      JSON.stringify(images),
    );
  });

  // Whatever failed above, nothing the cards carry may have run or become markup.
  await group('no script ran', async () => {
    check('no injected script ran', (await page.evaluate(() => window.__pwned)) === undefined && dialogs.length === 0, JSON.stringify(dialogs));
    const scripts = await page.evaluate(() => Array.from(document.scripts, (script) => script.type));
    check('the page has only its own script elements (the import map and main.js)', JSON.stringify(scripts) === '["importmap","module"]', JSON.stringify(scripts));
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${element.tagName} ${a.name}`),
      ),
    );
    check('no element has an event-handler attribute', handlers.length === 0, JSON.stringify(handlers));
  });
  check('no page errors', pageErrors.length === 0, pageErrors.join('\n'));
  check('every request was served', served.every((entry) => entry.status === 200) && offsite.length === 0, JSON.stringify({ served, offsite }));

  mkdirSync(outDir, { recursive: true });
  const screenshot = join(outDir, 'screenshot.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  console.log(`screenshot: ${screenshot}`);
} finally {
  await browser.close();
  server.close();
}

for (const { name, ok, detail } of results) {
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}${ok || detail === '' ? '' : `\n    ${detail}`}`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`browser: ${results.length - failed} passed, ${failed} failed (${Date.now() - started} ms in Chromium)`);
process.exit(failed === 0 ? 0 : 1);

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function rgb(text) {
  const [r = 0, g = 0, b = 0, a = 1] = (text.match(/[\d.]+/g) ?? []).map(Number);
  return { r, g, b, a };
}
