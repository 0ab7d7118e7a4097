// The markup every card shares: the card's frame, its header, content blocks and locations.
// Every string a view carries is escaped here or by the caller before it joins the markup.

import type { ContentBlock, FileLocation, ImageContent } from '../../../generated/render_intent.js';
import { matchContentBlock } from '../../../generated/render_intent.js';
import { attr, escapeHtml } from './html.js';

/** Which callback produced the view: `presentCall` or `presentResult`. */
export type Side = 'call' | 'result';

/**
 * A card's frame: a `<section>` whose class and `data-card` name the card (and `data-kind` the
 * search kind), holding the given parts, one per line. Empty parts are left out.
 */
export function section(side: Side, card: string, parts: readonly string[], kind?: string): string {
  const kindAttr = kind === undefined ? '' : attr('data-kind', kind);
  const body = parts.filter((part) => part !== '').join('\n');
  return (
    `<section${attr('class', `cardc-card cardc-${card}`)}${attr('data-card', card)}` +
    `${kindAttr}${attr('data-side', side)}>\n${body}\n</section>`
  );
}

/**
 * A card's header: the card's tag, then its title when it has one, then `extras` (markup the
 * caller has escaped).
 */
export function header(card: string, title: string | undefined, extras: readonly string[] = []): string {
  const titleHtml = title === undefined ? '' : `<span class="cardc-title">${escapeHtml(title)}</span>`;
  return `<header class="cardc-header"><span class="cardc-tag">${escapeHtml(card)}</span>${titleHtml}${extras.join('')}</header>`;
}

/** Content blocks in order: text as text, images as images when that is safe. */
export function contentBlocks(blocks: readonly ContentBlock[] | undefined): string {
  if (blocks === undefined || blocks.length === 0) {
    return '';
  }
  const rendered = blocks.map((block) =>
    matchContentBlock(block, {
      text: (text) => `<div class="cardc-text">${escapeHtml(text.text)}</div>`,
      image: renderImage,
    }),
  );
  return `<div class="cardc-content">\n${rendered.join('\n')}\n</div>`;
}

/**
 * The raster image types shown inline. SVG is left out: it is a document that can carry script
 * and links, and although an `<img>` never runs them, a page that displays untrusted images
 * should not depend on every place the data URL might be opened.
 */
const IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/**
 * An image as an `<img>` with a `data:` URL, only when its MIME type is one of the raster types
 * above and its data is base64 (the WHATWG forgiving-base64 alphabet, so nothing in it can end
 * the URL or the attribute). Anything else is withheld with a note saying why; a `data:` URL of
 * another type (`text/html`, `image/svg+xml`) is never written.
 */
function renderImage(image: ImageContent): string {
  const mime = image.mimeType.trim().toLowerCase();
  if (!IMAGE_TYPES.has(mime)) {
    return `<p class="cardc-withheld">Image not shown: ${escapeHtml(JSON.stringify(image.mimeType))} is not an image type this page displays.</p>`;
  }
  const data = base64(image.data);
  if (data === null) {
    return `<p class="cardc-withheld">Image not shown: its data is not base64.</p>`;
  }
  return `<img class="cardc-image"${attr('alt', `image (${mime})`)}${attr('src', `data:${mime};base64,${data}`)}>`;
}

/** The base64 text without ASCII whitespace, or `null` when it is not forgiving-base64. */
function base64(text: string): string | null {
  const compact = text.replace(/[\t\n\f\r ]/g, '');
  const unpadded = compact.length % 4 === 0 ? compact.replace(/={1,2}$/, '') : compact;
  if (compact.length === 0 || unpadded.length % 4 === 1 || !/^[A-Za-z0-9+/]*$/.test(unpadded)) {
    return null;
  }
  return compact;
}

/** Files a view touches, as `path` or `path:line`. */
export function locations(list: readonly FileLocation[] | undefined): string {
  if (list === undefined || list.length === 0) {
    return '';
  }
  const items = list.map((location) => {
    const where = location.line === undefined ? location.path : `${location.path}:${location.line}`;
    return `<li><code>${escapeHtml(where)}</code></li>`;
  });
  return `<ul class="cardc-locations">${items.join('')}</ul>`;
}
