//! The TypeScript emitter: one interface per struct, a union of tagged interfaces per union,
//! a string-literal union per enum, `assertNever` for exhaustive switches, and runtime guards
//! (`is<Name>`, `parse<Name>`) for every type, which need no runtime dependency.
//!
//! The output compiles under `tsc --strict --exactOptionalPropertyTypes
//! --noUncheckedIndexedAccess`. It names no TypeScript global in a type position, so a schema
//! type called `Array` or `Record` shadows nothing the output relies on.

mod guards;
mod imports;
mod matching;
mod runtime;
mod syntax;
mod writer;

#[cfg(test)]
mod tests;

use crate::emit::{GENERATED_MARKER, header_sentence};
use crate::ir::{
    CatchAll, Deprecated, Docs, EnumDef, Examples, Field, JsonValue, NewtypeDef, Schema, StructDef,
    Ty, TypeDef, UnionDef, UnknownFields, UntaggedDef, Variant,
};
use crate::json_text;
use crate::naming::typescript::{
    PROTO_KEY, catch_all_brand, catch_all_type, handlers as handlers_name, input_type,
};
use crate::target::{Options, Refusal, SharedRuntime, Target};

use std::collections::BTreeSet;

use syntax::{
    constraint_notes, field_type_text, int_note, property_name, string_literal, type_text_with,
};
use writer::Writer;

/// The TypeScript target.
pub struct TypeScript;

impl Target for TypeScript {
    fn key(&self) -> &'static str {
        "typescript"
    }

    fn language(&self) -> &'static str {
        "TypeScript"
    }

    fn constant(&self) -> &'static str {
        "TYPESCRIPT"
    }

    fn file_name(&self, stem: &str) -> String {
        format!("{stem}.ts")
    }

    fn emit(&self, schema: &Schema, options: &Options) -> String {
        match options.shared_runtime(self) {
            Some(module) => emit_modules(schema, module, options).0,
            None => emit(schema),
        }
    }

    fn modules(&self, schema: &Schema, options: &Options) -> Vec<(String, String)> {
        match options.shared_runtime(self) {
            Some(module) => vec![(
                guards_file_name(&schema.stem),
                emit_modules(schema, module, options).1,
            )],
            None => Vec::new(),
        }
    }

    fn import_default(&self, stem: &str) -> String {
        format!("./{stem}")
    }

    fn shared_runtime(&self) -> Option<SharedRuntime> {
        Some(SharedRuntime {
            file_name: RUNTIME_FILE,
            import_beside: "./cardc_runtime.js",
            import_from: import_specifier,
            contents: shared_runtime(),
        })
    }

    fn union_helpers(&self, union: &str) -> Vec<String> {
        vec![handlers_name(union)]
    }

    fn catch_all_helpers(&self, owner: &str, catch_all: &str) -> Vec<String> {
        vec![catch_all_type(owner, catch_all)]
    }

    fn input_helpers(&self, name: &str) -> Vec<String> {
        vec![input_type(name)]
    }

    fn stem_problem(&self, stem: &str) -> Option<Refusal> {
        let file = self.file_name(stem);
        let taken = if file == RUNTIME_FILE {
            "the shared runtime module"
        } else if stem.ends_with(GUARDS_SUFFIX) {
            "another schema's guards module"
        } else {
            return None;
        };
        Some(Refusal {
            message: format!("a schema named `{stem}` would write its TypeScript to `{file}`"),
            label: format!("`{file}` is {taken}"),
            hint: format!(
                "the TypeScript output writes `{RUNTIME_FILE}` and each schema's \
                 `<stem>{GUARDS_SUFFIX}.ts` beside its outputs: rename the schema file"
            ),
        })
    }

    fn wire_key_problem(&self, key: &str) -> Option<Refusal> {
        (key == PROTO_KEY).then(|| Refusal {
            message: format!("`{PROTO_KEY}` cannot be a wire name"),
            label: "sets the prototype in JavaScript".to_string(),
            hint: format!(
                "in a JavaScript object literal `{PROTO_KEY}` sets the object's prototype instead \
                 of a key, so TypeScript readers could not build this object: choose another name"
            ),
        })
    }
}

