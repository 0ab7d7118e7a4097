"""Tolerant reading: a decode that applies the schema's reader policies (`#[skip_invalid]`,
`#[on_invalid = "absent"]` or `"default"`, `#[on_invalid(default = "<JSON>")]`), as the Rust
tolerant decode and the TypeScript `parse<Type>Tolerant` do, with a warning for each value a
policy dropped or replaced.

The read walks the parsed data along the type: a model's fields, a list's items, a map's
values, the variant a tagged union's tag picks. Where no policy lies beneath a type, the value
is checked strictly, by the same validation a strict decode runs. A field's value that fails
is dropped or replaced by the field's policy (the warnings inside it go with it), an item that
fails is left out of a `#[skip_invalid]` list, and anything else fails the whole read. What
is read is then decoded strictly, so that the value is built, and its defaults filled, exactly
as a strict decode builds it.
"""

from __future__ import annotations

import functools
import json
import types as _types
import typing as _t
from dataclasses import dataclass

import jiter as _jiter
import pydantic as _p
import typing_extensions as _te

from . import (
    DecodeError,
    ErrorEntry,
    Model,
    _adapter,
    _doubles,
    _escape,
    _field_type,
    _member,
    _members,
    _OutOfRange,
    _parse,
    _resolve,
    _space,
    _TagPick,
    _too_deep,
    _unwrap,
    _validate,
    _wire_keys,
)

_T = _t.TypeVar("_T")


@dataclass(frozen=True)
class Tolerance:
    """A field's reader policy, as a generated model's `_cardc_tolerant` names it by field."""

    #: What an invalid value of the field reads as: `"absent"` (the key left out) or
    #: `"default"` (`value`); `None` when only the items are tolerated.
    on_invalid: str | None = None
    #: The JSON data an invalid value reads as, under `"default"`.
    value: object = None
    #: `#[skip_invalid]`: an invalid item of the list is left out.
    skip_invalid: bool = False


@dataclass(frozen=True)
class TolerantWarning:
    """A value a reader policy dropped or replaced: where, and the error a strict decode
    would have given there."""

    #: The RFC 6901 JSON pointer of the value dropped or replaced.
    pointer: str
    #: What the policy did, then the strict decode's error, pointer and words.
    message: str

    def __str__(self) -> str:
        return f"{self.pointer}: {self.message}"


@dataclass(frozen=True)
class Decoded(_t.Generic[_T]):
    """What a tolerant decode read: the value, and a warning for each value a policy dropped
    or replaced, ordered by pointer (keys by text, indices by number)."""

    #: The value read.
    value: _T
    #: What the policies dropped or replaced.
    warnings: tuple[TolerantWarning, ...]


class _Refused(Exception):
    """A value no policy covers: the first error a strict decode gives of it, its pointer
    from the root."""

    def __init__(self, error: ErrorEntry) -> None:
        super().__init__(error)
        self.error = error


#: A warning as read: its pointer as steps (an index or a key), and its message.
_Found = tuple[tuple[int | str, ...], str]


def decode_tolerant(
    adapter: _p.TypeAdapter[_T], tp: object, text: str | bytes
) -> Decoded[_T]:
    """Decodes JSON text as `tp` under the schema's reader policies, or raises DecodeError
    where no policy covers a fault. Text that is no JSON the contract reads (a lone
    surrogate, a repeated key, nesting too deep) fails the whole read, as it fails a strict
    decode, wherever it is."""
    data = _tolerant_data(text)
    # A number past a double fails the whole read wherever it is, as it fails the Rust
    # parser of the text: no policy reads past what is no JSON the contract reads.
    try:
        _doubles(_t.cast(_t.Any, data))
    except _OutOfRange as fault:
        raise DecodeError(
            [ErrorEntry(fault.at, "number out of range", None, None)]
        ) from None
    found: list[_Found] = []
    try:
        read = _Reader().value(tp, _space(tp), data, (), found)
    except _Refused as refused:
        raise DecodeError([refused.error]) from None
    value = _validate(adapter, tp, json.dumps(read, ensure_ascii=False))
    found.sort(key=lambda warning: warning[0])
    warnings = tuple(
        TolerantWarning(_pointer(steps), message) for steps, message in found
    )
    return Decoded(value, warnings)


