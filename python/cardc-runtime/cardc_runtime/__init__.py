"""The runtime every Python package cardc generates imports (as `_cardc`): reading JSON text
exactly as the contract does, the value types whose rules pydantic's strict mode does not say
alone, the typed parser of each schema type, and the one error type a failed decode raises.

One distribution, `cardc-runtime`, versioned with cardc; a generated package asks for the
versions compatible with the cardc that wrote it.
"""

from __future__ import annotations

import enum
import functools
import json
import math
import typing as _t
from dataclasses import dataclass

import jiter as _jiter
import pydantic as _p
import pydantic_core as _pc

from ._limits import MAX_DEPTH as MAX_DEPTH

__all__ = [
    "CatchAll",
    "DecodeError",
    "ErrorEntry",
    "Json",
    "Model",
    "OpenModel",
    "OtherValue",
    "Parser",
    "decode",
    "to_data",
    "to_json",
]

#: The largest integer every reader of parsed JSON holds exactly.
MAX_SAFE_INTEGER = 2**53 - 1


@dataclass(frozen=True)
class ErrorEntry:
    """One fault of a decode: where it is, what is wrong, and in which type and variant."""

    #: The RFC 6901 JSON pointer of the value at fault; empty for the whole input.
    pointer: str
    #: What is wrong there.
    message: str
    #: The schema type being decoded.
    type: str | None
    #: The tag value of the outermost union variant the fault sits in, if any.
    variant: str | None

    def __str__(self) -> str:
        at = f"{self.pointer}: " if self.pointer else ""
        within = " in ".join(part for part in (self.type, self.variant) if part)
        return f"{at}{self.message}" + (f" ({within})" if within else "")


class DecodeError(ValueError):
    """Why JSON text or data is not a value of the type it was decoded as."""

    def __init__(self, errors: _t.Sequence[ErrorEntry]) -> None:
        self.errors: tuple[ErrorEntry, ...] = tuple(errors)
        super().__init__("; ".join(str(error) for error in self.errors))


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _too_deep(value: object, at: str, depth: int) -> str | None:
    """The pointer of the first array or object of parsed data nested deeper than MAX_DEPTH
    (the outermost at depth 0), if any. Only arrays and objects are entered."""
    if depth >= MAX_DEPTH:
        return at
    items: _t.Iterable[tuple[str, object]]
    if isinstance(value, list):
        items = ((str(index), item) for index, item in enumerate(value))
    else:
        items = _t.cast(dict[str, object], value).items()
    for key, item in items:
        if isinstance(item, (list, dict)):
            fault = _too_deep(item, f"{at}/{_escape(key)}", depth + 1)
            if fault is not None:
                return fault
    return None


def _out_of_range(value: object, at: str) -> str | None:
    """The pointer of the first number in parsed data beyond a float's range, if any: what the
    parser reads as infinity (`1e400`), or an integer too large for a float."""
    if isinstance(value, float):
        return at if math.isinf(value) else None
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            float(value)
        except OverflowError:
            return at
        return None
    items: _t.Iterable[tuple[str, object]]
    if isinstance(value, list):
        items = ((str(index), item) for index, item in enumerate(value))
    elif isinstance(value, dict):
        items = value.items()
    else:
        return None
    for key, item in items:
        fault = _out_of_range(item, f"{at}/{_escape(key)}")
        if fault is not None:
            return fault
    return None


_J = _t.TypeVar("_J")
_N = _t.TypeVar("_N", int, float)


def _finite_json(value: _J) -> _J:
    """The check of a value read as any JSON: every number in it within a float's range, as
    the contract's numbers are."""
    fault = _out_of_range(value, "")
    if fault is not None:
        raise ValueError(f"number out of range at `{fault or '/'}`")
    return value


def _finite_entries(entries: _t.Iterable[tuple[str, object]]) -> None:
    """The same check of the entries of an object that no field reads."""
    for key, value in entries:
        fault = _out_of_range(value, "/" + _escape(key))
        if fault is not None:
            raise ValueError(f"number out of range at `{fault}`")


