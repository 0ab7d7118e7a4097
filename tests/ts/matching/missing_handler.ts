// No `diff` handler: a type error at the handlers object.
import { matchToolCallView, ToolCallView } from '../../../generated/render_intent';

export function title(view: ToolCallView): string {
  return matchToolCallView(view, {
    generic: (value) => value.title,
    terminal: (value) => value.title,
  });
}
