//! The one place that decides who each kind of change breaks, and says why.
//!
//! Three parties meet a changed contract:
//! - **readers**: code generated from OLD reading payloads written by NEW;
//! - **writers**: code generated from OLD writing payloads that NEW readers read;
//! - **bridges**: exhaustive consumers (a `match` on every variant, a handler per variant, a
//!   switch on every enum value, field access by name) recompiled against NEW.
//!
//! A reader breaks when NEW may write a payload OLD refuses; a writer breaks when OLD may write
//! one NEW refuses; a bridge breaks when code that compiled against OLD's generated types no
//! longer compiles against NEW's, in Rust or in TypeScript (whose types spell wire names, tag
//! values and enum strings, so a wire rename is a compile break there).
//!
//! A field's presence alone does not say what a writer leaves out: a defaulted field's key may
//! be absent for its readers, but its writers leave it out only under `#[omit_default]`. So the
//! field verdicts take a [`Key`], whose [`Key::writer_may_omit`] is the one rule for that.

use std::borrow::Cow;

use crate::ir::{Field, FieldDefault, Presence};

/// A field's key as the verdicts judge it: whether a reader may find it absent, and whether a
/// writer may leave it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// The field's presence.
    pub presence: Presence,
    /// `#[omit_default]`: a writer leaves out a value equal to the field's default. Only a
    /// defaulted field has one.
    pub omits_default: bool,
}

impl Key {
    /// The key of `field`.
    pub fn of(field: &Field) -> Key {
        Key {
            presence: field.presence,
            omits_default: field.default.as_ref().is_some_and(FieldDefault::omits),
        }
    }

    /// Whether a writer may leave the key out: an optional field with no value, or a defaulted
    /// field under `#[omit_default]` whose value equals its default. A defaulted field that
    /// keeps its default always writes the key.
    pub fn writer_may_omit(self) -> bool {
        self.presence.is_optional() || (self.presence == Presence::Defaulted && self.omits_default)
    }

    /// Whether a reader accepts the key's absence (a defaulted field reads it as its default).
    pub fn reader_allows_absent(self) -> bool {
        self.presence.may_be_absent()
    }

    /// Whether a reader of this key refuses something a writer of `writer` may write: an
    /// absent key it requires, or a `null` it does not read.
    fn refuses(self, writer: Key) -> bool {
        self.refused_of(writer).is_some()
    }

    /// What a writer of `writer` may do that a reader of this key refuses, as a verb phrase
    /// ("omit the key", "write `null`", or both), or `None` when it refuses nothing.
    fn refused_of(self, writer: Key) -> Option<&'static str> {
        let absent = writer.writer_may_omit() && !self.reader_allows_absent();
        let null = writer.presence.keeps_null() && !self.presence.may_be_null();
        match (absent, null) {
            (true, true) => Some("omit the key or write `null`"),
            (true, false) => Some("omit the key"),
            (false, true) => Some("write `null`"),
            (false, false) => None,
        }
    }
}

/// Whether a field's generated type is the same under both presences: a defaulted field is a
/// plain `T` once read, as a required one is (only TypeScript's input type, which a bridge does
/// not read, lets it be absent).
fn same_generated_type(old: Presence, new: Presence) -> bool {
    let plain = |presence| matches!(presence, Presence::Required | Presence::Defaulted);
    old == new || (plain(old) && plain(new))
}

/// Who a change breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Breaks {
    /// Code generated from OLD reading payloads written by NEW.
    pub readers: bool,
    /// Code generated from OLD writing payloads that NEW readers read.
    pub writers: bool,
    /// Exhaustive consumers recompiled against NEW.
    pub bridges: bool,
}