/// How an output imports the shared runtime module at `relative` (its path from the output's
/// directory): with the extension an ES module import names (TypeScript maps `.js` back to the
/// `.ts` file), and `./` before a path that does not leave the directory.
fn import_specifier(relative: &str) -> String {
    let relative = [(".mts", ".mjs"), (".cts", ".cjs"), (".ts", ".js")]
        .into_iter()
        .find_map(|(from, to)| {
            relative
                .strip_suffix(from)
                .map(|stem| format!("{stem}{to}"))
        })
        .unwrap_or_else(|| relative.to_string());
    if relative.starts_with("../") || relative.starts_with('/') {
        relative
    } else {
        format!("./{relative}")
    }
}

/// The shared runtime module's file name, beside the outputs.
const RUNTIME_FILE: &str = "cardc_runtime.ts";

/// What a schema's stem is followed by in its guards module's file name.
pub(super) const GUARDS_SUFFIX: &str = ".guards";

/// The file name of the guards module of a schema of this stem (`render_intent.guards.ts`),
/// beside its output.
fn guards_file_name(stem: &str) -> String {
    format!("{stem}{GUARDS_SUFFIX}.ts")
}

/// The namespace an output imports its guards module as: lowercase, so no schema type name
/// (UpperCamelCase) and no name the output generates for one can be it.
const GUARDS_NAMESPACE: &str = "guards";

/// Emits the self-contained TypeScript output: the types, the matchers and the guards, then the
/// runtime helpers and the checks behind the guards, with `assertNever` exported.
pub fn emit(schema: &Schema) -> String {
    let inputs = input_types(schema);
    let mut body = Writer::default();
    emit_types(&mut body, schema, &inputs);
    emit_assert_never(&mut body);
    matching::emit_matchers(&mut body, schema);
    let guards = guards::guards(schema, &inputs, guards::Checks::Inline);
    body.text(&guards.entries);
    if schema.own_types().next().is_some() {
        body.blank();
        body.text(CHECKS_BANNER);
        body.blank();
        let names: BTreeSet<&'static str> = guards
            .entry_names
            .union(&guards.check_names)
            .copied()
            .collect();
        body.text(&runtime::helpers_text(&names));
        body.text(&guards.checks);
    }
    let mut w = Writer::default();
    w.comment(&header_sentence(schema));
    w.blank();
    w.text(&body.finish());
    w.finish()
}

/// The comment that opens the checks behind the guards.
const CHECKS_BANNER: &str = "\
// The checks behind the guards above: the `cardc` runtime helpers, then one `check<Name>` per
// type, which reads a value once, field by field, and records its errors.";

/// Emits the TypeScript output that imports the shared runtime module at `runtime` (an import
/// specifier, `./cardc_runtime.js`) and its guards module beside it: the output (the types, the
/// matchers and the exported guards, which read as written by hand) and the guards module (the
/// checks behind the guards).
fn emit_modules(schema: &Schema, runtime: &str, options: &Options) -> (String, String) {
    let inputs = input_types(schema);
    let guards_file = guards_file_name(&schema.stem);
    let guards = guards::guards(schema, &inputs, guards::Checks::Module(GUARDS_NAMESPACE));
    let mut body = Writer::default();
    emit_types(&mut body, schema, &inputs);
    matching::emit_matchers(&mut body, schema);
    body.text(&guards.entries);
    // The types end in a blank line, which the next part begins with too.
    let body = body.finish().trim_end().replace("\n\n\n", "\n\n");
    let mut w = Writer::default();
    w.comment(&header_sentence(schema));
    w.blank();
    let mut names = guards.entry_names.clone();
    // Re-exported, so that a reader imports it with the types; two outputs re-exported from one
    // module re-export the same binding, which is no clash.
    names.insert("assertNever");
    emit_imports(&mut w, &names, runtime);
    if schema.own_types().next().is_some() {
        let specifier = import_specifier(&guards_file);
        w.line(&format!(
            "import * as {GUARDS_NAMESPACE} from {};",
            string_literal(&specifier)
        ));
    }
    w.text(&imports::lines(
        schema,
        options,
        &body,
        imports::Part::Types,
    ));
    w.blank();
    w.line("export { assertNever };");
    w.blank();
    w.text(&body);
    let mut module = Writer::default();
    module.comment(&header_sentence(schema));
    module.blank();
    if schema.own_types().next().is_some() {
        module.comment(&format!(
            "The checks behind the guards of {}: one `check<Name>` per type, which reads a value",
            schema.stem
        ));
        module.comment("once, field by field, and records its errors; the guards there call them.");
        module.blank();
        emit_imports(&mut module, &guards.check_names, runtime);
        module.text(&imports::lines(
            schema,
            options,
            &guards.checks,
            imports::Part::Checks,
        ));
        module.blank();
    }
    let checks = guards.checks.strip_prefix('\n').unwrap_or(&guards.checks);
    module.text(checks);
    (w.finish(), module.finish())
}

