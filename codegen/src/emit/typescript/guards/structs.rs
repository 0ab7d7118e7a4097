//! A struct's check, written out field by field: each field read with a call of its own, so that
//! the engine sees one callee at each call site and can inline it (through a shared loop over a
//! table of fields, as the guards first were, every call site saw every check and none was
//! inlined, which made `is` several times slower than ajv's compiled validator), then the keys
//! that are no field handed to `cardcRest`, which the list of the fields' keys tells.

use super::super::syntax::{json_literal, string_literal};
use super::Guards;
use crate::ir::{
    Field, FieldDefault, JsonValue, OnInvalid, Presence, StructDef, Ty, UnknownFields,
};
use crate::json_pointer;

/// How a struct's check calls the check of one field's value.
enum Call {
    /// The named check, on the value.
    Direct(String),
    /// The named check, on a value other than `null`, which is accepted.
    OrNull(String),
    /// The named check, on every item of an array, the loop written out in the struct's check;
    /// with the item type's quick test, if it has one.
    Items(String, Option<String>),
    /// The check at this index of the struct's `checksOf<Name>`: one built from others (a
    /// constraint's, an integer's bounds, a map's), built once, when the module loads.
    Built(usize),
}

/// One field as its struct's check reads it.
struct FieldRead {
    /// The key, as a TypeScript string literal.
    key: String,
    /// `/` and the key as a JSON pointer segment.
    segment: String,
    /// Whether the key may be absent.
    optional: bool,
    /// A test of the value (the variable `item`) that only values the check accepts pass, if
    /// there is one: the check then runs (and its pointer is written) only for the others.
    quick: Option<String>,
    /// How the value is checked.
    call: Call,
    /// Whether a `null` means absent: deleted when the check rewrites (`cardcState.fix`).
    null_as_absent: bool,
    /// The field's default, if it has one: written where the key is absent when the check
    /// rewrites, and deleted again where a writer omits it (`cardcState.write`).
    default: Option<FieldDefault>,
}

/// The pointer of a field's value, the key's `segment` after the object's `at`, as an argument
/// to its check: none for a quiet check, which never reads one (writing them took up to a tenth
/// of `is`'s time on valid payloads).
fn field_pointer(segment: &str) -> String {
    format!("s.quiet ? '' : at + {}", string_literal(segment))
}

/// The pointer of the item at `i` of the array in the field of pointer `segment`, as
/// `field_pointer` writes it.
fn item_pointer(segment: &str) -> String {
    format!(
        "s.quiet ? '' : at + {} + i",
        string_literal(&format!("{segment}/"))
    )
}

