// Every card handled, the nested search card by kind: compiles, and picks the right handler.
import { matchToolResultView, ToolResultView, TOOL_RESULT_VIEW_TAGS } from '../../../generated/render_intent';

function describe(view: ToolResultView): string {
  return matchToolResultView(view, {
    generic: (value) => `generic ${value.title ?? ''}`,
    terminal: (value) => `terminal ${value.exitCode ?? ''}`,
    diff: (value) => `diff ${value.diffs.length}`,
    search: {
      matches: (value) => `matches ${value.total}`,
      paths: (value) => `paths ${value.paths.length}`,
    },
  });
}

const seen = [
  describe({ card: 'terminal', exitCode: 2 }),
  describe({ card: 'search', kind: 'paths', paths: ['a'], truncated: false, total: 1 }),
  describe({ card: 'search', kind: 'matches', files: [], truncated: false, total: 0 }),
].join('|');
const expected = 'terminal 2|paths 1|matches 0';
if (seen !== expected || TOOL_RESULT_VIEW_TAGS.join(',') !== 'generic,terminal,diff,search') {
  throw new Error(`unexpected dispatch: ${seen}`);
}
