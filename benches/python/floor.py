"""The floor of the Python decode benchmark: the render-intent contract written by hand as
plain pydantic v2 models, as a Python team would write it without cardc. Strict and closed
like the generated models, unions discriminated by their `Literal` tags, attribute names the
wire keys themselves (no aliases); it leaves out what the contract adds to pydantic's own
checks (an optional key is never null, no repeated key, no lone surrogate, the nesting limit,
an integral number read as an integer), so no decoder of the contract does less."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter

U32 = Annotated[int, Field(ge=0, le=2**32 - 1)]
I32 = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class FileLocation(_Model):
    path: str
    line: U32 | None = None


class TextContent(_Model):
    type: Literal["text"]
    text: str


class ImageContent(_Model):
    type: Literal["image"]
    data: str
    mimeType: str


ContentBlock = Annotated[TextContent | ImageContent, Field(discriminator="type")]


class FileDiff(_Model):
    path: str
    oldText: str | None
    newText: str


ToolCallKind = Literal[
    "read", "edit", "delete", "move", "search", "execute", "think", "fetch", "other"
]


class GenericCall(_Model):
    card: Literal["generic"]
    title: str
    kind: ToolCallKind | None = None
    rawInput: JsonValue = None
    content: list[ContentBlock] | None = None
    locations: list[FileLocation] | None = None


class TerminalCall(_Model):
    card: Literal["terminal"]
    title: str
    description: str | None = None
    cwd: str | None = None


class DiffCall(_Model):
    card: Literal["diff"]
    title: str
    diffs: list[FileDiff]
    locations: list[FileLocation] | None = None


class GenericResult(_Model):
    card: Literal["generic"]
    title: str | None = None
    content: list[ContentBlock] | None = None


class TerminalResult(_Model):
    card: Literal["terminal"]
    title: str | None = None
    output: str | None = None
    exitCode: I32 | None = None
    signal: str | None = None


class DiffResult(_Model):
    card: Literal["diff"]
    title: str | None = None
    diffs: list[FileDiff]
    locations: list[FileLocation] | None = None
    content: list[ContentBlock] | None = None


class SearchLineMatch(_Model):
    lineNumber: U32
    line: str


class SearchFileMatches(_Model):
    path: str
    matches: list[SearchLineMatch]


class SearchMatches(_Model):
    card: Literal["search"]
    kind: Literal["matches"]
    files: list[SearchFileMatches]
    truncated: bool
    total: U32
    content: list[ContentBlock] | None = None


class SearchPaths(_Model):
    card: Literal["search"]
    kind: Literal["paths"]
    paths: list[str]
    truncated: bool
    total: U32
    content: list[ContentBlock] | None = None


Search = Annotated[SearchMatches | SearchPaths, Field(discriminator="kind")]

ToolCallView: TypeAdapter[GenericCall | TerminalCall | DiffCall] = TypeAdapter(
    Annotated[GenericCall | TerminalCall | DiffCall, Field(discriminator="card")]
)
ToolResultView: TypeAdapter[GenericResult | TerminalResult | DiffResult | Search] = (
    TypeAdapter(
        Annotated[
            GenericResult | TerminalResult | DiffResult | Search,
            Field(discriminator="card"),
        ]
    )
)
