"""What the contract's JSON rules cost the generated Python decoder, and what a native parser
would: each way of parsing the corpus's JSON text side by side in one pyperf run, as a ratio
to the floor (the hand-written pydantic models' `validate_json`, as in `decode.py`):

    cargo run --release -p cardc-benches --example corpus_jsonl -- target/bench-corpus.jsonl
    PYTHONPATH=generated/python:benches/python target/python-env/bin/python \
        benches/python/parsers.py target/bench-corpus.jsonl -o target/python-parsers.json

- `cardc validation`: pydantic's validation of the text as the generated models, as
  `parse_<union>_json` runs it after `load`, alone;
- `runtime parse`: the generated runtime's `_parse`, which every `parse_<union>_json` runs
  before pydantic validates the text: jiter (repeated keys, lone surrogates, UTF-8, `NaN`),
  then the depth check where the text has more brackets than the limit;
- `json.loads hooks`: the parse the runtime made before it used jiter, `json.loads` with a
  Python hook per object (repeated keys, and the number and constant rules), alone;
- `json.loads`: the standard library's parse with no hook, which keeps a repeated key's last
  value;
- `jiter`: pydantic's native parser on its own (`jiter.from_json` of the UTF-8 bytes, with
  `catch_duplicate_keys` and `allow_inf_nan=False`, no string cache), which refuses repeated
  keys, lone surrogates and `NaN` itself but reads `1e400` as infinity and nests up to its own
  limit.
"""

import json
import math

import cardc_runtime as runtime
import floor
import jiter
import render_intent
from decode import corpus_runner, run_all


def parsers():
    """Each way of parsing, as `decode.run_all` takes it: a function per union name."""
    floors = {
        "ToolCallView": floor.ToolCallView.validate_json,
        "ToolResultView": floor.ToolResultView.validate_json,
    }
    models = {
        name: runtime._adapter(getattr(render_intent, name))
        for name in ("ToolCallView", "ToolResultView")
    }

    def unique_keys(pairs):
        data = dict(pairs)
        if len(data) != len(pairs):
            raise ValueError("duplicate key")
        return data

    def reject_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(text):
        number = float(text)
        if math.isinf(number):
            raise ValueError("number out of range")
        return number

    def bounded(text):
        if len(text.lstrip("-")) > 308 and math.isinf(float(text)):
            raise ValueError("number out of range")
        return int(text)

    def hooked(text):
        return json.loads(
            text,
            object_pairs_hook=unique_keys,
            parse_constant=reject_constant,
            parse_float=finite,
            parse_int=bounded,
        )

    def native(text):
        return jiter.from_json(
            text.encode("utf-8"),
            allow_inf_nan=False,
            catch_duplicate_keys=True,
            cache_mode="none",
        )

    def validation(name):
        return lambda text: models[name].validate_json(
            text, strict=True, by_alias=True, by_name=False
        )

    def same(parse):
        return dict.fromkeys(floors, parse)

    return {
        "floor": floors,
        "cardc validation": {name: validation(name) for name in floors},
        "runtime parse": same(runtime._parse),
        "json.loads hooks": same(hooked),
        "json.loads": same(json.loads),
        "jiter": same(native),
    }


def main():
    runner, _, payloads = corpus_runner()
    results = {
        name: runner.bench_time_func(name, run_all, payloads, parse)
        for name, parse in parsers().items()
    }
    if any(bench is None for bench in results.values()):
        return  # a worker process: the main one reports
    base = results["floor"].median()
    print()
    print("| parse of the corpus | ms | / floor |")
    print("| --- | ---: | ---: |")
    for name, bench in results.items():
        print(
            f"| {name} | {bench.median() * 1000:.0f} | {bench.median() / base:.2f}x |"
        )


if __name__ == "__main__":
    main()