/// The kinds of change between two schemas, each with what its verdict depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A named type only NEW declares.
    TypeAdded,
    /// A named type only OLD declares.
    TypeRemoved,
    /// A type of the same name that is another kind (a struct that became an enum).
    TypeKindChanged,
    /// A variant (tag value) only NEW's union has.
    VariantAdded {
        /// Whether OLD's union is open: its readers keep an unknown tag's object whole.
        old_open: bool,
    },
    /// A variant only OLD's union has.
    VariantRemoved {
        /// Whether NEW's union is open: its readers keep an unknown tag's object whole.
        new_open: bool,
    },
    /// A variant of the same name with another tag value.
    VariantRenamed,
    /// A union's tag field with another wire name.
    TagRenamed,
    /// A unit variant that now carries a payload.
    UnitBecameStruct,
    /// A variant with a payload that is now a unit variant.
    StructBecameUnit,
    /// A variant that now carries another named type.
    PayloadChanged,
    /// A key only NEW's object has: its key in NEW, and whether OLD's object is closed.
    FieldAdded {
        /// The new field's key.
        key: Key,
        /// Whether OLD's object refuses unknown keys.
        old_closed: bool,
    },
    /// A key only OLD's object has: its key in OLD, and whether NEW's object is closed.
    FieldRemoved {
        /// The old field's key.
        key: Key,
        /// Whether NEW's object refuses unknown keys.
        new_closed: bool,
    },
    /// A field of the same schema name with another wire name.
    FieldRenamed {
        /// The field's key in OLD.
        old: Key,
        /// The field's key in NEW.
        new: Key,
        /// Whether OLD's object refuses unknown keys.
        old_closed: bool,
        /// Whether NEW's object refuses unknown keys.
        new_closed: bool,
    },
    /// A field whose key may now be absent or `null` where it could not, or the reverse; a
    /// required field that gained a default (`default_added`) or lost it (`default_removed`).
    PresenceChanged {
        /// The key in OLD.
        old: Key,
        /// The key in NEW.
        new: Key,
    },
    /// A defaulted field whose default is another value: an absent key reads as another value
    /// on each side.
    DefaultChanged {
        /// The key in OLD.
        old: Key,
        /// The key in NEW.
        new: Key,
    },
    /// A defaulted field with the same default that now leaves out a value equal to it
    /// (`#[omit_default]`), or now always writes it.
    DefaultWriteChanged,
    /// A type that accepts every value it did and more (`u8` to `u32`, `T` to `Json`, `T`
    /// to an untagged union with a `T` variant).
    TypeWidened,
    /// A type that accepts only some of the values it did.
    TypeNarrowed,
    /// A type that accepts other values: neither the old nor the new is within the other.
    TypeChanged,
    /// Constraints that accept every value they did and more.
    ConstraintsWidened,
    /// Constraints that accept only some of the values they did.
    ConstraintsNarrowed,
    /// Constraints that accept other values.
    ConstraintsChanged,
    /// A closed union that now has a catch-all (`#[other]`): its readers keep an unknown tag.
    UnionOpened,
    /// An open union whose catch-all is gone: its readers refuse an unknown tag.
    UnionClosed,
    /// A closed enum that now has a catch-all: its readers keep an unknown string.
    EnumOpened,
    /// An open enum whose catch-all is gone: its readers refuse an unknown string.
    EnumClosed,
    /// A union that now folds an unknown tag into a unit variant (`#[other(fold)]`), lossily.
    UnionFolded {
        /// Whether OLD's union kept an unknown tag's object whole in a catch-all instead.
        was_open: bool,
    },
    /// A union that no longer folds an unknown tag into a unit variant.
    UnionUnfolded {
        /// Whether NEW's union keeps an unknown tag's object whole in a catch-all instead.
        now_open: bool,
    },
    /// An enum that now folds an unknown string into a value (`#[other(fold)]`), lossily.
    EnumFolded {
        /// Whether OLD's enum kept an unknown string in a catch-all instead.
        was_open: bool,
    },
    /// An enum that no longer folds an unknown string into a value.
    EnumUnfolded {
        /// Whether NEW's enum keeps an unknown string in a catch-all instead.
        now_open: bool,
    },
    /// A union or enum that folds what it does not know into another known value.
    FoldMoved,
    /// An untagged union whose object variants are picked in another order, one of them open
    /// or dropping unknown keys: an object holding the keys of two reads as the other.
    ObjectVariantsReordered,
    /// An untagged union whose array variants come in another order, another first: an empty
    /// array, which picks the first, reads as another variant.
    ArrayVariantsReordered,
    /// An untagged union whose object variants are now tried in order, or now picked by the
    /// keys they require: the same variants read every object alike either way, since the
    /// checker lets keys pick only variants no object could be read as two of.
    ObjectPickChanged,
    /// A catch-all of another name: the variant and the handler code names.
    CatchAllRenamed,
    /// An open object that now refuses unknown keys.
    ObjectClosed,
    /// A closed object that now keeps unknown keys.
    ObjectOpened,
    /// An object that drops unknown keys on one side: it never writes one, so no reader
    /// breaks, but a kept key is no longer passed on (or now is).
    UnknownFieldsChanged,
    /// A closed unit variant that now keeps unknown keys: in Rust it holds them, so the
    /// variant's pattern changes.
    UnitVariantOpened,
    /// A unit variant that kept unknown keys and now refuses them.
    UnitVariantClosed,
    /// A unit variant that kept unknown keys and now drops them, or the other way: readers
    /// accept the same objects, but the Rust variant holds the keys on one side only.
    UnitVariantKeepChanged,
    /// A string only NEW's enum has.
    EnumValueAdded {
        /// Whether OLD's enum is open: its readers keep an unknown string.
        old_open: bool,
    },
    /// A string only OLD's enum has.
    EnumValueRemoved {
        /// Whether NEW's enum is open: its readers keep an unknown string.
        new_open: bool,
    },
    /// An enum value of the same name with another wire string.
    EnumValueRenamed,
    /// A doc comment changed.
    DocChanged,
    /// Deprecation added, removed or its note changed.
    DeprecationChanged,
    /// The examples changed.
    ExamplesChanged,
    /// A field's reader policy for an invalid value (`#[on_invalid]`, `#[skip_invalid]`)
    /// added, removed or changed.
    ToleranceChanged,
    /// A type that reached a reader policy (through any field it holds) and reaches none any
    /// more: NEW's TypeScript exports no tolerant parser for it.
    TolerantReaderRemoved,
    /// The schema's title changed (`#![title]`).
    TitleChanged,
    /// The schema's `$id` changed (`#![id]`, or the file name it defaults from).
    IdChanged,
    /// A type only NEW lists as an entry (`#![entry]`): the document's root accepts its
    /// payloads.
    EntryAdded {
        /// Whether OLD lists any entry: without one its root accepts any value.
        old_has_entries: bool,
    },
    /// A type only OLD lists as an entry.
    EntryRemoved {
        /// Whether NEW lists any entry: without one its root accepts any value.
        new_has_entries: bool,
    },
}