/// The file docs and every type in name order, each form a type has, separated by blank lines.
fn emit_types(body: &mut Writer, schema: &Schema, inputs: &Inputs) {
    if schema.docs.iter().any(|line| !line.trim().is_empty()) {
        body.doc_block(&schema.docs);
        body.blank();
    }
    for def in schema.own_types() {
        emit_type(body, schema, def, Form::Reader(inputs));
        body.blank();
        if inputs.contains(def.name()) {
            emit_type(body, schema, def, Form::Input(inputs));
            body.blank();
        }
    }
}

/// The shared runtime module: `assertNever` and every guard helper, exported, under a header
/// that names no schema (every output beside it imports it, whatever schema it comes from).
pub fn shared_runtime() -> String {
    let mut w = Writer::default();
    w.comment(&format!(
        "{GENERATED_MARKER} its own runtime, which the TypeScript outputs beside it import; do \
         not edit"
    ));
    w.blank();
    w.text(&runtime::shared_text(&ASSERT_NEVER));
    w.finish()
}

/// `import type { ... }` and `import { ... }` lines for the runtime names an output uses.
fn emit_imports(w: &mut Writer, names: &BTreeSet<&'static str>, module: &str) {
    let module = string_literal(module);
    let (types, values): (Vec<&str>, Vec<&str>) = names
        .iter()
        .copied()
        .partition(|name| runtime::is_type(name));
    for (keyword, names) in [("import type", types), ("import", values)] {
        if names.is_empty() {
            continue;
        }
        let line = format!("{keyword} {{ {} }} from {module};", names.join(", "));
        // A long list reads one name a line, as a formatter would write it.
        if line.len() <= IMPORT_WIDTH {
            w.line(&line);
            continue;
        }
        w.line(&format!("{keyword} {{"));
        for name in names {
            w.line(&format!("  {name},"));
        }
        w.line(&format!("}} from {module};"));
    }
}

/// The longest import written on one line.
pub(super) const IMPORT_WIDTH: usize = 100;

/// The types a writer may write otherwise than a reader holds them (see
/// [`crate::ir::types_with_input_form`]): each has an input type beside its own.
fn input_types(schema: &Schema) -> Inputs {
    let owned = |names: BTreeSet<&str>| names.into_iter().map(str::to_string).collect();
    Inputs {
        defaults: owned(crate::ir::types_reaching_default(&schema.types)),
        folds: owned(crate::ir::types_reaching_fold(&schema.types)),
    }
}

/// The types that have an input type, by why: a type may be in both sets.
#[derive(Default)]
pub(super) struct Inputs {
    /// Those a writer may write with a defaulted key left out.
    defaults: BTreeSet<String>,
    /// Those a writer may write with a string or tag that reads as another, folded.
    folds: BTreeSet<String>,
}

impl Inputs {
    /// Whether `name` has an input type.
    pub(super) fn contains(&self, name: &str) -> bool {
        self.defaults.contains(name) || self.folds.contains(name)
    }

    /// Whether some type has one for a default.
    pub(super) fn any_default(&self) -> bool {
        !self.defaults.is_empty()
    }

    /// Whether some type has one for a fold.
    pub(super) fn any_fold(&self) -> bool {
        !self.folds.is_empty()
    }

    /// Why `name` has an input type: whether it reaches a default, and whether a fold.
    pub(super) fn causes(&self, name: &str) -> (bool, bool) {
        (self.defaults.contains(name), self.folds.contains(name))
    }
}

