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
import sys as _sys
import types as _types
import typing as _t
from dataclasses import dataclass

import jiter as _jiter
import pydantic as _p
import pydantic.fields as _pf
import pydantic_core as _pc
import typing_extensions as _te

from ._limits import MAX_DEPTH as MAX_DEPTH

__all__ = [
    "CatchAll",
    "DecodeError",
    "Decoded",
    "ErrorEntry",
    "Json",
    "Model",
    "OpenModel",
    "OtherValue",
    "Parser",
    "Tolerance",
    "TolerantWarning",
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
    #: The innermost schema struct or union being decoded where the fault is.
    type: str | None
    #: The variant struct that the outermost union around the fault picked, if any.
    variant: str | None

    def __str__(self) -> str:
        at = f"{self.pointer}: " if self.pointer else ""
        parts = (self.type, self.variant if self.variant != self.type else None)
        within = " in ".join(part for part in parts if part)
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


_J = _t.TypeVar("_J")
_N = _t.TypeVar("_N", int, float)


class _OutOfRange(ValueError):
    """A number in parsed data beyond a double's range, at the pointer `at`."""

    def __init__(self, at: str) -> None:
        self.at = at
        super().__init__(f"number out of range at `{at or '/'}`")


def _double(value: int) -> int:
    """An integer as the double nearest it, kept an integer: past 2^53 - 1 a JSON number is
    held by every reader (`JSON.parse`, the Rust reader) as that double, so this one too."""
    if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        return value
    try:
        return int(float(value))
    except OverflowError:
        raise _OutOfRange("") from None


def _doubles(value: _J, at: str = "") -> _J:
    """Parsed data with every number as the double nearest it (see `_double`), or
    `_OutOfRange` at the first number beyond a double's range: what the parser reads as
    infinity (`1e400`), or an integer too large for a float. Unchanged data is returned as
    it is."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        if math.isinf(value):
            raise _OutOfRange(at)
        return value
    if isinstance(value, int):
        try:
            return _t.cast(_J, _double(value))
        except _OutOfRange:
            raise _OutOfRange(at) from None
    if isinstance(value, list):
        items = [_doubles(item, f"{at}/{index}") for index, item in enumerate(value)]
        same = all(new is old for new, old in zip(items, value))
        return value if same else _t.cast(_J, items)
    if isinstance(value, dict):
        entries = {
            key: _doubles(item, f"{at}/{_escape(key)}") for key, item in value.items()
        }
        same = all(entries[key] is item for key, item in value.items())
        return value if same else _t.cast(_J, entries)
    return value


def _finite_json(value: _J) -> _J:
    """The check of a value read as any JSON: every number in it within a double's range, and
    held as the double nearest it."""
    return _doubles(value)


def _finite_entries(entries: dict[str, _J]) -> None:
    """The same check of the entries of an object that no field reads, in place."""
    for key, value in entries.items():
        entries[key] = _doubles(value, "/" + _escape(key))


def _finite_number(value: _N) -> _N:
    """The check of a number of any kind: within a double's range, held as the double nearest
    it (an integer kept an integer)."""
    if isinstance(value, float):
        if math.isinf(value):
            raise ValueError("number out of range")
        return value
    try:
        return _double(value)
    except _OutOfRange:
        raise ValueError("number out of range") from None


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
        at = _lexical_fault(raw)
        raise DecodeError([ErrorEntry(at, str(error), None, None)]) from None
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and isinstance(data, (list, dict)):
        fault = _too_deep(data, "", 0)
        if fault is not None:
            raise DecodeError(
                [ErrorEntry(fault, f"nested more than {MAX_DEPTH} deep", None, None)]
            )
    return raw, data


class _Pairs(list[tuple[str, object]]):
    """An object's entries as the text gives them, a key given twice kept twice."""


def _lexical_fault(raw: bytes) -> str:
    """Where JSON text that jiter refused breaks the contract's rules for text: the pointer of
    the first repeated key or lone surrogate in document order, as the other readers point at
    it; empty when the text is no JSON at all (its message then says where)."""
    try:
        data = json.loads(raw, object_pairs_hook=_Pairs)
    except (ValueError, RecursionError):
        return ""
    return _first_fault(data, "") or ""


def _first_fault(value: object, at: str) -> str | None:
    """The pointer of the first repeated key or lone surrogate in `value`, at `at`."""
    if isinstance(value, str):
        return None if _unicode(value) else at
    if isinstance(value, _Pairs):
        seen: set[str] = set()
        for key, item in value:
            where = f"{at}/{_escape(key)}"
            if key in seen or not _unicode(key):
                return where
            seen.add(key)
            fault = _first_fault(item, where)
            if fault is not None:
                return fault
        return None
    if isinstance(value, list):
        for index, item in enumerate(value):
            fault = _first_fault(item, f"{at}/{index}")
            if fault is not None:
                return fault
    return None


def _unicode(text: str) -> bool:
    """Whether a string is Unicode text, with no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@functools.cache
def _adapter(tp: _t.Any) -> _p.TypeAdapter[_t.Any]:
    return _p.TypeAdapter(tp)


#: The pydantic error types of a union's tag: missing, or naming no variant.
_TAG_ERRORS = frozenset(("union_tag_invalid", "union_tag_not_found", "tag"))


def _space(of: object) -> dict[str, object]:
    """The names a forward reference written in `of`'s module is resolved among: a package
    of a project refers to its own types by name, and another package's by import."""
    return vars(_sys.modules.get(getattr(of, "__module__", ""), _sys))


def _discriminator(meta: object) -> object:
    """The discriminator one annotation of a type gives (a key, or a `Discriminator`), if any."""
    if isinstance(meta, _p.Discriminator):
        return meta
    if isinstance(meta, _pf.FieldInfo):
        return meta.discriminator
    return None


def _resolve(ref: str | _t.ForwardRef, space: dict[str, object]) -> object:
    """What a forward reference names among `space`, or `None`."""
    return space.get(ref if isinstance(ref, str) else ref.__forward_arg__, None)


def _unwrap(
    tp: object, space: dict[str, object]
) -> tuple[object, object, dict[str, object]]:
    """The type under aliases, annotations and forward references, with the discriminator an
    annotation on the way gives it (a key, or a `Discriminator`), if any, and the names the
    references within it resolve among (an alias's module's, once it is passed)."""
    discriminator: object = None
    while True:
        if isinstance(tp, _te.TypeAliasType):
            space = _space(tp)
            tp = tp.__value__
        elif _t.get_origin(tp) is _t.Annotated:
            for meta in _t.cast(_t.Any, tp).__metadata__:
                discriminator = _discriminator(meta) or discriminator
            tp = _t.cast(_t.Any, tp).__origin__
        elif isinstance(tp, (str, _t.ForwardRef)):
            tp = _resolve(tp, space)
        else:
            return tp, discriminator, space


def _members(tp: object) -> tuple[object, ...] | None:
    """The members of a union type but `None`, or `None` if `tp` is no union."""
    if _t.get_origin(tp) in (_t.Union, _types.UnionType):
        return tuple(m for m in _t.get_args(tp) if m is not type(None))
    return None


def _member(
    members: tuple[object, ...],
    part: object,
    discriminator: object,
    space: dict[str, object],
) -> object:
    """The member of a union that the location part `part` names: by its `Tag`, or, under a
    key discriminator, by the tag value its class holds for that key; `None` if none does."""
    for member in members:
        if _t.get_origin(member) is _t.Annotated:
            for meta in _t.cast(_t.Any, member).__metadata__:
                if isinstance(meta, _p.Tag) and meta.tag == part:
                    return member
        if isinstance(discriminator, str):
            cls, _, inner_space = _unwrap(member, space)
            if isinstance(cls, type) and issubclass(cls, Model):
                field = cls.model_fields.get(discriminator)
                for candidate in cls.model_fields.values():
                    if candidate.alias == discriminator:
                        field = candidate
                if field is not None and part in _t.get_args(field.annotation):
                    return member
            else:
                inner = _members(cls)
                if inner is not None and _member(
                    inner, part, discriminator, inner_space
                ):
                    return member
    return None


def _schema_name(cls: type) -> str | None:
    """The schema struct a model class is: itself, or for a union's variant class (which adds
    the tags) the struct it extends; `None` for a unit variant, which is no struct."""
    for klass in cls.__mro__:
        if klass in (Model, OpenModel, DroppingModel) or not issubclass(klass, Model):
            return None
        if "_cardc_fixed" not in klass.__dict__:
            return klass.__name__
    return None


@dataclass(frozen=True)
class UnionName:
    """Marks a union that a variant of another union holds, which a package writes in place
    (its classes carry both tags), with the union's schema name: the name its errors carry."""

    #: The union's name in the schema.
    name: str


def _named(tp: object, space: dict[str, object]) -> str | None:
    """The schema struct or union a type is, under aliases, annotations and `| None`: a model
    class's struct, or the alias of members a discriminator picks (a tagged or untagged
    union); `None` for any other type (an enum, a list, a scalar). These are the types whose
    decoding the Rust reader names when it fails."""
    name: str | None = None
    discriminator: object = None
    while True:
        if isinstance(tp, _te.TypeAliasType):
            name = tp.__name__
            space = _space(tp)
            tp = tp.__value__
        elif _t.get_origin(tp) is _t.Annotated:
            for meta in _t.cast(_t.Any, tp).__metadata__:
                discriminator = _discriminator(meta) or discriminator
                if isinstance(meta, UnionName):
                    name = meta.name
            tp = _t.cast(_t.Any, tp).__origin__
        elif isinstance(tp, (str, _t.ForwardRef)):
            tp = _resolve(tp, space)
        else:
            members = _members(tp)
            if members is None or len(members) != 1 or discriminator is not None:
                break
            # `T | None`, which pydantic reads as a nullable `T`.
            tp, name = members[0], None
    if _is_model(tp):
        return _schema_name(tp)
    if name is not None and discriminator is not None and _members(tp) is not None:
        return name
    return None


def _is_model(cls: object) -> _t.TypeGuard[type[Model]]:
    """Whether a type is one of the schema's model classes."""
    return isinstance(cls, type) and issubclass(cls, Model)


def _tag_key(
    error: _t.Any,
    discriminator: object,
    members: tuple[object, ...],
    space: dict[str, object],
) -> str | None:
    """The tag key of a union whose tag is at fault in a pydantic error, if it is one; the
    union's `discriminator` is where the walk along the error's location ended."""
    if error["type"] not in _TAG_ERRORS:
        return None
    context = error.get("ctx") or {}
    if error["type"] == "tag" and "tag" in context:
        return str(context["tag"])
    if isinstance(discriminator, str):
        # pydantic names the tag by the variant classes' attribute; the key is its alias. A
        # variant that holds a union is that union's classes, written in place.
        for member in members:
            cls, _, inner_space = _unwrap(member, space)
            inner = _members(cls)
            if inner is not None:
                key = _tag_key(error, discriminator, inner, inner_space)
                if key != discriminator:
                    return key
            field = cls.model_fields.get(discriminator) if _is_model(cls) else None
            if field is not None:
                return field.alias or discriminator
        return discriminator
    if isinstance(discriminator, _p.Discriminator):
        picker = discriminator.discriminator
        return picker if isinstance(picker, str) else getattr(picker, "key", None)
    return None


@dataclass
class _Place:
    """Where a walk along a pydantic location is: the pointer so far, the value there, the
    type it is read as (`None` once unknown) and the names its references resolve among, and
    the names an error there carries."""

    at: str
    data: object
    tp: object
    space: dict[str, object]
    type: str | None
    variant: str | None


def _locate(
    tp: object, data: object, error: _t.Any
) -> tuple[str, str | None, str | None]:
    """The JSON pointer, innermost schema type and outermost variant struct of a pydantic
    error, as the Rust reader gives them. The location is walked along the type: a union's
    part names the member pydantic tried (its tag value or `Tag`), which is no key of the
    JSON; a model's part is a key, a list's an index, a map's a key. A tag at fault is
    pointed at, not the object holding it."""
    place = _Place("", data, tp, _space(tp), None, None)
    for part in error["loc"]:
        _step(place, part)
    # The value at fault is decoded as its own type, which fails there, but a missing key is
    # the fault of the object that lacks it.
    if error["type"] != "missing":
        place.type = _named(place.tp, place.space) or place.type
    tp, discriminator, space = _unwrap(place.tp, place.space)
    members = _members(tp)
    while members is not None and len(members) == 1 and discriminator is None:
        tp, discriminator, space = _unwrap(members[0], space)
        members = _members(tp)
    key = _tag_key(error, discriminator, members or (), space)
    if key is not None and isinstance(place.data, dict):
        place.at += "/" + _escape(key)
    # A number out of range inside a value that a check reads whole says where it is.
    fault = (error.get("ctx") or {}).get("error")
    if isinstance(fault, _OutOfRange):
        place.at += fault.at
    return place.at, place.type, place.variant


def _step(place: _Place, part: int | str) -> None:
    """Moves `place` one part of a pydantic location on."""
    place.type = _named(place.tp, place.space) or place.type
    while place.tp is not None:
        tp, discriminator, place.space = _unwrap(place.tp, place.space)
        members = _members(tp)
        if members is None:
            place.tp = tp
            break
        if len(members) == 1 and discriminator is None:
            # `T | None`: pydantic reads it as a nullable `T`, with no part of its own.
            place.tp = members[0]
            continue
        member = _member(members, part, discriminator, place.space)
        place.tp = member
        cls, _, _ = _unwrap(member, place.space)
        if isinstance(cls, type) and issubclass(cls, Model):
            struct = _schema_name(cls)
            if (
                discriminator is not None
                and place.variant is None
                and struct is not None
            ):
                place.variant = struct
        return
    tp = place.tp
    current = place.data
    if isinstance(tp, type) and issubclass(tp, Model):
        fields = {(f.alias or n): f for n, f in tp.model_fields.items()}
        field = fields.get(str(part))
        place.tp = None if field is None else _field_type(field)
        place.space = _space(tp)
    elif _t.get_origin(tp) is list:
        place.tp = _t.get_args(tp)[0]
    elif _t.get_origin(tp) is dict:
        if part == "[key]":
            return
        place.tp = _t.get_args(tp)[1]
    else:
        place.tp = None
    if isinstance(current, dict) and isinstance(part, str):
        place.at += "/" + _escape(part)
        place.data = current.get(part)
    elif (
        isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current)
    ):
        place.at += f"/{part}"
        place.data = current[part]


