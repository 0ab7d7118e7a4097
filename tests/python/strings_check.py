"""What generated Python packages say: imports each package and prints, for each, the
strings its module holds, so that a test can compare them with the schema's.

    python tests/python/strings_check.py <package-dir>...

Prints one JSON line per package: {"package", "doc", "keys", "values"}: the module's
docstring, every field's wire key (its pydantic alias, or its name where it has none) by
class, and every enum's values by enum. Anything else on stdout or stderr came from the import itself. Run it with the
interpreter of the environment `scripts/python-env` builds.
"""

import enum
import importlib.util
import json
import sys
from pathlib import Path

import pydantic


def load(directory, name):
    """The package whose files are in `directory`, imported under `name`."""
    spec = importlib.util.spec_from_file_location(
        name, directory / "__init__.py", submodule_search_locations=[str(directory)]
    )
    if spec is None or spec.loader is None:
        sys.exit(f"{directory} is not a Python package")
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return package


def main():
    for index, argument in enumerate(sys.argv[1:]):
        directory = Path(argument)
        package = load(directory, f"cardc_strings_{index}")
        keys = {}
        values = {}
        for name in package.__all__:
            item = getattr(package, name)
            if isinstance(item, type) and issubclass(item, pydantic.BaseModel):
                # A field whose wire key is its attribute's name has no alias.
                keys[name] = [
                    field.alias or attribute
                    for attribute, field in item.model_fields.items()
                ]
            elif isinstance(item, type) and issubclass(item, enum.Enum):
                values[name] = [member.value for member in item]
        report = {
            "package": directory.name,
            "doc": package.__doc__,
            "keys": keys,
            "values": values,
        }
        print(json.dumps(report))


if __name__ == "__main__":
    main()