class _Repeated:
    """An object of the text that gives a key twice: no JSON value the contract reads, so
    every check of it fails, and only a policy that covers a value holding it reads past it,
    as the Rust tolerant decode does. Any other fault of the text fails the whole read."""

    def __init__(self, key: str) -> None:
        self.key = key


def _tolerant_data(text: str | bytes) -> object:
    """The data of JSON text, an object that repeats a key read as a `_Repeated`; any other
    fault of the text raises DecodeError, as `_parse` does."""
    try:
        return _parse(text)[1]
    except DecodeError as error:
        fault = error
    raw = text.encode("utf-8") if isinstance(text, str) else text
    try:
        kept = _jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=False)
    except ValueError:
        raise fault from None
    if isinstance(kept, (list, dict)) and _too_deep(kept, "", 0) is not None:
        raise fault
    # The only fault is a repeated key: read again, marking each object that repeats one.
    return json.loads(raw, object_pairs_hook=_object_of)


def _object_of(pairs: list[tuple[str, object]]) -> object:
    """An object from its entries as the text gives them, or a `_Repeated` for one that
    gives a key twice."""
    entries: dict[str, object] = {}
    for key, value in pairs:
        if key in entries:
            return _Repeated(key)
        entries[key] = value
    return entries


def _segment(step: int | str) -> str:
    return f"/{step}" if isinstance(step, int) else f"/{_escape(step)}"


def _pointer(steps: tuple[int | str, ...]) -> str:
    return "".join(_segment(step) for step in steps)