/// Which of a type's forms is written. A type that has an input type has two: the reader's,
/// what `parse` gives (every defaulted field there, every folded value the known one), and the
/// input's, what a writer may write (a defaulted field may be left out, a folded value may be
/// one the type does not know).
#[derive(Clone, Copy)]
pub(super) enum Form<'a> {
    /// The type as read: a defaulted field is there, and named types are their reader forms.
    Reader(&'a Inputs),
    /// The type as a writer may write it: a defaulted field is optional, and named types that
    /// have an input type are that.
    Input(&'a Inputs),
}

impl Form<'_> {
    /// The name of a schema type in this form.
    fn name(self, name: &str) -> String {
        match self {
            Form::Input(inputs) if inputs.contains(name) => input_type(name),
            _ => name.to_owned(),
        }
    }

    /// Whether a field's key is optional in this form.
    fn optional(self, field: &Field) -> bool {
        match self {
            Form::Reader(_) => field.presence.is_optional(),
            Form::Input(_) => field.presence.may_be_absent(),
        }
    }

    /// A type's docs in this form: a type with an input type says which form is which.
    fn docs(self, name: &str, docs: &Docs) -> Docs {
        match self {
            Form::Reader(inputs) if inputs.contains(name) => {
                let mut docs = docs.clone();
                if docs.iter().any(|line| !line.trim().is_empty()) {
                    docs.push(String::new());
                }
                let input = input_type(name);
                docs.extend(match inputs.causes(name) {
                    (true, false) => vec![
                        format!(
                            "As read (`parse{name}`): a field that has a default is always there, the"
                        ),
                        format!(
                            "default where the key was absent. `{input}` is what a writer may write, such"
                        ),
                        "fields left out.".to_owned(),
                    ],
                    (false, _) => vec![
                        format!(
                            "As read (`parse{name}`): a string or tag this build does not know, where a"
                        ),
                        format!(
                            "type marked `#[other(fold)]` takes it, is the value it folds into. `{input}`"
                        ),
                        "is what a writer may write, such strings and tags as sent.".to_owned(),
                    ],
                    (true, true) => vec![
                        format!(
                            "As read (`parse{name}`): a field that has a default is always there, and a"
                        ),
                        "string or tag this build does not know, where a type marked `#[other(fold)]`"
                            .to_owned(),
                        format!(
                            "takes it, is the value it folds into. `{input}` is what a writer may write:"
                        ),
                        "such fields left out, such strings and tags as sent.".to_owned(),
                    ],
                });
                docs
            }
            Form::Reader(_) => docs.clone(),
            Form::Input(inputs) => match inputs.causes(name) {
                (true, false) => vec![
                    format!(
                        "`{name}` as a writer may write it: a field that has a default may be left out,"
                    ),
                    format!(
                        "and reads as the default. `is{name}` says whether a value is one; `write{name}`"
                    ),
                    "gives the JSON a conforming writer writes of a value as read.".to_owned(),
                ],
                (false, _) => vec![
                    format!(
                        "`{name}` as a writer may write it: a string or tag this build does not know,"
                    ),
                    "where a type marked `#[other(fold)]` takes it, reads as the value it folds"
                        .to_owned(),
                    format!("into. `is{name}` says whether a value is one."),
                ],
                (true, true) => vec![
                    format!(
                        "`{name}` as a writer may write it: a field that has a default may be left out,"
                    ),
                    "and reads as the default; a string or tag this build does not know, where a"
                        .to_owned(),
                    "type marked `#[other(fold)]` takes it, reads as the value it folds into."
                        .to_owned(),
                    format!(
                        "`is{name}` says whether a value is one; `write{name}` gives the JSON a"
                    ),
                    "conforming writer writes of a value as read.".to_owned(),
                ],
            },
        }
    }
}

/// The type code reading a field by its wire key gets from a value as read (`parse<Name>`):
/// the field's type, `| null` as its presence says, and `| undefined` when the reader form
/// leaves the key optional. An exhaustive consumer binds each field to it.
pub fn read_field_type_text(field: &Field) -> String {
    let none = Inputs::default();
    let reader = Form::Reader(&none);
    let ty = field_type_text(field, &|name| reader.name(name));
    if reader.optional(field) {
        format!("{ty} | undefined")
    } else {
        ty
    }
}

/// The TypeScript type of a value type as read (`string[]`), as a newtype aliases it or an
/// untagged union's variant holds it.
pub fn value_type_text(ty: &Ty) -> String {
    type_text_with(ty, &str::to_owned)
}

/// The member of `union`'s reader type for `variant` (`{ card: 'text' } & TextCard`), what a
/// `switch` on the tag narrows a value to in the variant's case.
pub fn member_type_text(schema: &Schema, union: &UnionDef, variant: &Variant) -> String {
    member_type(schema, union, variant, Form::Reader(&Inputs::default()))
}

/// A TypeScript string literal of `value`, escaped as the output escapes every string.
pub fn string_literal_text(value: &str) -> String {
    string_literal(value)
}