/// A verdict: who breaks, and one line saying why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Who breaks.
    pub breaks: Breaks,
    /// Why, in one line.
    pub reason: Cow<'static, str>,
}

const fn verdict_of(readers: bool, writers: bool, bridges: bool, reason: &'static str) -> Verdict {
    Verdict {
        breaks: Breaks {
            readers,
            writers,
            bridges,
        },
        reason: Cow::Borrowed(reason),
    }
}

impl Class {
    /// The class's stable name, as in `--format json`.
    pub fn name(self) -> &'static str {
        match self {
            Class::TypeAdded => "type_added",
            Class::TypeRemoved => "type_removed",
            Class::TypeKindChanged => "type_kind_changed",
            Class::VariantAdded { .. } => "variant_added",
            Class::VariantRemoved { .. } => "variant_removed",
            Class::VariantRenamed => "variant_renamed",
            Class::TagRenamed => "tag_renamed",
            Class::UnitBecameStruct => "unit_became_struct",
            Class::StructBecameUnit => "struct_became_unit",
            Class::PayloadChanged => "payload_changed",
            Class::FieldAdded { key, .. } => match key.presence {
                Presence::Required => "field_added_required",
                Presence::Nullable => "field_added_nullable",
                Presence::Optional => "field_added_optional",
                Presence::OptionalNullable => "field_added_optional_nullable",
                Presence::NullAsAbsent => "field_added_null_as_absent",
                Presence::Defaulted => "field_added_defaulted",
            },
            Class::FieldRemoved { .. } => "field_removed",
            Class::FieldRenamed { .. } => "field_renamed",
            Class::PresenceChanged { old, new } => match (old.presence, new.presence) {
                (Presence::Required, Presence::Defaulted) => "default_added",
                (Presence::Defaulted, Presence::Required) => "default_removed",
                _ => "presence_changed",
            },
            Class::DefaultChanged { .. } => "default_changed",
            Class::DefaultWriteChanged => "default_write_changed",
            Class::TypeWidened => "type_widened",
            Class::TypeNarrowed => "type_narrowed",
            Class::TypeChanged => "type_changed",
            Class::ConstraintsWidened => "constraints_widened",
            Class::ConstraintsNarrowed => "constraints_narrowed",
            Class::ConstraintsChanged => "constraints_changed",
            Class::UnionOpened => "union_opened",
            Class::UnionClosed => "union_closed",
            Class::EnumOpened => "enum_opened",
            Class::EnumClosed => "enum_closed",
            Class::UnionFolded { .. } => "union_folded",
            Class::UnionUnfolded { .. } => "union_unfolded",
            Class::EnumFolded { .. } => "enum_folded",
            Class::EnumUnfolded { .. } => "enum_unfolded",
            Class::FoldMoved => "fold_moved",
            Class::ObjectVariantsReordered => "object_variants_reordered",
            Class::ObjectPickChanged => "object_pick_changed",
            Class::ArrayVariantsReordered => "array_variants_reordered",
            Class::CatchAllRenamed => "catch_all_renamed",
            Class::ObjectClosed => "object_closed",
            Class::ObjectOpened => "object_opened",
            Class::UnknownFieldsChanged => "unknown_fields_changed",
            Class::UnitVariantOpened => "unit_variant_opened",
            Class::UnitVariantClosed => "unit_variant_closed",
            Class::UnitVariantKeepChanged => "unit_variant_keep_changed",
            Class::EnumValueAdded { .. } => "enum_value_added",
            Class::EnumValueRemoved { .. } => "enum_value_removed",
            Class::EnumValueRenamed => "enum_value_renamed",
            Class::DocChanged => "doc_changed",
            Class::DeprecationChanged => "deprecation_changed",
            Class::ExamplesChanged => "examples_changed",
            Class::ToleranceChanged => "tolerance_changed",
            Class::TolerantReaderRemoved => "tolerant_reader_removed",
            Class::TitleChanged => "title_changed",
            Class::IdChanged => "id_changed",
            Class::EntryAdded { .. } => "entry_added",
            Class::EntryRemoved { .. } => "entry_removed",
        }
    }

    /// Who the change breaks and why: every verdict compat gives is decided here.
    pub fn verdict(self) -> Verdict {
        match self {
            Class::TypeAdded => verdict_of(
                false,
                false,
                false,
                "nothing OLD reads or writes names it; where NEW uses it is a change of its own",
            ),
            Class::TypeRemoved => verdict_of(
                false,
                false,
                true,
                "code that names the type no longer compiles; where OLD used it is a change of \
                 its own",
            ),
            Class::TypeKindChanged => verdict_of(
                true,
                true,
                true,
                "the same name now travels in another JSON form",
            ),
            Class::VariantAdded { old_open: false } => verdict_of(
                true,
                false,
                true,
                "old readers refuse the new tag value; old writers never write it; exhaustive \
                 matches miss a case",
            ),
            Class::VariantAdded { old_open: true } => verdict_of(
                false,
                false,
                true,
                "old readers of the open union read the new variant as its catch-all (kept \
                 whole, or folded); old writers never write it; exhaustive matches miss a case",
            ),
            Class::VariantRemoved { new_open: false } => verdict_of(
                false,
                true,
                true,
                "new writers never write it; new readers refuse what old writers still write; \
                 code naming the variant no longer compiles",
            ),
            Class::VariantRemoved { new_open: true } => verdict_of(
                false,
                false,
                true,
                "new writers never write it; new readers of the open union read what old \
                 writers still write as its catch-all (kept whole, or folded); code naming the \
                 variant no longer compiles",
            ),
            Class::VariantRenamed => verdict_of(
                true,
                true,
                true,
                "each side refuses the other's tag value; TypeScript matches on the tag string \
                 no longer compile",
            ),
            Class::TagRenamed => verdict_of(
                true,
                true,
                true,
                "each side looks for the tag under its own key; TypeScript reads the tag by \
                 its wire name",
            ),
            Class::UnitBecameStruct => verdict_of(
                true,
                true,
                true,
                "old readers refuse the payload's keys on a unit variant; new readers miss \
                 them; patterns on the variant change shape",
            ),
            Class::StructBecameUnit => verdict_of(
                true,
                true,
                true,
                "old readers miss the payload's keys; new readers refuse them on a unit \
                 variant; patterns on the variant change shape",
            ),
            Class::PayloadChanged => verdict_of(
                true,
                true,
                true,
                "the variant carries another named type; compat does not prove the two travel \
                 alike",
            ),
            Class::FieldAdded { key, old_closed } => field_added(key, old_closed),
            Class::FieldRemoved { key, new_closed } => field_removed(key, new_closed),
            Class::FieldRenamed {
                old,
                new,
                old_closed,
                new_closed,
            } => field_renamed(old, new, old_closed, new_closed),
            Class::PresenceChanged { old, new } => presence_changed(old, new),
            Class::DefaultChanged { old, new } => default_changed(old, new),
            Class::DefaultWriteChanged => verdict_of(
                false,
                false,
                false,
                "both sides read an absent key as the same default and accept the key present \
                 or absent; the generated type stays",
            ),
            Class::TypeWidened => verdict_of(
                true,
                false,
                true,
                "new writers may write values old readers refuse; the generated type changes",
            ),
            Class::TypeNarrowed => verdict_of(
                false,
                true,
                true,
                "old writers may write values new readers refuse; the generated type changes",
            ),
            Class::TypeChanged => verdict_of(
                true,
                true,
                true,
                "each side may write values the other refuses; the generated type changes",
            ),
            Class::ConstraintsWidened => verdict_of(
                true,
                false,
                false,
                "new writers may write values old readers refuse; the generated type stays",
            ),
            Class::ConstraintsNarrowed => verdict_of(
                false,
                true,
                false,
                "old writers may write values new readers refuse; the generated type stays",
            ),
            Class::ConstraintsChanged => verdict_of(
                true,
                true,
                false,
                "each side may write values the other refuses; the generated type stays",
            ),
            // A writer passes on what its reader kept: a catch-all is written back as read.
            Class::UnionOpened => verdict_of(
                true,
                false,
                true,
                "new writers pass on an unknown tag's object they kept, which old readers \
                 refuse; exhaustive matches gain the catch-all's case",
            ),
            Class::UnionClosed => verdict_of(
                false,
                true,
                true,
                "old writers pass on an unknown tag's object they kept, which new readers \
                 refuse; code handling the catch-all no longer compiles",
            ),
            Class::EnumOpened => verdict_of(
                true,
                false,
                true,
                "new writers pass on an unknown string they kept, which old readers refuse; \
                 exhaustive matches gain the catch-all's case",
            ),
            Class::EnumClosed => verdict_of(
                false,
                true,
                true,
                "old writers pass on an unknown string they kept, which new readers refuse; \
                 code handling the catch-all no longer compiles",
            ),
            // A fold writes its own value, which both sides know: no writer passes on what
            // it folded. What a fold loses is gone from every relay that reads it.
            Class::UnionFolded { was_open: false } => verdict_of(
                false,
                false,
                false,
                "new readers read an unknown tag's object as the folded variant, its other keys \
                 lost; neither side writes a tag the other refuses",
            ),
            Class::UnionFolded { was_open: true } => verdict_of(
                false,
                false,
                true,
                "new readers fold an unknown tag's object that old readers kept whole, so what \
                 old writers pass on is lost; code handling the catch-all no longer compiles",
            ),
            Class::UnionUnfolded { now_open: false } => verdict_of(
                false,
                false,
                false,
                "neither side writes a tag it does not know (a fold writes its own); new readers \
                 refuse one from elsewhere that old readers folded",
            ),
            Class::UnionUnfolded { now_open: true } => verdict_of(
                false,
                false,
                true,
                "new readers keep an unknown tag's object whole that old readers folded, and old \
                 readers fold what new writers pass on; exhaustive matches gain the catch-all's \
                 case",
            ),
            Class::EnumFolded { was_open: false } => verdict_of(
                false,
                false,
                false,
                "new readers read an unknown string as the folded value, losing it; neither side \
                 writes a string the other refuses",
            ),
            Class::EnumFolded { was_open: true } => verdict_of(
                false,
                false,
                true,
                "new readers fold an unknown string that old readers kept, so what old writers \
                 pass on is lost; code handling the catch-all no longer compiles",
            ),
            Class::EnumUnfolded { now_open: false } => verdict_of(
                false,
                false,
                false,
                "neither side writes a string it does not know (a fold writes its own); new \
                 readers refuse one from elsewhere that old readers folded",
            ),
            Class::EnumUnfolded { now_open: true } => verdict_of(
                false,
                false,
                true,
                "new readers keep an unknown string that old readers folded, and old readers \
                 fold what new writers pass on; exhaustive matches gain the catch-all's case",
            ),
            Class::FoldMoved => verdict_of(
                false,
                false,
                false,
                "an unknown tag or string reads as another known value: neither side writes one \
                 the other refuses, but what it reads as changes",
            ),
            Class::ObjectVariantsReordered => verdict_of(
                false,
                false,
                false,
                "an object holding the keys that pick two variants reads as the one now first: \
                 neither side refuses what the other writes, but such an object (from elsewhere, \
                 or kept whole by an open variant) changes meaning",
            ),
            Class::ArrayVariantsReordered => verdict_of(
                false,
                false,
                false,
                "an empty array picks the first array variant, now another: neither side refuses \
                 what the other writes, but an empty array changes meaning",
            ),
            Class::ObjectPickChanged => verdict_of(
                false,
                false,
                false,
                "a union whose object variants the keys they require tell apart reads every \
                 object as the same variant either way; tried in order, its variants may \
                 overlap from now on",
            ),
            Class::CatchAllRenamed => verdict_of(
                false,
                false,
                true,
                "the catch-all reads and writes the same JSON; code naming it no longer \
                 compiles",
            ),
            Class::ObjectClosed => verdict_of(
                false,
                true,
                false,
                "old writers pass on unknown keys they kept, which new readers refuse",
            ),
            Class::ObjectOpened => verdict_of(
                true,
                false,
                false,
                "new writers pass on unknown keys they kept, which old readers refuse",
            ),
            Class::UnknownFieldsChanged => verdict_of(
                false,
                false,
                false,
                "a side that drops unknown keys never writes one, and every side accepts the \
                 keys it writes; what is passed on of a key neither side names changes",
            ),
            Class::UnitVariantOpened => verdict_of(
                true,
                false,
                true,
                "new writers pass on unknown keys the unit variant kept, which old readers \
                 refuse; the Rust variant now holds them, so a pattern naming it changes",
            ),
            Class::UnitVariantClosed => verdict_of(
                false,
                true,
                true,
                "old writers pass on unknown keys the unit variant kept, which new readers \
                 refuse; the Rust variant no longer holds them, so a pattern naming it changes",
            ),
            Class::UnitVariantKeepChanged => verdict_of(
                false,
                false,
                true,
                "every side accepts the keys the other writes, but the Rust variant holds the \
                 kept keys on one side only, so a pattern naming it changes",
            ),
            Class::EnumValueAdded { old_open: false } => verdict_of(
                true,
                false,
                true,
                "old readers refuse the new string; old writers never write it; exhaustive \
                 matches miss a case",
            ),
            Class::EnumValueAdded { old_open: true } => verdict_of(
                false,
                false,
                true,
                "old readers of the open enum read the new string as its catch-all (kept, or \
                 folded); old writers never write it; exhaustive matches miss a case",
            ),
            Class::EnumValueRemoved { new_open: false } => verdict_of(
                false,
                true,
                true,
                "new readers refuse the string old writers still write; code naming the value \
                 no longer compiles",
            ),
            Class::EnumValueRemoved { new_open: true } => verdict_of(
                false,
                false,
                true,
                "new readers of the open enum read the string old writers still write as its \
                 catch-all (kept, or folded); code naming the value no longer compiles",
            ),
            Class::EnumValueRenamed => verdict_of(
                true,
                true,
                true,
                "each side refuses the other's string; TypeScript spells the value as its \
                 string",
            ),
            Class::DocChanged => verdict_of(false, false, false, "docs do not travel"),
            Class::DeprecationChanged => verdict_of(
                false,
                false,
                false,
                "deprecated items are still read and written; compilers only warn",
            ),
            Class::ExamplesChanged => verdict_of(false, false, false, "examples do not travel"),
            Class::ToleranceChanged => verdict_of(
                false,
                false,
                false,
                "the policy says what a tolerant reader makes of an invalid value, which no \
                 conforming writer writes; what travels and the generated type stay",
            ),
            Class::TolerantReaderRemoved => verdict_of(
                false,
                false,
                true,
                "the type reaches no reader policy any more, so TypeScript code calling its \
                 `parse<Type>Tolerant` no longer compiles; what travels stays",
            ),
            Class::TitleChanged => verdict_of(
                false,
                false,
                false,
                "the title names the document for people; nothing that travels or compiles \
                 changes",
            ),
            Class::IdChanged => verdict_of(
                false,
                false,
                false,
                "documents that `$ref` the schema by its `$id` must follow it; nothing that \
                 travels or compiles changes",
            ),
            Class::EntryAdded {
                old_has_entries: true,
            } => verdict_of(
                true,
                false,
                false,
                "old readers that validate against the document's root refuse the new entry's \
                 payloads, which new writers may send; code reads each type by name",
            ),
            Class::EntryAdded {
                old_has_entries: false,
            } => verdict_of(
                false,
                false,
                false,
                "the old document's root, listing no entry, accepted any value; code reads each \
                 type by name",
            ),
            Class::EntryRemoved {
                new_has_entries: true,
            } => verdict_of(
                false,
                true,
                false,
                "new readers that validate against the document's root refuse the old entry's \
                 payloads, which old writers still send; code reads each type by name",
            ),
            Class::EntryRemoved {
                new_has_entries: false,
            } => verdict_of(
                false,
                false,
                false,
                "the new document's root, listing no entry, accepts any value; code reads each \
                 type by name",
            ),
        }
    }
}

