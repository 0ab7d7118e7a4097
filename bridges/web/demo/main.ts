// The demo page: every sample card, rendered by the web renderer into the page.

import { callViewElement, resultViewElement } from '../src/dom.js';
import { SAMPLES } from './samples.js';

const list = document.getElementById('cards');
if (list === null) {
  throw new Error('the page has no #cards element');
}
for (const sample of SAMPLES) {
  const item = document.createElement('article');
  item.className = 'sample';
  item.dataset['sample'] = sample.id;
  const caption = document.createElement('h2');
  caption.textContent = sample.label;
  item.append(caption, sample.side === 'call' ? callViewElement(sample.view) : resultViewElement(sample.view));
  list.append(item);
}
document.body.dataset['ready'] = 'true';
