// A unit variant's type is its tag alone: a literal with another key is a type error.
import { StreamEvent } from '../../schemas/unit_variants/unit_variants';

export const ping: StreamEvent = { type: 'ping', text: 'hi' };