def _finite_number(value: _N) -> _N:
    """The check of a number of any kind: within a float's range."""
    if isinstance(value, float):
        finite = not math.isinf(value)
    else:
        try:
            finite = not math.isinf(float(value))
        except OverflowError:
            finite = False
    if not finite:
        raise ValueError("number out of range")
    return value


def _parse(text: str | bytes) -> tuple[bytes, object]:
    """The UTF-8 text and the data of JSON text, parsed as the Rust reader parses it: UTF-8
    with no lone surrogate, no repeated key, no NaN or Infinity, no nesting deeper than
    MAX_DEPTH. jiter checks all but the depth in native code; the depth is checked here, and
    only when the text has more brackets than MAX_DEPTH. A number beyond a float's range is
    refused where it is read (`F64`, `Json`, the integer types and the catch-alls), since a
    decode that keeps it needs all of them anyway."""
    try:
        raw = text.encode("utf-8") if isinstance(text, str) else text
    except UnicodeEncodeError:
        raise DecodeError(
            [ErrorEntry("", "a lone surrogate is not Unicode text", None, None)]
        ) from None
    try:
        data = _jiter.from_json(
            raw, allow_inf_nan=False, catch_duplicate_keys=True, cache_mode="keys"
        )
    except ValueError as error:
        raise DecodeError([ErrorEntry("", str(error), None, None)]) from None
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and isinstance(data, (list, dict)):
        fault = _too_deep(data, "", 0)
        if fault is not None:
            raise DecodeError(
                [ErrorEntry(fault, f"nested more than {MAX_DEPTH} deep", None, None)]
            )
    return raw, data


@functools.cache
def _adapter(tp: _t.Any) -> _p.TypeAdapter[_t.Any]:
    return _p.TypeAdapter(tp)


def _pointer(data: object, loc: tuple[int | str, ...]) -> tuple[str, str | None]:
    """The pointer into `data` that a pydantic location names, and the first union tag value
    on the way: pydantic puts a tagged union's tag value, and a union member's name, into the
    location where the JSON has no key."""
    at = ""
    variant: str | None = None
    current: object = data
    for index, part in enumerate(loc):
        last = index == len(loc) - 1
        if isinstance(current, dict) and isinstance(part, str) and part in current:
            at += "/" + _escape(part)
            current = current[part]
        elif (
            isinstance(current, list)
            and isinstance(part, int)
            and 0 <= part < len(current)
        ):
            at += f"/{part}"
            current = current[part]
        elif last and isinstance(current, dict) and isinstance(part, str):
            at += "/" + _escape(part)
        elif variant is None and isinstance(current, dict) and isinstance(part, str):
            variant = part
    return at, variant


def decode(tp: object, name: str, text: str | bytes) -> _t.Any:
    """Decodes JSON text as the type `tp` (named `name` in errors), exactly as the contract
    reads it, or raises DecodeError with every fault located; untyped, where `Parser` is
    typed."""
    return Parser[_t.Any](tp, name).json(text)


def decode_data(tp: object, name: str, data: object) -> _t.Any:
    """Decodes parsed JSON data as the type `tp`, as `decode` its text."""
    return Parser[_t.Any](tp, name)(data)


_T = _t.TypeVar("_T")


