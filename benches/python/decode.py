"""Decode throughput of the generated Python package against the floor, a hand-written
pydantic model of the same contract (`floor.py`), and against validating with
python-jsonschema, over the codec benchmarks' corpus (`benches/src/corpus/`), side by side in
one pyperf run:

    cargo run --release -p cardc-benches --example corpus_jsonl -- target/bench-corpus.jsonl
    PYTHONPATH=generated/python:benches/python target/python-env/bin/python \
        benches/python/decode.py target/bench-corpus.jsonl -o target/python-bench.json

Each benchmark decodes every payload of one card kind (or all of them) from its JSON text:
`floor` with `TypeAdapter.validate_json`; `cardc` with the generated `parse_<union>_json`;
`jsonschema` with `json.loads` then `Draft202012Validator.is_valid` against the published
schema (validation only: no typed value comes out). The table printed at the end gives each
decoder's time over the floor's, per card kind.

`--baseline DIR` also times the package in DIR (a `render_intent` package directory, such as
an earlier revision's, from `git archive <revision> generated/python`) as `before`, in the same
run, and the table gains its ratio to the floor and cardc's to it:

    git archive 5e826a0c generated/python | tar -x -C target/before
    PYTHONPATH=generated/python:benches/python target/python-env/bin/python \
        benches/python/decode.py target/bench-corpus.jsonl --fast \
        --baseline target/before/generated/python/render_intent -o target/python-bench.json
"""

import importlib.util
import json
import sys
from pathlib import Path

import floor
import pyperf
import render_intent
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[2]


def load(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def validators():
    schema = json.loads(
        (ROOT / "generated/render_intent.schema.json").read_text("utf-8")
    )
    registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
    return {
        name: Draft202012Validator(
            {"$ref": f"{schema['$id']}#/$defs/{name}"}, registry=registry
        )
        for name in ("ToolCallView", "ToolResultView")
    }


def package(directory):
    """The `render_intent` package in `directory`, imported as `render_intent_before` so that it
    can sit beside the current one."""
    init = Path(directory) / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        "render_intent_before", init, submodule_search_locations=[str(init.parent)]
    )
    if spec is None or spec.loader is None:
        sys.exit(f"no package at {directory}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def decoders(baseline):
    checkers = validators()
    chosen = {
        "floor": {
            "ToolCallView": floor.ToolCallView.validate_json,
            "ToolResultView": floor.ToolResultView.validate_json,
        },
        "cardc": {
            "ToolCallView": render_intent.parse_tool_call_view_json,
            "ToolResultView": render_intent.parse_tool_result_view_json,
        },
        "jsonschema": {
            name: (lambda text, check=check.is_valid: check(json.loads(text)))
            for name, check in checkers.items()
        },
    }
    if baseline is not None:
        before = package(baseline)
        chosen["before"] = {
            "ToolCallView": before.parse_tool_call_view_json,
            "ToolResultView": before.parse_tool_result_view_json,
        }
    return chosen


def run_all(loops, payloads, decode):
    pairs = [(decode[payload["type"]], payload["text"]) for payload in payloads]
    start = pyperf.perf_counter()
    for _ in range(loops):
        for function, text in pairs:
            function(text)
    return pyperf.perf_counter() - start


def corpus_runner():
    """The pyperf runner of a benchmark over the corpus named on its command line, its
    parsed arguments, and the corpus's payloads (read again by every worker process)."""
    # A few processes of one loop each: a pass over the corpus takes seconds, so the noise of
    # one timing is small next to it; ratios are of medians over the same processes.
    runner = pyperf.Runner(
        processes=6,
        values=2,
        warmups=1,
        loops=1,
        add_cmdline_args=lambda cmd, args: cmd.extend(
            [args.corpus] + (["--baseline", args.baseline] if args.baseline else [])
        ),
    )
    runner.argparser.add_argument("corpus")
    runner.argparser.add_argument(
        "--baseline", help="a render_intent package to time as before"
    )
    args = runner.parse_args()
    return runner, args, load(args.corpus)


def main():
    runner, args, payloads = corpus_runner()
    kinds = {"all": payloads}
    for payload in payloads:
        kinds.setdefault(payload["card"], []).append(payload)
    every = decoders(args.baseline)
    # Every decoder must read every payload, and agree that each is valid (checked once, in
    # the main process, not in every worker).
    for name, decode in every.items() if not args.worker else ():
        for payload in payloads:
            if decode[payload["type"]](payload["text"]) is False:
                sys.exit(f"{name} refuses a corpus payload of {payload['card']}")
    results = {}
    for kind, chosen in kinds.items():
        for name, decode in every.items():
            bench = runner.bench_time_func(f"{kind} {name}", run_all, chosen, decode)
            results[(kind, name)] = bench
    if any(bench is None for bench in results.values()):
        return  # a worker process: the main one reports
    megabytes = {
        kind: sum(len(p["text"].encode("utf-8")) for p in chosen) / 1e6
        for kind, chosen in kinds.items()
    }
    before = "before" in every
    print()
    print(
        "| payloads | count | MB | floor MB/s | cardc / floor | jsonschema / floor |"
        + (" before / floor | cardc / before |" if before else "")
    )
    print(
        "| --- | ---: | ---: | ---: | ---: | ---: |"
        + (" ---: | ---: |" if before else "")
    )
    for kind, chosen in kinds.items():
        base = results[(kind, "floor")].median()
        ratios = [
            results[(kind, name)].median() / base for name in ("cardc", "jsonschema")
        ]
        row = (
            f"| {kind} | {len(chosen)} | {megabytes[kind]:.1f} | {megabytes[kind] / base:.0f} "
            f"| {ratios[0]:.2f}x | {ratios[1]:.1f}x |"
        )
        if before:
            then = results[(kind, "before")].median()
            row += f" {then / base:.2f}x | {results[(kind, 'cardc')].median() / then:.2f}x |"
        print(row)


if __name__ == "__main__":
    main()