/// One type in one form.
fn emit_type(w: &mut Writer, schema: &Schema, def: &TypeDef, form: Form) {
    match def {
        TypeDef::Struct(def) => emit_struct(w, schema, def, form),
        TypeDef::Newtype(def) => emit_newtype(w, def, form),
        TypeDef::Union(def) => emit_union(w, schema, def, form),
        TypeDef::Enum(def) => emit_enum(w, def, form),
        TypeDef::Untagged(def) => emit_untagged(w, def, form),
    }
}

/// An interface: the struct's standalone form, its fields and no tag of a union it sits in
/// (each union adds its tag in its members, see [`member_type`]), then an index signature that
/// says whether unknown keys are allowed when nothing else would.
fn emit_struct(w: &mut Writer, schema: &Schema, def: &StructDef, form: Form) {
    w.docs(&with_tags(
        form.docs(&def.name, &def.docs),
        examples(form, &def.examples),
        def.deprecated.as_ref(),
    ));
    w.line(&format!("export interface {} {{", form.name(&def.name)));
    w.indent();
    // A flattened struct's fields are this object's, as they are on the wire.
    let fields = schema.object_fields(def);
    for field in &fields {
        emit_field(w, field, form);
    }
    // A struct that drops unknown keys accepts them (and TypeScript objects may have more keys
    // than their interface says), but `parse` gives its fields alone.
    if def.keeps_unknown() || (!def.closed() && fields.is_empty()) {
        w.line("[key: string]: unknown;");
    } else if fields.is_empty() {
        // `{}` would accept any value but null and undefined, strings included.
        w.line("[key: string]: never;");
    }
    w.dedent();
    w.line("}");
}

/// One field: its docs (plus integer bounds, constraints and default), then `name: T;` or
/// `name?: T;` as the form says.
fn emit_field(w: &mut Writer, field: &Field, form: Form) {
    let mut docs = field.docs.clone();
    if let Some(note) = int_note(&field.ty) {
        docs.push(note);
    }
    docs.extend(constraint_notes(&field.constraints));
    if let Some(default) = &field.default {
        let value = json_text::compact(&default.value);
        docs.push(if default.omits() {
            format!("Default: `{value}`, which a writer writes as no key.")
        } else {
            format!("Default: `{value}`.")
        });
    }
    w.docs(&with_tags(docs, &field.examples, field.deprecated.as_ref()));
    let mark = if form.optional(field) { "?" } else { "" };
    w.line(&format!(
        "{}{mark}: {};",
        property_name(&field.wire_name),
        field_type_text(field, &|name| form.name(name))
    ));
}

/// A newtype: `export type SessionId = string;`, with its docs (plus integer bounds). The name
/// is an alias of the wrapped type, as it is on the wire, so any `string` is a `SessionId` to
/// TypeScript; `isSessionId` checks the rest.
fn emit_newtype(w: &mut Writer, def: &NewtypeDef, form: Form) {
    let mut docs = form.docs(&def.name, &def.docs);
    if let Some(note) = int_note(&def.ty) {
        docs.push(note);
    }
    w.docs(&with_tags(
        docs,
        examples(form, &def.examples),
        def.deprecated.as_ref(),
    ));
    let ty = type_text_with(&def.ty, &|name| form.name(name));
    emit_alias(w, &form.name(&def.name), &[&ty]);
}

/// A union of its members, one per variant (see [`member_type`]), with the tag values listed
/// in its docs.
fn emit_union(w: &mut Writer, schema: &Schema, def: &UnionDef, form: Form) {
    let members: Vec<(String, Docs)> = def
        .variants
        .iter()
        .map(|variant| {
            let docs = member_docs(&variant.docs, variant.deprecated.as_ref());
            (variant.tag_value.clone(), docs)
        })
        .collect();
    let docs = docs_with_members(&form.docs(&def.name, &def.docs), &members);
    let mut types: Vec<String> = def
        .variants
        .iter()
        .map(|variant| member_type(schema, def, variant, form))
        .collect();
    // The input form names the catch-all the reader form declares, or takes any tag a folding
    // union reads as its fold.
    if let (Some(other), Form::Input(_)) = (&def.other, form) {
        types.push(catch_all_type(&def.name, &other.name));
    } else if let (Some(_), Form::Input(_)) = (&def.fold, form) {
        types.push(format!(
            "{{ {}: string; [key: string]: unknown }}",
            property_name(&def.tag)
        ));
    } else if let Some(other) = &def.other {
        let name = catch_all_type(&def.name, &other.name);
        let what = format!(
            "A `{}` whose `{}` this build does not know: the whole object, as read.",
            def.name, def.tag
        );
        let shape = format!(
            "{{ readonly {}: string; readonly [key: string]: unknown; readonly [{}]: true }}",
            property_name(&def.tag),
            catch_all_brand(&name)
        );
        emit_catch_all(w, other, &name, &what, &shape);
        types.push(name);
    }
    w.docs(&with_tags(
        docs,
        examples(form, &def.examples),
        def.deprecated.as_ref(),
    ));
    let name = form.name(&def.name);
    if types.len() < 2 {
        let types: Vec<&str> = types.iter().map(String::as_str).collect();
        emit_alias(w, &name, &types);
        return;
    }
    // One member a line: each is an intersection, too long to read side by side.
    w.line(&format!("export type {name} ="));
    w.indent();
    let last = types.len() - 1;
    for (index, member) in types.iter().enumerate() {
        let end = if index == last { ";" } else { "" };
        w.line(&format!("| ({member}){end}"));
    }
    w.dedent();
}

