// A `table` handler for a card the union does not have: a type error.
import { matchToolCallView, ToolCallView } from '../../../generated/render_intent';

export function title(view: ToolCallView): string {
  return matchToolCallView(view, {
    generic: (value) => value.title,
    terminal: (value) => value.title,
    diff: (value) => value.title,
    table: () => 'table',
  });
}