fn field_added(key: Key, old_closed: bool) -> Verdict {
    // New writers write the key at least with some values (an omitted default still is when it
    // differs), and old writers never do.
    let writers = !key.reader_allows_absent();
    match (old_closed, writers) {
        (true, true) => verdict_of(
            true,
            true,
            false,
            "old readers of the closed object refuse the new key; old writers omit a key new \
             readers require",
        ),
        (true, false) => verdict_of(
            true,
            false,
            false,
            "old readers of the closed object refuse the new key; old writers omit it, which \
             new readers allow",
        ),
        (false, true) => verdict_of(
            false,
            true,
            false,
            "old readers of the open object keep the new key; old writers omit a key new \
             readers require",
        ),
        (false, false) => verdict_of(
            false,
            false,
            false,
            "old readers of the open object keep the new key; old writers omit it, which new \
             readers allow",
        ),
    }
}

fn field_removed(key: Key, new_closed: bool) -> Verdict {
    // Old writers write the key at least with some values, whether or not they omit a default.
    match (!key.reader_allows_absent(), new_closed) {
        (true, true) => verdict_of(
            true,
            true,
            true,
            "old readers require the key new writers omit; new readers of the closed object \
             refuse it from old writers; code reading the field no longer compiles",
        ),
        (true, false) => verdict_of(
            true,
            false,
            true,
            "old readers require the key new writers omit; new readers of the open object \
             keep it; code reading the field no longer compiles",
        ),
        (false, true) => verdict_of(
            false,
            true,
            true,
            "old readers allow the key's absence; new readers of the closed object refuse it \
             from old writers; code reading the field no longer compiles",
        ),
        (false, false) => verdict_of(
            false,
            false,
            true,
            "old readers allow the key's absence; new readers of the open object keep it; \
             code reading the field no longer compiles",
        ),
    }
}