class _Reader:
    """One tolerant read: which types reach a policy, found once per type."""

    def __init__(self) -> None:
        self._reaches: dict[object, bool] = {}

    def value(
        self,
        tp: object,
        space: dict[str, object],
        data: object,
        at: tuple[int | str, ...],
        found: list[_Found],
        skip: bool = False,
    ) -> object:
        """`data` read as `tp` at `at`, the warnings of what a policy dropped added to
        `found`; `skip` drops a list's invalid items. Raises `_Refused` where no policy
        covers a fault."""
        tp = _named(tp, space)
        if not skip and not self._reach(tp, space):
            _check(tp, data, at)
            return data
        cls, discriminator, space = _unwrap(tp, space)
        members = _members(cls)
        if members is not None:
            if data is None:
                # `T | None` holding `null`, or a union that refuses it.
                _check(tp, data, at)
                return data
            if len(members) == 1 and discriminator is None:
                return self.value(members[0], space, data, at, found, skip)
            return self._union(tp, members, discriminator, space, data, at, found)
        if isinstance(cls, type) and issubclass(cls, Model):
            return self._object(cls, data, at, found)
        origin = _t.get_origin(cls)
        if origin is list and isinstance(data, list):
            item = _t.get_args(cls)[0]
            items: list[object] = []
            for index, entry in enumerate(data):
                inner: list[_Found] = []
                try:
                    items.append(self.value(item, space, entry, (*at, index), inner))
                except _Refused as refused:
                    if not skip:
                        raise
                    found.append(
                        ((*at, index), f"skipped an invalid item: {_said(refused)}")
                    )
                    continue
                found.extend(inner)
            return items
        if origin is dict and isinstance(data, dict):
            item = _t.get_args(cls)[1]
            return {
                key: self.value(item, space, entry, (*at, key), found)
                for key, entry in data.items()
            }
        _check(tp, data, at)
        return data

    def _union(
        self,
        tp: object,
        members: tuple[object, ...],
        discriminator: object,
        space: dict[str, object],
        data: object,
        at: tuple[int | str, ...],
        found: list[_Found],
    ) -> object:
        """A union's value, read as the variant its tag or its shape picks; a tag it does not
        know is read strictly (a catch-all keeps the object whole)."""
        if isinstance(discriminator, _p.Discriminator) and not isinstance(
            discriminator.discriminator, (str, _TagPick)
        ):
            # An untagged union: its variant is picked by the value's shape and keys, which no
            # policy changes.
            part = _t.cast(
                _t.Callable[[object], str | None], discriminator.discriminator
            )(data)
            shaped = None if part is None else _member(members, part, None, space)
            if shaped is None:
                _check(tp, data, at)
                return data
            # The member is `Annotated[T, Tag(...)]`.
            variant = _t.cast(_t.Any, shaped).__origin__
            return self.value(variant, space, data, at, found)
        key = _tag(discriminator, members, space)
        if key is None or not isinstance(data, dict):
            _check(tp, data, at)
            return data
        member = _member(members, data.get(key), discriminator, space)
        if member is None:
            _check(tp, data, at)
            return data
        return self.value(member, space, data, at, found)

    def _object(
        self,
        cls: type[Model],
        data: object,
        at: tuple[int | str, ...],
        found: list[_Found],
    ) -> object:
        """A model's object: each field read by its policy, a dropped value's key left out."""
        if not isinstance(data, dict):
            _check(cls, data, at)
            return data
        entries = _t.cast(dict[str, object], data)
        if cls.model_config.get("extra") == "forbid":
            keys = _wire_keys(cls)
            for key in entries:
                if key not in keys:
                    _check(cls, data, at)
        # The keys no field reads (an open model keeps them, a dropping one forgets them) are
        # JSON all the same: one holding an object that repeats a key fails this object.
        fields = _wire_keys(cls)
        for key, item in entries.items():
            if key not in fields:
                _check_json(item, (*at, key))
        policies: dict[str, Tolerance] = getattr(cls, "_cardc_tolerant", {})
        out = dict(entries)
        for name, field in cls.model_fields.items():
            key = field.alias or name
            policy = policies.get(name, _STRICT)
            if key not in entries:
                if field.is_required():
                    _check(cls, data, at)
                continue
            inner: list[_Found] = []
            try:
                # A field's own checks (an integer written `7.0`, its constraints) are its
                # model's, not its annotation's: a value no policy lies beneath is checked by
                # them alone.
                read = entries[key]
                if policy.skip_invalid or self._reach(field.annotation, _space(cls)):
                    read = self.value(
                        field.annotation,
                        _space(cls),
                        read,
                        (*at, key),
                        inner,
                        policy.skip_invalid,
                    )
                whole, adapter = _field_adapter(cls, name)
                _check(whole, read, (*at, key), adapter)
            except _Refused as refused:
                if policy.on_invalid == "absent":
                    del out[key]
                    found.append(
                        (
                            (*at, key),
                            f"read an invalid value as absent: {_said(refused)}",
                        )
                    )
                elif policy.on_invalid == "default":
                    out[key] = policy.value
                    found.append(
                        (
                            (*at, key),
                            f"read an invalid value as the default: {_said(refused)}",
                        )
                    )
                else:
                    raise
                continue
            out[key] = read
            found.extend(inner)
        return out

    def _reach(self, tp: object, space: dict[str, object]) -> bool:
        """Whether a value of `tp` may hold a field with a policy."""
        return _reaches(tp, space, self._reaches)


#: The policy of a field that has none.
_STRICT = Tolerance()


def _said(refused: _Refused) -> str:
    """The strict decode's error, as a warning's message ends with it."""
    return str(refused.error)


def _tag(
    discriminator: object, members: tuple[object, ...], space: dict[str, object]
) -> str | None:
    """The tag key of a tagged union (a key discriminator, by its variants' alias, or the
    runtime's tag picker), or `None` for an untagged one."""
    if isinstance(discriminator, _p.Discriminator):
        picker = discriminator.discriminator
        return picker.key if isinstance(picker, _TagPick) else None
    if not isinstance(discriminator, str):
        return None
    for member in members:
        cls, _, inner_space = _unwrap(member, space)
        if isinstance(cls, type) and issubclass(cls, Model):
            field = cls.model_fields.get(discriminator)
            if field is not None:
                return field.alias or discriminator
        inner = _members(cls)
        if inner is not None:
            found = _tag(discriminator, inner, inner_space)
            if found is not None:
                return found
    return discriminator


