// DOM helpers for pages: the same markup as `renderCallView` / `renderResultView`, parsed into an
// element. The markup is built from escaped text, so parsing it creates no script and no handler.

import type { ToolCallView, ToolResultView } from '../../../generated/render_intent.js';
import { renderCallView, renderResultView } from './render.js';

/** A tool call's card as a detached element of `doc`. */
export function callViewElement(view: ToolCallView, doc: Document = document): HTMLElement {
  return parse(renderCallView(view), doc);
}

/** A tool result's card as a detached element of `doc`. */
export function resultViewElement(view: ToolResultView, doc: Document = document): HTMLElement {
  return parse(renderResultView(view), doc);
}

/** Parses one card through a `<template>`, whose content is inert while it is parsed. */
function parse(html: string, doc: Document): HTMLElement {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const element = template.content.firstElementChild;
  if (!(element instanceof HTMLElement) || element.nextElementSibling !== null) {
    throw new Error('a card renders as exactly one element');
  }
  return doc.importNode(element, true);
}
