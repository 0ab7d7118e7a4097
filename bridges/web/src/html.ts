// HTML escaping. Every piece of text a view carries goes through `escapeHtml` before it reaches
// the markup, whether it lands in an element or in a double-quoted attribute value.

const ENTITIES: { readonly [char: string]: string } = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The five HTML specials, and the control characters other than tab, line feed and carriage
 * return: C0 controls and DEL, which HTML drops (NUL) or keeps invisible, and C1 controls.
 */
const SPECIAL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

function replacement(char: string): string {
  const entity = ENTITIES[char];
  if (entity !== undefined) {
    return entity;
  }
  const code = char.charCodeAt(0);
  if (code <= 0x1f) {
    // U+2400 CONTROL PICTURES: ␀ ␇ ␛ ...
    return String.fromCharCode(0x2400 + code);
  }
  if (code === 0x7f) {
    return '\u2421';
  }
  return `&lt;U+${code.toString(16).toUpperCase().padStart(4, '0')}&gt;`;
}

/**
 * Escapes text for HTML: `&`, `<`, `>`, `"` and `'` become character references, so the result
 * is safe both as element content and inside a quoted attribute value. Control characters show
 * as what they are (`␀`, `␛`, `<U+009B>`) rather than vanish; tabs, line feeds and all other
 * characters are kept as they are.
 */
export function escapeHtml(text: string): string {
  // Line breaks as the HTML parser reads them anyway (CRLF and a lone CR become LF), so the
  // markup itself holds no carriage return.
  return text.replace(SPECIAL, replacement).replace(/\r\n?/g, '\n');
}

/** One attribute, ` name="value"`, with the value escaped. `name` is always a constant. */
export function attr(name: string, value: string): string {
  return ` ${name}="${escapeHtml(value)}"`;
}

/**
 * A `<pre>` element keeping `text`'s spaces, tabs and line breaks. The HTML parser drops one
 * newline right after `<pre>`, so one is written there: text that itself starts with a newline
 * keeps it.
 */
export function pre(className: string, text: string): string {
  return `<pre${attr('class', className)}>\n${escapeHtml(text)}</pre>`;
}
