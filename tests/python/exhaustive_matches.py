"""Refuses a `match` that could hide a new variant: in each file given, every `case` that
matches anything (`case _:`, or a bare name such as `case other:`) must do nothing but call
`assert_never` on the subject, so that the type checkers, not a default branch, meet a
variant the code does not render.

    python tests/python/exhaustive_matches.py <file.py>...

Prints each offending case as `<file>:<line>: ...` and exits 1 if there is one.
"""

import ast
import sys


def is_wildcard(pattern):
    """Whether a pattern matches every value: `_`, a bare capture, or an `|` holding one."""
    if isinstance(pattern, ast.MatchAs):
        return pattern.pattern is None
    if isinstance(pattern, ast.MatchOr):
        return any(is_wildcard(option) for option in pattern.patterns)
    return False


def asserts_never(case, subject):
    """Whether the case's whole body is `assert_never(<subject>)`, with no guard."""
    if case.guard is not None or len(case.body) != 1:
        return False
    statement = case.body[0]
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return False
    call = statement.value
    name = call.func.attr if isinstance(call.func, ast.Attribute) else None
    if isinstance(call.func, ast.Name):
        name = call.func.id
    return (
        name == "assert_never"
        and len(call.args) == 1
        and ast.dump(call.args[0]) == ast.dump(subject)
    )


def problems(path):
    with open(path, encoding="utf-8") as file:
        tree = ast.parse(file.read(), filename=path)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Match):
            continue
        for case in node.cases:
            if is_wildcard(case.pattern) and not asserts_never(case, node.subject):
                yield (
                    f"{path}:{case.pattern.lineno}: a catch-all case that does not "
                    "`assert_never` the subject would hide a new variant"
                )


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python tests/python/exhaustive_matches.py <file.py>...")
    found = [problem for path in sys.argv[1:] for problem in problems(path)]
    for problem in found:
        print(problem)
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