fn field_renamed(old: Key, new: Key, old_closed: bool, new_closed: bool) -> Verdict {
    // Old readers meet the new key (unknown to them) and miss the old one; new readers the
    // reverse. Each side's writers write their own key at least with some values.
    let readers = old_closed || !old.reader_allows_absent();
    let writers = new_closed || !new.reader_allows_absent();
    let reason = match (readers, writers) {
        (true, true) => {
            "each side refuses the other's key or misses its own; TypeScript reads the field \
             by its wire name"
        }
        (true, false) => {
            "old readers refuse the new key or miss the old; new readers keep the old key and \
             allow the new one's absence; TypeScript reads the field by its wire name"
        }
        (false, true) => {
            "old readers keep the new key and allow the old one's absence; new readers refuse \
             the old key or miss the new; TypeScript reads the field by its wire name"
        }
        (false, false) => {
            "both objects are open and both keys may be absent: each side keeps the other's \
             key and sees its own absent; TypeScript reads the field by its wire name"
        }
    };
    verdict_of(readers, writers, true, reason)
}

fn presence_changed(old: Key, new: Key) -> Verdict {
    // Readers break when NEW writes what OLD refuses, writers when OLD writes what NEW refuses.
    let readers = old.refuses(new);
    let writers = new.refuses(old);
    if same_generated_type(old.presence, new.presence) {
        return default_added_or_removed(old.presence == Presence::Required, readers, writers);
    }
    // Each side's writers named by what they really write: an `Option` field omits the key
    // and never writes `null`; a `Nullable` one writes `null` and never omits the key.
    let refusals: Vec<String> = [("new", "old", new, old), ("old", "new", old, new)]
        .into_iter()
        .filter_map(|(writers, readers, writer, reader)| {
            let what = reader.refused_of(writer)?;
            Some(format!(
                "{writers} writers may {what}, which {readers} readers refuse"
            ))
        })
        .collect();
    let mut reason = refusals.join("; ");
    if !reason.is_empty() {
        reason.push_str("; ");
    }
    reason.push_str("the field's generated type changes");
    Verdict {
        breaks: Breaks {
            readers,
            writers,
            bridges: true,
        },
        reason: Cow::Owned(reason),
    }
}