class Parser(_t.Generic[_T]):
    """The typed entry point of one schema type: `parse(data)` decodes parsed JSON data,
    `parse.json(text)` JSON text, each as a value of the type or raising DecodeError. A
    generated package has one per type, `parse_<type> = _cardc.Parser[T](T, "T")`, so that
    every type is read by this one path."""

    __slots__ = ("_adapter", "_name", "_type")

    def __init__(self, tp: object, name: str) -> None:
        self._type = tp
        self._name = name
        # Built at the first decode: a module's classes are complete only once it has run.
        self._adapter: _p.TypeAdapter[_T] | None = None

    def __repr__(self) -> str:
        return f"Parser({self._name})"

    def __call__(self, data: object) -> _T:
        """Decodes parsed JSON data as the type, or raises DecodeError."""
        try:
            text = json.dumps(data, allow_nan=False, ensure_ascii=False)
        except (TypeError, ValueError) as error:
            raise DecodeError([ErrorEntry("", str(error), self._name, None)]) from None
        return self.json(text)

    def json(self, text: str | bytes) -> _T:
        """Decodes JSON text as the type, or raises DecodeError."""
        adapter = self._adapter
        if adapter is None:
            adapter = self._adapter = _adapter(self._type)
        return _validate(adapter, self._name, text)


def _validate(adapter: _p.TypeAdapter[_J], name: str, text: str | bytes) -> _J:
    """Decodes JSON text with `adapter`, exactly as the contract reads it, or raises
    DecodeError with every fault located (`name` is the type's name in the errors)."""
    raw, data = _parse(text)
    try:
        return adapter.validate_json(raw, strict=True, by_alias=True, by_name=False)
    except _p.ValidationError as error:
        entries: list[ErrorEntry] = []
        for fault in error.errors(include_url=False):
            pointer, variant = _pointer(data, fault["loc"])
            entries.append(ErrorEntry(pointer, fault["msg"], name, variant))
        raise DecodeError(entries) from None


def to_data(tp: object, value: object) -> _p.JsonValue:
    """The JSON data of a value of type `tp`: the JSON it was read from (an absent key stays
    absent, a null stays null, the unknown keys of an open object are kept), but for its
    defaulted fields: a kept default is written, absent or not, and an omitted one is left
    out when the value equals it."""
    data: _p.JsonValue = _adapter(tp).dump_python(
        value, mode="json", by_alias=True, exclude_unset=True
    )
    return data


def to_json(tp: object, value: object) -> str:
    """The JSON text of a value of type `tp` (see [`to_data`])."""
    return json.dumps(to_data(tp, value), ensure_ascii=False, allow_nan=False)


class Model(_p.BaseModel):
    """A closed object of the schema: every key is a field's."""

    model_config = _p.ConfigDict(
        strict=True,
        extra="forbid",
        validate_by_alias=True,
        validate_by_name=True,
        serialize_by_alias=True,
        protected_namespaces=(),
    )

    #: The fields written whether or not they were given: union tags and constants.
    _cardc_fixed: _t.ClassVar[tuple[str, ...]] = ()
    #: The defaulted fields, judged for writing whether or not they were given (so that a
    #: default list filled in place is written): a kept default is always written, an
    #: omitted one left out by its field's `exclude_if` when it equals the default.
    _cardc_defaulted: _t.ClassVar[tuple[str, ...]] = ()

    def model_post_init(self, context: object, /) -> None:
        self.__pydantic_fields_set__.update(self._cardc_fixed)
        self.__pydantic_fields_set__.update(self._cardc_defaulted)

    @classmethod
    def from_json(cls, text: str | bytes) -> _t.Self:
        """Decodes JSON text as this type, or raises DecodeError."""
        value: _t.Self = decode(cls, cls.__name__, text)
        return value

    @classmethod
    def from_data(cls, data: object) -> _t.Self:
        """Decodes parsed JSON data as this type, or raises DecodeError."""
        value: _t.Self = decode_data(cls, cls.__name__, data)
        return value

    def to_data(self) -> _p.JsonValue:
        """The JSON data of this value: what it was read from, its defaulted fields written
        as their policy says (see `to_data`)."""
        return to_data(type(self), self)

    def to_json(self) -> str:
        """The JSON text of this value (see `to_data`)."""
        return to_json(type(self), self)