def _field_type(field: _pf.FieldInfo) -> object:
    """A field's type with its discriminator, as pydantic reads it."""
    if field.discriminator is not None:
        return _t.Annotated[
            field.annotation, _p.Field(discriminator=field.discriminator)
        ]
    return field.annotation


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
        return self.json(_data_text(data, self._name))

    def json(self, text: str | bytes) -> _T:
        """Decodes JSON text as the type, or raises DecodeError."""
        return _validate(self._built(), self._type, text)

    def tolerant(self, data: object) -> Decoded[_T]:
        """Decodes parsed JSON data as the type under the schema's reader policies (see
        `tolerant_json`)."""
        return self.tolerant_json(_data_text(data, self._name))

    def tolerant_json(self, text: str | bytes) -> Decoded[_T]:
        """Decodes JSON text as the type under the schema's reader policies: a value a policy
        covers that breaks the contract is dropped or replaced, with a warning; any other
        fault raises DecodeError. `parse` and `json` stay strict."""
        return decode_tolerant(self._built(), self._type, text)

    def _built(self) -> _p.TypeAdapter[_T]:
        adapter = self._adapter
        if adapter is None:
            adapter = self._adapter = _adapter(self._type)
        return adapter


def _data_text(data: object, name: str) -> str:
    """Parsed JSON data as JSON text, or DecodeError for data that is no JSON (named `name`)."""
    try:
        return json.dumps(data, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise DecodeError([ErrorEntry("", str(error), name, None)]) from None


def _validate(adapter: _p.TypeAdapter[_J], tp: object, text: str | bytes) -> _J:
    """Decodes JSON text with `adapter`, exactly as the contract reads it, or raises
    DecodeError with every fault located and named by the struct or union it is in."""
    raw, data = _parse(text)
    missing: set[int] = set()
    try:
        return adapter.validate_json(raw, strict=True, by_alias=True, by_name=False)
    except _p.ValidationError as error:
        entries: list[ErrorEntry] = []
        for fault in error.errors(include_url=False):
            pointer, within, variant = _locate(tp, data, fault)
            entries.append(ErrorEntry(pointer, fault["msg"], within, variant))
            if fault["type"] == "missing":
                missing.add(len(entries) - 1)
        raise DecodeError(_missing_last(entries, missing)) from None


def _missing_last(entries: list[ErrorEntry], missing: set[int]) -> list[ErrorEntry]:
    """The entries with each missing key after the other faults of its object, as a reader
    that reads the keys in order (the Rust one, and the TypeScript guards) finds it: at the
    object's end. `missing` holds the indices of the missing keys' entries."""
    ordered = [entry for index, entry in enumerate(entries) if index not in missing]
    for index in sorted(missing):
        entry = entries[index]
        inside = entry.pointer.rpartition("/")[0] + "/"
        # Where it was among the others, or after the last other fault of its object.
        position = sum(1 for i in range(index) if i not in missing)
        for i, other in enumerate(ordered):
            if other is not entry and other.pointer.startswith(inside):
                position = max(position, i + 1)
        ordered.insert(position, entry)
    return ordered


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
            _finite_entries(self.__pydantic_extra__)
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
            _finite_entries({k: v for k, v in data.items() if k not in keys})
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


#: The words of a failed constraint, as every runtime says them (the Rust runtime's
#: `messages` and the compiler's, which it substitutes into the TypeScript runtime; a test
#: holds the three equal): `{name}` stands for a value.
MESSAGES = {
    "count": "expected {word} {bound} {noun}, found {count}",
    "unique": "expected unique items, found item {index} repeating item {first}",
    "range": "expected {kind} {word} {bound}, found {value}",
    "pattern": "expected {what}",
}


def _say(key: str, **values: object) -> str:
    """The message `key` of MESSAGES with its values, numbers written as JavaScript writes
    them, as the other runtimes write them."""
    text = MESSAGES[key]
    for name, value in values.items():
        shown = _number_text(value) if isinstance(value, (int, float)) else str(value)
        text = text.replace("{" + name + "}", shown)
    return text


def _number_text(value: float) -> str:
    """A number as JavaScript's `String(number)` writes it: an integer without a fraction,
    the shortest digits that read back as the same double, an exponent past 1e21 or below
    1e-6 (the Rust runtime writes them the same way)."""
    if isinstance(value, int):
        return str(value)
    if value == 0:
        return "0"
    # repr gives the shortest digits that read back as the same double.
    mantissa, _, power = repr(abs(value)).partition("e")
    if power:
        exp = int(power)
        digits = mantissa.replace(".", "")
        point = mantissa.find(".")
        exp += (point if point >= 0 else len(mantissa)) - 1
    else:
        whole, _, fraction = mantissa.partition(".")
        fraction = fraction.rstrip("0")
        digits = (whole + fraction).lstrip("0")
        if whole.strip("0"):
            exp = len(whole.lstrip("0")) - 1
        else:
            exp = -(len(fraction) - len(fraction.lstrip("0")) + 1)
    digits = digits.rstrip("0") or "0"
    sign = "-" if value < 0 else ""
    if -7 < exp < 21:
        if exp >= len(digits) - 1:
            return sign + digits + "0" * (exp - len(digits) + 1)
        if exp >= 0:
            return sign + digits[: exp + 1] + "." + digits[exp + 1 :]
        return sign + "0." + "0" * (-exp - 1) + digits
    rest = "." + digits[1:] if len(digits) > 1 else ""
    return f"{sign}{digits[0]}{rest}e{'+' if exp > 0 else '-'}{abs(exp)}"


def constrained(
    *,
    length: tuple[int | None, int | None] | None = None,
    patterns: tuple[tuple[str, str], ...] = (),
    minimum: tuple[float, bool] | None = None,
    maximum: tuple[float, bool] | None = None,
    integer: bool = False,
    items: tuple[int | None, int | None] | None = None,
    unique: bool = False,
) -> _p.WrapValidator:
    """The checks of a field's constraints, as the contract defines them: a length in code
    points, patterns searched by the Rust engine (each with the words for the strings it
    expects: a format names itself), a range compared as numbers (`integer` for an integer
    field), an item count, items unique by JSON equality. They judge the value once its type
    accepts it, as the other readers do: an array's items are read first, so an invalid item
    is reported rather than the count or a repeat."""
    searches = tuple((what, _matcher(pattern)) for pattern, what in patterns)
    kind = "an integer" if integer else "a number"

    def check(
        value: object, handler: _pc.core_schema.ValidatorFunctionWrapHandler
    ) -> object:
        result = handler(value)
        if isinstance(value, str):
            if length is not None:
                _count(len(value), length, "characters")
            for what, search in searches:
                if not search(value):
                    raise ValueError(_say("pattern", what=what))
        number = _number(value)
        if number is not None and minimum is not None:
            low, exclusive = minimum
            if number < low or (exclusive and number == low):
                word = "above" if exclusive else "at least"
                raise ValueError(
                    _say("range", kind=kind, word=word, bound=low, value=value)
                )
        if number is not None and maximum is not None:
            high, exclusive = maximum
            if number > high or (exclusive and number == high):
                word = "below" if exclusive else "at most"
                raise ValueError(
                    _say("range", kind=kind, word=word, bound=high, value=value)
                )
        if isinstance(value, list):
            if items is not None:
                _count(len(value), items, "items")
            if unique:
                for index, item in enumerate(value):
                    for first, earlier in enumerate(value[:index]):
                        if _json_equal(earlier, item):
                            raise ValueError(_say("unique", index=index, first=first))
        return result

    return _p.WrapValidator(check)


def _count(count: int, bounds: tuple[int | None, int | None], noun: str) -> None:
    """Fails unless `count` is within `bounds`."""
    low, high = bounds
    if low is not None and count < low:
        raise ValueError(
            _say("count", word="at least", bound=low, noun=noun, count=count)
        )
    if high is not None and count > high:
        raise ValueError(
            _say("count", word="at most", bound=high, noun=noun, count=count)
        )


def tagged(key: str) -> _t.Callable[[object], object]:
    """The check of a union of one variant, which pydantic reads as that variant's class:
    the tag key is present, as a discriminator would require."""

    def check(value: object) -> object:
        if isinstance(value, dict) and key not in value:
            raise _pc.PydanticCustomError("tag", "no `{tag}` tag", {"tag": key})
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
        _finite_entries(self.root)
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


class _TagPick:
    """A union's tag picker that says which key it reads, for the pointer of its errors (a
    `Discriminator` is hashed with its type, so it carries no dict of context)."""

    __slots__ = ("__name__", "_pick", "key")

    def __init__(self, key: str, pick: _t.Callable[[object], str | None]) -> None:
        self.key = key
        self._pick = pick
        # pydantic names the union's validator after it.
        self.__name__ = pick.__name__

    def __call__(self, value: object) -> str | None:
        return self._pick(value)


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
        _TagPick(key, pick),
        custom_error_type="tag",
        custom_error_message=(
            f"expected a string `{key}` tag"
            if other is not None
            else f"expected a `{key}` tag of one of {', '.join(known)}"
        ),
    )


