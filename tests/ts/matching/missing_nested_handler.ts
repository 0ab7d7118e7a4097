// The search card's handlers lack `paths`: a type error inside the nested handlers.
import { matchToolResultView, ToolResultView } from '../../../generated/render_intent';

export function name(view: ToolResultView): string {
  return matchToolResultView(view, {
    generic: () => 'generic',
    terminal: () => 'terminal',
    diff: () => 'diff',
    search: { matches: () => 'matches' },
  });
}