class OpenModel(Model):
    """An open object of the schema: the keys no field names are kept, and written back."""

    model_config = _p.ConfigDict(extra="allow")

    @_p.model_validator(mode="after")
    def _finite_extra(self) -> _t.Self:
        if self.__pydantic_extra__:
            _finite_entries(self.__pydantic_extra__.items())
        return self


class DroppingModel(Model):
    """An open object of the schema that drops the keys no field names: they are accepted,
    and neither kept nor written back."""

    model_config = _p.ConfigDict(extra="ignore")

    @_p.model_validator(mode="before")
    @classmethod
    def _finite_dropped(cls, data: object) -> object:
        # What is dropped is still read as JSON, as every reader of the contract reads it.
        if isinstance(data, dict):
            keys = _wire_keys(cls)
            _finite_entries((k, v) for k, v in data.items() if k not in keys)
        return data


@functools.cache
def _wire_keys(model: type[Model]) -> frozenset[str]:
    """The keys a model's fields read."""
    return frozenset(field.alias or name for name, field in model.model_fields.items())


def empty_list() -> list[_t.Any]:
    """A defaulted list field's fresh empty list, typed for any field's item type."""
    return []


def empty_dict() -> dict[str, _t.Any]:
    """A defaulted map field's fresh empty map, typed for any field's value type."""
    return {}


def is_none(value: object) -> bool:
    """Whether a null-as-absent field holds nothing, and so is written as no key."""
    return value is None


def equal_to(default: object) -> _t.Callable[[object], bool]:
    """The test that leaves a field with an omitted default out of what is written: whether
    its value is the default (`default`, as parsed JSON data) by JSON equality, numbers by
    value (`1` is `1.0`), an enum's member by its string."""

    def check(value: object) -> bool:
        return _json_equal(_json_data(value), default)

    return check