/// The type of a union's member for one variant: the variant's payload, in its standalone form,
/// with the union's tag added, `{ card: 'generic' } & GenericCallView`. A nested union's
/// members add their own tag in turn, so `switch` narrows on either. A unit variant is its tag
/// alone (with an index signature when it keeps other keys), and so is a closed struct without
/// fields: its `[key: string]: never` would make the tag `never` too. The payload is named in
/// the form given.
pub(super) fn member_type(
    schema: &Schema,
    union: &UnionDef,
    variant: &Variant,
    form: Form,
) -> String {
    let tag = format!(
        "{{ {}: {} }}",
        property_name(&union.tag),
        string_literal(&variant.tag_value)
    );
    match (&variant.payload, schema.payload(variant)) {
        (None, _) if variant.unknown == UnknownFields::Keep => format!(
            "{{ {}: {}; [key: string]: unknown }}",
            property_name(&union.tag),
            string_literal(&variant.tag_value)
        ),
        (None, _) => tag,
        (_, Some(TypeDef::Struct(def))) if def.closed() && schema.object_fields(def).is_empty() => {
            tag
        }
        (Some(payload), _) => format!("{tag} & {}", form.name(payload)),
    }
}

/// An untagged union: the union of its variants' types, with the variants listed in its
/// docs.
fn emit_untagged(w: &mut Writer, def: &UntaggedDef, form: Form) {
    let members: Vec<(String, Docs)> = def
        .variants
        .iter()
        .map(|variant| (variant.name.clone(), variant.docs.clone()))
        .collect();
    let docs = docs_with_members(&form.docs(&def.name, &def.docs), &members);
    w.docs(&with_tags(
        docs,
        examples(form, &def.examples),
        def.deprecated.as_ref(),
    ));
    let types: Vec<String> = def
        .variants
        .iter()
        .map(|variant| type_text_with(&variant.ty, &|name| form.name(name)))
        .collect();
    let types: Vec<&str> = types.iter().map(String::as_str).collect();
    emit_alias(w, &form.name(&def.name), &types);
}

/// A union of string literals, with the values listed in its docs; the input form of an enum
/// that folds is any string.
fn emit_enum(w: &mut Writer, def: &EnumDef, form: Form) {
    if let Form::Input(_) = form {
        w.docs(&form.docs(&def.name, &def.docs));
        emit_alias(w, &form.name(&def.name), &["string"]);
        return;
    }
    let members: Vec<(String, Docs)> = def
        .values
        .iter()
        .map(|value| {
            let docs = member_docs(&value.docs, value.deprecated.as_ref());
            (value.wire_name.clone(), docs)
        })
        .collect();
    let docs = docs_with_members(&def.docs, &members);
    let mut literals: Vec<String> = def
        .values
        .iter()
        .map(|value| string_literal(&value.wire_name))
        .collect();
    if let Some(other) = &def.other {
        let name = catch_all_type(&def.name, &other.name);
        let what = format!("A `{}` string this build does not know, as read.", def.name);
        let shape = format!("string & {{ readonly [{}]: true }}", catch_all_brand(&name));
        emit_catch_all(w, other, &name, &what, &shape);
        literals.push(name);
    }
    w.docs(&with_tags(
        form.docs(&def.name, &docs),
        &def.examples,
        def.deprecated.as_ref(),
    ));
    let literals: Vec<&str> = literals.iter().map(String::as_str).collect();
    emit_alias(w, &def.name, &literals);
}