def fold_tag(
    key: str, known: tuple[str, ...], fold: str, tags: tuple[str, ...]
) -> _t.Callable[[object], object]:
    """The check that runs before a union that folds what it does not know (`#[other(fold)]`)
    picks its variant: an object whose tag `key` is a string none of `known` is reads as the
    unit variant tagged `fold`, every key but the tags (`tags`, those of the unions above, and
    `key`) dropped. The dropped values are JSON as any other (numbers within a double's
    range); any other value is handed on as it is."""
    values = frozenset(known)
    kept = frozenset((*tags, key))

    def read(value: object) -> object:
        if not isinstance(value, dict):
            return value
        entries = _t.cast(dict[str, object], value)
        tag = entries.get(key)
        if not isinstance(tag, str) or tag in values:
            return value
        _finite_entries(entries)
        folded = {name: item for name, item in entries.items() if name in kept}
        folded[key] = fold
        return folded

    return read


def _shape(value: object) -> tuple[str, frozenset[str]]:
    """A value's JSON shape (`null`, `boolean`, `number`, `string`, `array`, `object`) and,
    for an object, its keys: what picks an untagged union's variant. A value already read (a
    model, an enum member) has the shape of the JSON it writes."""
    if value is None:
        return "null", frozenset()
    if isinstance(value, bool):
        return "boolean", frozenset()
    if isinstance(value, (int, float)):
        return "number", frozenset()
    if isinstance(value, (str, enum.Enum)):
        return "string", frozenset()
    if isinstance(value, (list, tuple)):
        return "array", frozenset()
    if isinstance(value, dict):
        return "object", frozenset(value)
    if isinstance(value, _p.RootModel):
        return _shape(value.root)
    if isinstance(value, _p.BaseModel):
        return "object", frozenset(
            _t.cast(dict[str, object], to_data(type(value), value))
        )
    return "other", frozenset()