def _json_data(value: object) -> object:
    """A field's value as far as an omitted default compares it: an enum's member as its
    string, an open enum's catch-all as the string it holds, anything else as it is."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, OtherValue):
        return value.root
    return value


def integral(value: object) -> object:
    """A number with a zero fraction read as the integer it equals (`7.0`, `7e0`), as the
    contract reads an integer; anything else as it is, for the strict type to judge."""
    if (
        isinstance(value, float)
        and value.is_integer()
        and abs(value) <= MAX_SAFE_INTEGER
    ):
        return int(value)
    return value


def exactly(expected: str | int | bool) -> _t.Callable[[object], object]:
    """The check of a constant: the value itself, never a number for a boolean or the
    reverse; an integer constant also as an integral number."""

    def check(value: object) -> object:
        if isinstance(expected, (bool, str)):
            fits = type(value) is type(expected) and value == expected
        else:
            value = integral(value)
            fits = type(value) is int and value == expected
        if not fits:
            raise ValueError(f"expected {json.dumps(expected)}")
        return value

    return check


# Each integer type spelt out (not made by a function), so that type checkers read it as a
# type: an integral number as the integer it equals, within the type's range.
U8 = _t.Annotated[int, _p.BeforeValidator(integral), _p.Field(ge=0, le=2**8 - 1)]
U16 = _t.Annotated[int, _p.BeforeValidator(integral), _p.Field(ge=0, le=2**16 - 1)]
U32 = _t.Annotated[int, _p.BeforeValidator(integral), _p.Field(ge=0, le=2**32 - 1)]
I8 = _t.Annotated[int, _p.BeforeValidator(integral), _p.Field(ge=-(2**7), le=2**7 - 1)]
I16 = _t.Annotated[
    int, _p.BeforeValidator(integral), _p.Field(ge=-(2**15), le=2**15 - 1)
]
I32 = _t.Annotated[
    int, _p.BeforeValidator(integral), _p.Field(ge=-(2**31), le=2**31 - 1)
]
I64 = _t.Annotated[
    int,
    _p.BeforeValidator(integral),
    _p.Field(ge=-MAX_SAFE_INTEGER, le=MAX_SAFE_INTEGER),
]
U64 = _t.Annotated[
    int, _p.BeforeValidator(integral), _p.Field(ge=0, le=MAX_SAFE_INTEGER)
]

#: Any JSON number within a float's range, an integer kept an integer.
F64 = _t.Annotated[
    int | float, _p.Field(union_mode="smart"), _p.AfterValidator(_finite_number)
]

#: Any JSON value, every number in it within a float's range.
Json = _t.Annotated[_p.JsonValue, _p.AfterValidator(_finite_json)]


def _decimal(low: int, high: int) -> _t.Callable[[str], str]:
    def check(text: str) -> str:
        digits = text.removeprefix("-")
        canonical = (
            digits != ""
            and all("0" <= c <= "9" for c in digits)
            and (text == "0" or not digits.startswith("0"))
        )
        if not canonical or not low <= int(text) <= high:
            raise ValueError(
                "expected a canonical decimal integer within the type's range"
            )
        return text

    return check


DecimalI64 = _t.Annotated[str, _p.AfterValidator(_decimal(-(2**63), 2**63 - 1))]
DecimalU64 = _t.Annotated[str, _p.AfterValidator(_decimal(0, 2**64 - 1))]


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _json_equal(a: object, b: object) -> bool:
    """JSON Schema's equality: deep, objects regardless of key order, numbers by value."""
    if _number(a) is not None and _number(b) is not None:
        return _number(a) == _number(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return len(a) == len(b) and all(
            key in b and _json_equal(value, b[key]) for key, value in a.items()
        )
    return type(a) is type(b) and a == b


def _matcher(pattern: str) -> _t.Callable[[str], bool]:
    """A search for `pattern` by the Rust regex engine, the one the contract and pydantic's
    `pattern` use (Python's `re` reads `$` and classes otherwise)."""
    validator = _pc.SchemaValidator(_pc.core_schema.str_schema(pattern=pattern))

    def search(text: str) -> bool:
        try:
            validator.validate_python(text)
        except _pc.ValidationError:
            return False
        return True

    return search


def constrained(
    *,
    length: tuple[int | None, int | None] | None = None,
    patterns: tuple[str, ...] = (),
    minimum: tuple[float, bool] | None = None,
    maximum: tuple[float, bool] | None = None,
    items: tuple[int | None, int | None] | None = None,
    unique: bool = False,
) -> _p.BeforeValidator:
    """The checks of a field's constraints, as the contract defines them: a length in code
    points, patterns searched by the Rust engine (a format is its anchored pattern), a range
    compared as numbers, an item count, items unique by JSON equality. Each judges a value of
    the field's JSON type only; any other fails the type itself."""
    searches = tuple((pattern, _matcher(pattern)) for pattern in patterns)

    def check(value: object) -> object:
        if isinstance(value, str):
            if length is not None and not _count_within(len(value), length):
                raise ValueError(f"expected {_count_text(length)} characters")
            for pattern, search in searches:
                if not search(value):
                    raise ValueError(f"expected a string matching {pattern}")
        number = _number(value)
        if number is not None and minimum is not None:
            low, exclusive = minimum
            if number < low or (exclusive and number == low):
                raise ValueError(
                    f"expected a number {'above' if exclusive else 'at least'} {low}"
                )
        if number is not None and maximum is not None:
            high, exclusive = maximum
            if number > high or (exclusive and number == high):
                raise ValueError(
                    f"expected a number {'below' if exclusive else 'at most'} {high}"
                )
        if (
            isinstance(value, list)
            and items is not None
            and not _count_within(len(value), items)
        ):
            raise ValueError(f"expected {_count_text(items)} items")
        if unique and isinstance(value, list):
            for index, item in enumerate(value):
                if any(_json_equal(earlier, item) for earlier in value[:index]):
                    raise ValueError(f"item {index} repeats an earlier one")
        return value

    return _p.BeforeValidator(check)


def _count_within(count: int, bounds: tuple[int | None, int | None]) -> bool:
    low, high = bounds
    return (low is None or count >= low) and (high is None or count <= high)


def _count_text(bounds: tuple[int | None, int | None]) -> str:
    low, high = bounds
    if high is None:
        return f"at least {low}"
    if low is None:
        return f"at most {high}"
    return f"{low} to {high}"


def tagged(key: str) -> _t.Callable[[object], object]:
    """The check of a union of one variant, which pydantic reads as that variant's class:
    the tag key is present, as a discriminator would require."""

    def check(value: object) -> object:
        if isinstance(value, dict) and key not in value:
            raise ValueError(f"no `{key}` tag")
        return value

    return check


def not_null(value: object) -> object:
    """An optional field's present value, which is never null."""
    if value is None:
        raise ValueError("expected a value, not null: the key may be left out instead")
    return value


class CatchAll(_p.RootModel[dict[str, _p.JsonValue]]):
    """The catch-all of an open union: an object whose tag this build does not know, kept
    whole, every entry in the order read, and written back exactly. Its tag is a present
    string that no variant has, so that it never writes what reads back as a variant."""

    model_config = _p.ConfigDict(strict=True, frozen=True)

    #: The union's tag key.
    _cardc_tag: _t.ClassVar[str] = ""
    #: The tag values of the union's variants, which a catch-all never holds.
    _cardc_known: _t.ClassVar[frozenset[str]] = frozenset()

    @_p.model_validator(mode="after")
    def _unknown_tag(self) -> _t.Self:
        tag = self.root.get(self._cardc_tag)
        if not isinstance(tag, str) or tag in self._cardc_known:
            raise ValueError(
                f"expected a `{self._cardc_tag}` tag that is a string no variant has"
            )
        _finite_entries(self.root.items())
        return self

    @property
    def tag(self) -> str:
        """The tag value this build does not know."""
        return str(self.root[self._cardc_tag])

    def to_data(self) -> _p.JsonValue:
        """The JSON data of this value: exactly what it was read from."""
        return to_data(type(self), self)

    def to_json(self) -> str:
        """The JSON text of this value: exactly what it was read from."""
        return to_json(type(self), self)


class OtherValue(_p.RootModel[str]):
    """The catch-all of an open enum: a string this build does not know, kept and written
    back; never one of the enum's values."""

    model_config = _p.ConfigDict(strict=True, frozen=True)

    #: The enum's values, which a catch-all never holds.
    _cardc_known: _t.ClassVar[frozenset[str]] = frozenset()

    @_p.model_validator(mode="after")
    def _unknown_value(self) -> _t.Self:
        if self.root in self._cardc_known:
            raise ValueError(
                f"`{self.root}` is one of the enum's values, not an unknown one"
            )
        return self


def open_tag(
    key: str, attribute: str, known: tuple[str, ...], other: str | None
) -> _p.Discriminator:
    """The discriminator of a union whose tag is `key` (the attribute `attribute` of a
    variant class) that is open or holds an open union: a known tag value picks its variant,
    any other string the catch-all (marked `other`), if the union has one; no tag, or one
    that is not a string, fails."""
    values = frozenset(known)

    def pick(value: object) -> str | None:
        if isinstance(value, dict):
            tag = value.get(key)
        elif isinstance(value, CatchAll):
            tag = value.root.get(key)
        else:
            tag = getattr(value, attribute, None)
        if not isinstance(tag, str):
            return None
        return tag if tag in values else other

    return _p.Discriminator(
        pick,
        custom_error_type="tag",
        custom_error_message=(
            f"expected a string `{key}` tag"
            if other is not None
            else f"expected a `{key}` tag of one of {', '.join(known)}"
        ),
    )


def string(value: object) -> object:
    """The check of an open enum's value: a string (or a value already read), never another
    JSON type, which neither the enum nor its catch-all would say alone."""
    if value is None or isinstance(value, (bool, int, float, list, dict)):
        raise ValueError("expected a string")
    return value