def _reaches(tp: object, space: dict[str, object], memo: dict[object, bool]) -> bool:
    """Whether a value of `tp` may hold a field with a policy: through aliases, fields, items,
    map values and union members. A named type (an alias, a model) on its own way is taken not
    to while it is being looked at: its other ways decide."""
    if isinstance(tp, (str, _t.ForwardRef)):
        return _reaches(_resolve(tp, space), space, memo)
    named = isinstance(tp, _te.TypeAliasType) or (
        isinstance(tp, type) and issubclass(tp, Model)
    )
    if named:
        if tp in memo:
            return memo[tp]
        memo[tp] = False
    reaches = _reaches_within(tp, space, memo)
    if named:
        memo[tp] = reaches
    return reaches


def _reaches_within(
    tp: object, space: dict[str, object], memo: dict[object, bool]
) -> bool:
    """[`_reaches`] of what `tp` is made of, one level down."""
    if isinstance(tp, _te.TypeAliasType):
        return _reaches(tp.__value__, _space(tp), memo)
    if _t.get_origin(tp) is _t.Annotated:
        return _reaches(_t.cast(_t.Any, tp).__origin__, space, memo)
    if isinstance(tp, type) and issubclass(tp, Model):
        return bool(getattr(tp, "_cardc_tolerant", {})) or any(
            _reaches(field.annotation, _space(tp), memo)
            for field in tp.model_fields.values()
        )
    members = _members(tp)
    if members is not None:
        return any(_reaches(member, space, memo) for member in members)
    origin = _t.get_origin(tp)
    if origin is list:
        return _reaches(_t.get_args(tp)[0], space, memo)
    if origin is dict:
        return _reaches(_t.get_args(tp)[1], space, memo)
    return False


@functools.cache
def _field_adapter(
    cls: type[Model], name: str
) -> tuple[object, _p.TypeAdapter[_t.Any]]:
    """A field's whole type as its model reads it (its annotation, constraints and checks),
    with the adapter that checks it."""
    field = cls.model_fields[name]
    tp = _field_type(field)
    if field.metadata:
        tp = _t.Annotated[(tp, *field.metadata)]
    return tp, _p.TypeAdapter(_t.cast(_t.Any, tp))


def _check_json(data: object, at: tuple[int | str, ...]) -> None:
    """Raises `_Refused` if `data` holds an object that repeats a key (see `_Repeated`)."""
    try:
        json.dumps(data, ensure_ascii=False)
    except TypeError:
        raise _Refused(
            ErrorEntry(_pointer(at), "an object gives a key twice", None, None)
        ) from None


def _named(tp: object, space: dict[str, object]) -> object:
    """`tp` with the names written in it (an alias's `list["Block"]`, a forward-referenced
    member) resolved among `space`, so that it can be checked on its own."""
    if isinstance(tp, (str, _t.ForwardRef)):
        return _resolve(tp, space)
    origin = _t.get_origin(tp)
    args = _t.get_args(tp)
    if origin is list:
        return list[_named(args[0], space)]  # type: ignore[misc]
    if origin is dict:
        return dict[args[0], _named(args[1], space)]  # type: ignore[misc,valid-type]
    if origin in (_t.Union, _types.UnionType):
        # Built from members known only at run time, which `X | Y` cannot spell.
        return _t.Union[tuple(_named(arg, space) for arg in args)]  # noqa: UP007
    if origin is _t.Annotated:
        inner = _t.cast(_t.Any, tp)
        return _t.Annotated[_named(inner.__origin__, space), *inner.__metadata__]
    return tp


def _check(
    tp: object,
    data: object,
    at: tuple[int | str, ...],
    adapter: _p.TypeAdapter[_t.Any] | None = None,
) -> None:
    """Checks `data` strictly as `tp` (with `adapter`, else the type's own), raising
    `_Refused` with the first error, its pointer from the root."""
    try:
        text = json.dumps(data, ensure_ascii=False)
    except TypeError:
        # A `_Repeated` object inside: no value of any type.
        raise _Refused(
            ErrorEntry(_pointer(at), "an object gives a key twice", None, None)
        ) from None
    try:
        _validate(adapter or _adapter(tp), tp, text)
    except DecodeError as error:
        first = error.errors[0]
        raise _Refused(
            ErrorEntry(
                _pointer(at) + first.pointer, first.message, first.type, first.variant
            )
        ) from None