/// A required field that gained a default (`added`) or a defaulted one that lost it: a plain
/// `T` on both sides, so only a writer that omits the default breaks the side requiring the
/// key.
fn default_added_or_removed(added: bool, readers: bool, writers: bool) -> Verdict {
    let reason = match (added, readers || writers) {
        (true, true) => {
            "new writers leave out a value equal to the default, a key old readers require; \
             old writers always write it; the generated type stays"
        }
        (true, false) => {
            "new writers always write the key, as old readers require; new readers read its \
             absence as the default; the generated type stays"
        }
        (false, true) => {
            "old writers leave out a value equal to the default, a key new readers require; \
             new writers always write it; the generated type stays"
        }
        (false, false) => {
            "old writers always write the key, as new readers require; the generated type \
             stays"
        }
    };
    verdict_of(readers, writers, false, reason)
}

/// Another default: a writer that leaves out a value equal to its default has it read as the
/// other side's default, a value it never wrote. Nothing refuses it, but the value changes
/// silently, which breaks the reader as surely as a refusal would.
fn default_changed(old: Key, new: Key) -> Verdict {
    let readers = new.writer_may_omit();
    let writers = old.writer_may_omit();
    let reason = match (readers, writers) {
        (true, true) => {
            "each side leaves out a value equal to its own default, which the other reads as \
             its own, another value: values change silently"
        }
        (true, false) => {
            "new writers leave out a value equal to the new default, which old readers read as \
             the old one: values change silently; old writers always write the key"
        }
        (false, true) => {
            "old writers leave out a value equal to the old default, which new readers read as \
             the new one: values change silently; new writers always write the key"
        }
        (false, false) => {
            "both sides always write the key, so neither reads the other's value as a default; \
             the generated type stays"
        }
    };
    verdict_of(readers, writers, false, reason)
}