/// Whether a check expression is a check's name, which a call site can name directly.
fn is_name(check: &str) -> bool {
    check.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Guards<'_> {
    /// A struct's check: the standalone form, no tag. Reached as a union variant, it also allows
    /// the tags its unions already read (see `cardcTag`).
    pub(super) fn emit_struct(&mut self, def: &StructDef) {
        for helper in ["cardcObject", "cardcRest", "cardcNoKeys"] {
            self.used.insert(helper);
        }
        let name = &def.name;
        let mut keys = Vec::new();
        let mut built = Vec::new();
        let mut reads = Vec::new();
        for field in self.schema.object_fields(def) {
            self.used.insert("cardcPresent");
            let key = string_literal(&field.wire_name);
            keys.push(key.clone());
            let constrained = !field.constraints.is_empty();
            // A field with a reader policy is checked by a built check that applies it.
            let tolerant = field.tolerance.is_declared();
            // A field of a nullable type reads as a nullable field of the inner type.
            let (ty, nullable) = match &field.ty {
                Ty::Nullable(inner) => (&**inner, true),
                ty => (ty, field.presence.may_be_null()),
            };
            // The check of an array's items, when the loop over them is written out here.
            let items = match (ty, constrained, nullable) {
                (Ty::Vec(inner), false, false) if !tolerant => Some((self.check(inner), inner)),
                _ => None,
            };
            let call = match items {
                _ if tolerant => {
                    let check = self.field_check(field);
                    built.push(check);
                    Call::Built(built.len() - 1)
                }
                Some((item, inner)) if is_name(&item) => {
                    self.used.insert("cardcArray");
                    Call::Items(item, self.quick(inner, "entry"))
                }
                _ => match self.check(ty) {
                    plain if !constrained && is_name(&plain) => match nullable {
                        true => Call::OrNull(plain),
                        false => Call::Direct(plain),
                    },
                    // The field's whole check, as the other calls make it up.
                    _ => {
                        let check = self.field_check(field);
                        built.push(check);
                        Call::Built(built.len() - 1)
                    }
                },
            };
            let quick = match (&call, constrained) {
                // An array's items have their own quick test; a constraint has none.
                (Call::Items(..), _) | (_, true) => None,
                _ => self.quick(ty, "item").map(|quick| match nullable {
                    true => format!("item === null || ({quick})"),
                    false => quick,
                }),
            };
            reads.push(FieldRead {
                key,
                segment: json_pointer::child("", &field.wire_name),
                optional: field.presence.may_be_absent(),
                quick,
                call,
                null_as_absent: field.presence == Presence::NullAsAbsent,
                default: field.default.clone(),
            });
        }
        self.out
            .doc_line(&format!("The keys of the fields of `{name}`."));
        self.out.line(&format!(
            "const keysOf{name}: readonly string[] = [{}];",
            keys.join(", ")
        ));
        if !built.is_empty() {
            self.out.blank();
            self.out.doc_line(&format!(
                "The checks of the fields of `{name}` that are built from others, in field order."
            ));
            self.out.line(&format!("const checksOf{name} = ["));
            self.out.indent();
            for check in &built {
                self.out.line(&format!("{check},"));
            }
            self.out.dedent();
            self.out.line("] as const;");
        }
        self.out.blank();
        self.open_check(name, &format!("Checks a `{name}`."));
        for line in [
            "const outer = s.type;",
            &format!("s.type = {};", string_literal(name)),
            "const tags = s.tags;",
            "s.tags = cardcNoKeys;",
            "const taken = s.keys;",
            "s.keys = undefined;",
            // Keys taken from the union above: it found the value an object, not too deep.
            "const object = taken !== undefined ? (value as { readonly [key: string]: unknown }) : cardcObject(value, s, at, orNull);",
            "if (object !== undefined) {",
            "  s.depth += 1;",
            "  const keys = taken ?? Object.keys(object);",
            "  let known = tags.length;",
        ] {
            self.out.line(line);
        }
        self.out.indent();
        for read in &reads {
            self.emit_field_read(name, read);
        }
        let drop = if def.unknown == UnknownFields::Drop {
            ", true"
        } else {
            ""
        };
        self.out.line(&format!(
            "cardcRest(object, keys, s, at, {}, keysOf{name}, tags, known{drop});",
            def.closed()
        ));
        self.out.line("s.depth -= 1;");
        self.out.dedent();
        self.out.line("}");
        self.out.line("s.type = outer;");
        self.close_check();
    }

    /// A field's whole check, built from the checks of its type, its constraints, its `null`
    /// and its reader policy.
    fn field_check(&mut self, field: &Field) -> String {
        let mut check = match &field.ty {
            Ty::Vec(inner) if field.tolerance.skip_invalid => {
                let inner = self.check(inner);
                format!("{}({inner})", self.helper("cardcSkipInvalid"))
            }
            ty => self.check(ty),
        };
        check = self.constrained(check, &field.constraints);
        if field.presence.may_be_null() {
            check = self.or_null(check);
        }
        match &field.tolerance.on_invalid {
            OnInvalid::Error => {}
            OnInvalid::Absent => check = format!("{}({check})", self.helper("cardcOrAbsent")),
            // Replaced by the default, with the Rust reader's warning.
            OnInvalid::Default(value) => {
                let value = json_literal(value);
                check = format!("{}({check}, {value})", self.helper("cardcOrDefault"));
            }
        }
        check
    }

    /// One field of a struct's check: counted as known and checked when present, an error when
    /// absent and required (`cardcPresent`).
    fn emit_field_read(&mut self, name: &str, read: &FieldRead) {
        let FieldRead {
            key,
            segment,
            optional,
            quick,
            call,
            null_as_absent,
            default,
        } = read;
        self.out.line(&format!(
            "if (cardcPresent(keys, s, at, {key}, {optional})) {{"
        ));
        self.out.indent();
        self.out.line("known += 1;");
        self.out.line(&format!("const item = object[{key}];"));
        if let Some(quick) = quick {
            self.out.line(&format!("if (!({quick})) {{"));
            self.out.indent();
        }
        let at = field_pointer(segment);
        match call {
            Call::Direct(check) => {
                self.out.line(&format!("{check}(item, s, {at});"));
            }
            Call::OrNull(check) => {
                self.out.line("if (item !== null) {");
                self.out.line(&format!("  {check}(item, s, {at}, true);"));
                self.out.line("}");
            }
            Call::Items(check, item_quick) => {
                self.out
                    .line(&format!("if (cardcArray(item, s, {at}, undefined)) {{"));
                self.out.line(
                    "  for (let i = 0; i < item.length && s.errors.length < s.limit; i += 1) {",
                );
                self.out.line("    const entry = item[i];");
                let call = format!("{check}(entry, s, {});", item_pointer(segment));
                match item_quick {
                    Some(item_quick) => {
                        self.out.line(&format!("    if (!({item_quick})) {{"));
                        self.out.line(&format!("      {call}"));
                        self.out.line("    }");
                    }
                    None => self.out.line(&format!("    {call}")),
                }
                self.out.line("  }");
                self.out.line("  s.depth -= 1;");
                self.out.line("}");
            }
            Call::Built(index) => {
                self.out
                    .line(&format!("checksOf{name}[{index}](item, s, {at});"));
            }
        }
        if quick.is_some() {
            self.out.dedent();
            self.out.line("}");
        }
        if *null_as_absent {
            self.out.line("if (item === null && s.fix) {");
            self.out.line(&format!(
                "  delete (object as {{ [key: string]: unknown }})[{key}];"
            ));
            self.out.line("}");
        }
        if let Some(default) = default {
            self.emit_default(key, default);
        } else {
            self.out.dedent();
            self.out.line("}");
        }
    }

    /// The end of a defaulted field's read: a writer that omits the default deletes a value
    /// equal to it; an absent key is given the default (a new array or object each time) when
    /// the check rewrites, unless a writer that omits it is rewriting.
    fn emit_default(&mut self, key: &str, default: &FieldDefault) {
        let value = json_literal(&default.value);
        if default.omits() {
            let same = match &default.value {
                JsonValue::Array(_) | JsonValue::Object(_) => {
                    format!("{}(item)", self.helper("cardcEmpty"))
                }
                _ => format!("item === {value}"),
            };
            self.out.line(&format!("if (s.write && {same}) {{"));
            self.out.line(&format!(
                "  delete (object as {{ [key: string]: unknown }})[{key}];"
            ));
            self.out.line("}");
        }
        self.out.dedent();
        let when = if default.omits() {
            "s.fix && !s.write"
        } else {
            "s.fix"
        };
        self.out.line(&format!("}} else if ({when}) {{"));
        let define = self.helper("cardcDefine");
        self.out
            .line(&format!("  {define}(object, {key}, {value});"));
        self.out.line("}");
    }

    /// A test of the variable `v` that only values its type's check accepts pass, quicker than
    /// the check (no call, no pointer written), for the types whose check is a test of the value
    /// alone; `None` for the others.
    fn quick(&mut self, ty: &Ty, v: &str) -> Option<String> {
        match ty {
            Ty::String => {
                self.used.insert("cardcUnicode");
                Some(format!("typeof {v} === 'string' && cardcUnicode({v})"))
            }
            Ty::Bool => Some(format!("typeof {v} === 'boolean'")),
            Ty::Int(kind) => {
                let (min, max) = kind.bounds();
                Some(format!(
                    "typeof {v} === 'number' && {v} % 1 === 0 && {v} >= {min} && {v} <= {max}"
                ))
            }
            _ => None,
        }
    }
}