#: The JSON shape that picks a variant of an untagged union: its kind, the keys an object must
#: have, and the shape every item of an array has.
_Pick: _t.TypeAlias = tuple[str, tuple[str, ...], "_Pick | None"]


def _fits(value: object, pick: _Pick) -> bool:
    """Whether `value` has the shape `pick`."""
    kind, needed, items = pick
    found, keys = _shape(value)
    if found != kind or not all(key in keys for key in needed):
        return False
    if items is None:
        return True
    while isinstance(value, _p.RootModel):
        value = _t.cast(_p.RootModel[object], value).root
    return all(_fits(item, items) for item in _t.cast("list[object]", value))


def shaped(choices: tuple[_Pick, ...], expected: str) -> _p.Discriminator:
    """The discriminator of an untagged union whose members are tagged `"0"`, `"1"`, ... in
    declaration order, each with the shape that picks it (`choices`: its JSON type, the keys
    an object variant among several needs, the shape every item of an array variant among
    several has): the first whose shape the value has picks the member, as the other readers
    pick; none fails at the union, expecting `expected`."""

    def pick(value: object) -> str | None:
        for index, choice in enumerate(choices):
            if _fits(value, choice):
                return str(index)
        return None

    return _p.Discriminator(
        pick, custom_error_type="shape", custom_error_message=f"expected {expected}"
    )


def tried(expected: str) -> _p.WrapValidator:
    """The validator around the object variants of an untagged union tried in order (the
    members of a left-to-right union): an object none of them reads fails at the union,
    expecting `expected`, as the other readers say, rather than with each variant's errors."""

    def read(value: object, handler: _p.ValidatorFunctionWrapHandler) -> object:
        try:
            return handler(value)
        except _p.ValidationError:
            raise _pc.PydanticCustomError(
                "shape", "expected {expected}", {"expected": expected}
            ) from None

    return _p.WrapValidator(read)


def string(value: object) -> object:
    """The check of an open enum's value: a string (or a value already read), never another
    JSON type, which neither the enum nor its catch-all would say alone."""
    if value is None or isinstance(value, (bool, int, float, list, dict)):
        raise ValueError("expected a string")
    return value


# Tolerant reading walks the types this module defines, so it is imported once they are.
from ._tolerant import Decoded, Tolerance, TolerantWarning, decode_tolerant