#[cfg(test)]
mod tests {
    use super::{Breaks, Class, Key};
    use crate::ir::Presence;

    fn key(presence: Presence, omits_default: bool) -> Key {
        Key {
            presence,
            omits_default,
        }
    }

    fn breaks(readers: bool, writers: bool, bridges: bool) -> Breaks {
        Breaks {
            readers,
            writers,
            bridges,
        }
    }

    /// The verdicts the golden pairs cannot reach yet, while every union and enum the checker
    /// builds is closed: on an open type a new or removed tag is read into the catch-all, so
    /// only bridges break.
    #[test]
    fn an_open_union_or_enum_tolerates_new_and_removed_tags_but_bridges_still_break() {
        for class in [
            Class::VariantAdded { old_open: true },
            Class::VariantRemoved { new_open: true },
            Class::EnumValueAdded { old_open: true },
            Class::EnumValueRemoved { new_open: true },
        ] {
            assert_eq!(
                class.verdict().breaks,
                breaks(false, false, true),
                "{class:?}"
            );
        }
        assert_eq!(
            Class::VariantAdded { old_open: false }.verdict().breaks,
            breaks(true, false, true)
        );
        assert_eq!(
            Class::EnumValueRemoved { new_open: false }.verdict().breaks,
            breaks(false, true, true)
        );
    }