/// The type of an open union's or enum's catch-all, `shape` branded with a symbol the module
/// does not export: only a guard (`parse`, `is`) hands one out, so no code can build one
/// holding a tag or string the type knows without a cast. `is<Name>` (see the guards) tells
/// it from the known members.
fn emit_catch_all(w: &mut Writer, other: &CatchAll, name: &str, what: &str, shape: &str) {
    w.line(&format!(
        "declare const {}: unique symbol;",
        catch_all_brand(name)
    ));
    w.blank();
    let mut docs = other.docs.clone();
    if docs.is_empty() {
        docs.push(what.to_owned());
    }
    w.docs(&with_tags(
        docs,
        &Examples::new(),
        other.deprecated.as_ref(),
    ));
    w.line(&format!("export type {name} = {shape};"));
    w.blank();
}

/// `export type Name = A | B;`, or `never` when there is no member.
fn emit_alias(w: &mut Writer, name: &str, members: &[&str]) {
    let body = if members.is_empty() {
        "never".to_owned()
    } else {
        members.join(" | ")
    };
    w.line(&format!("export type {name} = {body};"));
}

/// The examples a form shows: the reader's, once; the input form points at its reader form.
fn examples<'a>(form: Form, examples: &'a Examples) -> &'a [JsonValue] {
    match form {
        Form::Reader(_) => examples,
        Form::Input(_) => &[],
    }
}

/// Docs ending in JSDoc's tags: an `@example` line for each example, then `@deprecated` with
/// the note when the item is deprecated.
fn with_tags(mut docs: Docs, examples: &[JsonValue], deprecated: Option<&Deprecated>) -> Docs {
    for example in examples {
        docs.push(format!("@example {}", json_text::compact(example)));
    }
    if let Some(deprecated) = deprecated {
        docs.push(match &deprecated.note {
            Some(note) => format!("@deprecated {note}"),
            None => "@deprecated".to_string(),
        });
    }
    docs
}

/// A union member's or enum value's docs, for the list in its type's docs: JSDoc has no tag
/// for one member of a type, so a deprecated one says so in words.
fn member_docs(docs: &Docs, deprecated: Option<&Deprecated>) -> Docs {
    let mut docs = docs.clone();
    if let Some(deprecated) = deprecated {
        docs.push(match &deprecated.note {
            Some(note) => format!("(Deprecated: {note})"),
            None => "(Deprecated.)".to_string(),
        });
    }
    docs
}

/// A type's docs followed by a list of its members' wire values and docs, as
/// ``- `value`: doc``. The list is left out when no member has docs.
fn docs_with_members(docs: &Docs, members: &[(String, Docs)]) -> Docs {
    let mut out = docs.clone();
    let documented = members
        .iter()
        .any(|(_, docs)| docs.iter().any(|line| !line.trim().is_empty()));
    if !documented {
        return out;
    }
    if out.iter().any(|line| !line.trim().is_empty()) {
        out.push(String::new());
    }
    for (value, docs) in members {
        let text: Vec<&str> = docs
            .iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .collect();
        if text.is_empty() {
            out.push(format!("- `{value}`"));
        } else {
            out.push(format!("- `{value}`: {}", text.join(" ")));
        }
    }
    out
}

/// The `assertNever` helper. Describing the value can itself throw (a cycle, a `bigint`, an
/// object without `toString`), so every attempt is guarded and only the intended `Error`
/// escapes.
/// `assertNever`, as an inline output and the shared runtime write it.
const ASSERT_NEVER: [&str; 15] = [
    "/** Marks a branch the type checker proves unreachable; throws if it is reached at run time. */",
    "export function assertNever(value: never): never {",
    "  let shown = 'a value that cannot be shown';",
    "  try {",
    "    const json: string | undefined = JSON.stringify(value);",
    "    shown = json === undefined ? String(value) : json;",
    "  } catch {",
    "    try {",
    "      shown = String(value);",
    "    } catch {",
    "      // Keep the fallback text.",
    "    }",
    "  }",
    "  throw new Error(`unexpected value: ${shown}`);",
    "}",
];

/// Writes `assertNever`, for exhaustive switches.
fn emit_assert_never(w: &mut Writer) {
    for line in ASSERT_NEVER {
        w.line(line);
    }
}