    /// The reason names what each side's writers really write: an `Option` field omits its
    /// key and never writes `null`, a `Nullable` one the reverse.
    #[test]
    fn a_presence_change_says_what_the_writers_of_each_presence_write() {
        let reason = |old, new| {
            Class::PresenceChanged {
                old: key(old, false),
                new: key(new, false),
            }
            .verdict()
            .reason
            .into_owned()
        };
        let changes = "the field's generated type changes";
        assert_eq!(
            reason(Presence::Optional, Presence::Required),
            format!("old writers may omit the key, which new readers refuse; {changes}")
        );
        assert_eq!(
            reason(Presence::Nullable, Presence::Required),
            format!("old writers may write `null`, which new readers refuse; {changes}")
        );
        assert_eq!(
            reason(Presence::OptionalNullable, Presence::Required),
            format!(
                "old writers may omit the key or write `null`, which new readers refuse; {changes}"
            )
        );
        assert_eq!(
            reason(Presence::Required, Presence::Optional),
            format!("new writers may omit the key, which old readers refuse; {changes}")
        );
        assert_eq!(
            reason(Presence::Nullable, Presence::Optional),
            format!(
                "new writers may omit the key, which old readers refuse; old writers may write \
                 `null`, which new readers refuse; {changes}"
            )
        );
        // A `null` read as absent is never written back: only the key is left out.
        assert_eq!(
            reason(Presence::NullAsAbsent, Presence::Required),
            format!("old writers may omit the key, which new readers refuse; {changes}")
        );
    }

    /// The wording fits any schema's unions, not only the render-intent contract's cards.
    #[test]
    fn the_catch_all_reasons_speak_of_variants() {
        let reason = Class::VariantAdded { old_open: true }.verdict().reason;
        assert!(
            reason.contains("the new variant as its catch-all"),
            "{reason}"
        );
        assert!(!reason.contains("card"), "{reason}");
    }

    /// A defaulted field's key may be absent for every reader, but only a writer under
    /// `#[omit_default]` leaves it out.
    #[test]
    fn only_an_optional_field_or_an_omitted_default_lets_a_writer_leave_the_key_out() {
        let defaulted = key(Presence::Defaulted, false);
        assert!(defaulted.reader_allows_absent());
        assert!(!defaulted.writer_may_omit());
        assert!(key(Presence::Defaulted, true).writer_may_omit());
        assert!(key(Presence::Optional, false).writer_may_omit());
        assert!(!key(Presence::Required, false).writer_may_omit());
        assert!(!key(Presence::Nullable, false).reader_allows_absent());
    }

    /// The combinations no golden pair shows: the side whose writers omit the default breaks
    /// the other, and the generated type stays between required and defaulted only.
    #[test]
    fn a_changed_default_breaks_the_side_that_reads_another_sides_omitted_default() {
        let (keep, omit) = (
            key(Presence::Defaulted, false),
            key(Presence::Defaulted, true),
        );
        let verdict = |old, new| Class::DefaultChanged { old, new }.verdict().breaks;
        assert_eq!(verdict(keep, omit), breaks(true, false, false));
        assert_eq!(verdict(omit, keep), breaks(false, true, false));
        let presence = |old, new| Class::PresenceChanged { old, new }.verdict().breaks;
        let nullable = key(Presence::Nullable, false);
        assert_eq!(presence(nullable, omit), breaks(true, true, true));
        assert_eq!(presence(omit, nullable), breaks(true, true, true));
        assert_eq!(
            presence(key(Presence::Required, false), omit),
            breaks(true, false, false)
        );
        assert_eq!(
            presence(keep, key(Presence::OptionalNullable, false)),
            breaks(true, false, true)
        );
    }
}
