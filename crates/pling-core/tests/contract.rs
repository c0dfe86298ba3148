//! The TypeScript types of the contract between `js/` and the core — the snapshot the shim
//! builds and the limits a page may set — generated from the Rust types themselves, read from
//! their source with `syn`: field names follow serde's renames, a field with a serde default
//! or of type `Option` is optional (the shape the core *accepts*; a struct-wide default is left
//! to `Partial<>` where it is taken), doc comments become JSDoc.
//! The enumerations and the `expects` vocabulary are also written as JS constants
//! (`js/src/contract.js`), which the shim checks declarations with, so both sides hold one
//! policy. Both files are checked in (`snapshot.d.ts` is re-exported by `index.d.ts`); this
//! test fails when they no longer match the Rust source. `PLING_BLESS=1` rewrites them.

use std::fmt::Write as _;
use syn::{Attribute, Expr, Fields, GenericArgument, Item, Lit, Meta, PathArguments, Type};

const SOURCES: &[&str] = &["src/snapshot/mod.rs", "src/trust.rs", "src/limits.rs"];
const OUT: &str = "../../js/src/snapshot.d.ts";
const JS_OUT: &str = "../../js/src/contract.js";

/// The runtime constants of `contract.js`: (Rust enum or `&[&str]` const, JS name).
const JS_CONSTANTS: &[(&str, &str)] = &[
    ("ActionKind", "KINDS"),
    ("Effect", "EFFECTS"),
    ("FeedbackKind", "FEEDBACK_KINDS"),
    ("EXPECTATIONS", "EXPECTATIONS"),
    ("FULL_FIELDS_LIMIT", "FULL_FIELDS_LIMIT"),
    ("MASK", "MASK"),
];

/// The types the contract is made of, in the order they are written.
const EXPORTED: &[&str] = &[
    "Snapshot",
    "PageIdentity",
    "Region",
    "Action",
    "ActionKind",
    "Effect",
    "RowSet",
    "RowException",
    "Record",
    "RecordIds",
    "StateGroup",
    "Feedback",
    "FeedbackKind",
    "Limits",
];

/// Rust names that would shadow a TypeScript built-in, and the name each is written as.
const TS_NAMES: &[(&str, &str)] = &[("Record", "PageRecord")];

fn ts_name(rust: &str) -> String {
    TS_NAMES.iter().find(|(r, _)| *r == rust).map_or(rust, |(_, t)| t).to_owned()
}

/// What serde's attributes on one item or field say.
#[derive(Default)]
struct Serde {
    rename: Option<String>,
    rename_all: Option<String>,
    default: bool,
    skip: bool,
    transparent: bool,
}

fn serde_of(attrs: &[Attribute]) -> Serde {
    let mut s = Serde::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|m| {
            let word = m.path.get_ident().map(ToString::to_string).unwrap_or_default();
            let value = || -> Option<String> {
                let lit: Lit = m.value().ok()?.parse().ok()?;
                if let Lit::Str(s) = lit {
                    Some(s.value())
                } else {
                    None
                }
            };
            match word.as_str() {
                "rename" => s.rename = value(),
                "rename_all" => s.rename_all = value(),
                "default" => {
                    s.default = true;
                    if m.input.peek(syn::Token![=]) {
                        let _ = value();
                    }
                }
                "skip" | "skip_deserializing" => s.skip = true,
                "transparent" => s.transparent = true,
                _ => {
                    if m.input.peek(syn::Token![=]) {
                        let _ = value();
                    }
                }
            }
            Ok(())
        });
    }
    s
}

fn docs(attrs: &[Attribute]) -> Vec<String> {
    let mut lines = Vec::new();
    for attr in attrs {
        if let Meta::NameValue(nv) = &attr.meta {
            if nv.path.is_ident("doc") {
                if let Expr::Lit(syn::ExprLit { lit: Lit::Str(s), .. }) = &nv.value {
                    let line = s.value().trim().replace("*/", "*\\/");
                    lines.push(line.replace("[`", "`").replace("`]", "`"));
                }
            }
        }
    }
    lines
}

fn jsdoc(out: &mut String, indent: &str, lines: &[String]) {
    let lines: Vec<&String> = lines.iter().filter(|l| !l.is_empty()).collect();
    match lines.as_slice() {
        [] => {}
        [one] => {
            let _ = writeln!(out, "{indent}/** {one} */");
        }
        many => {
            let _ = writeln!(out, "{indent}/**");
            for l in many {
                let _ = writeln!(out, "{indent} * {l}");
            }
            let _ = writeln!(out, "{indent} */");
        }
    }
}

fn renamed(name: &str, rule: Option<&str>) -> String {
    match rule {
        Some("camelCase") => {
            let mut out = String::new();
            let mut upper = false;
            for c in name.chars() {
                if c == '_' {
                    upper = true;
                } else if upper {
                    out.extend(c.to_uppercase());
                    upper = false;
                } else {
                    out.push(c);
                }
            }
            out
        }
        Some("lowercase") => name.to_lowercase(),
        None => name.to_owned(),
        Some(other) => panic!("rename_all = {other:?} is not handled by the generator"),
    }
}

/// The generic arguments of a path type's last segment.
fn args(ty: &syn::TypePath) -> Vec<&Type> {
    match &ty.path.segments.last().expect("a type has a name").arguments {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| if let GenericArgument::Type(t) = g { Some(t) } else { None })
            .collect(),
        _ => Vec::new(),
    }
}

/// A Rust type as TypeScript, and whether it was an `Option`.
fn ts_type(ty: &Type, transparent: &[(String, String)]) -> (String, bool) {
    let Type::Path(p) = ty else { panic!("the generator handles named types only") };
    let name = p.path.segments.last().expect("named").ident.to_string();
    let inner = |i: usize| ts_type(args(p)[i], transparent).0;
    let ts = match name.as_str() {
        "Option" => return (inner(0), true),
        // Shared, it is written as what it shares.
        "Rc" | "Arc" => return ts_type(args(p)[0], transparent),
        "String" | "str" => "string".to_owned(),
        "bool" => "boolean".to_owned(),
        "u8" | "u16" | "u32" | "u64" | "usize" | "i32" | "i64" | "f32" | "f64" => {
            "number".to_owned()
        }
        "Vec" => {
            let t = inner(0);
            if t.contains(' ') {
                format!("Array<{t}>")
            } else {
                format!("{t}[]")
            }
        }
        "BTreeMap" | "HashMap" | "FxHashMap" => format!("Record<string, {}>", inner(1)),
        "Map" => "Record<string, unknown>".to_owned(),
        "Value" => "unknown".to_owned(),
        other => transparent
            .iter()
            .find(|(n, _)| n == other)
            .map_or_else(|| ts_name(other), |(_, t)| t.clone()),
    };
    (ts, false)
}

/// Every struct and enum of the sources, by name.
fn items() -> Vec<Item> {
    let root = env!("CARGO_MANIFEST_DIR");
    SOURCES
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(format!("{root}/{f}")).expect("source reads");
            syn::parse_file(&text).expect("source parses").items
        })
        .filter(|i| matches!(i, Item::Struct(_) | Item::Enum(_) | Item::Const(_)))
        .collect()
}

/// `#[serde(transparent)]` newtypes: written as the type they wrap.
fn transparents(items: &[Item]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for item in items {
        if let Item::Struct(s) = item {
            if serde_of(&s.attrs).transparent {
                let field = s.fields.iter().next().expect("a newtype has a field");
                out.push((s.ident.to_string(), ts_type(&field.ty, &out).0));
            }
        }
    }
    out
}

fn interface(out: &mut String, s: &syn::ItemStruct, transparent: &[(String, String)]) {
    let container = serde_of(&s.attrs);
    let Fields::Named(fields) = &s.fields else { panic!("{} has unnamed fields", s.ident) };
    jsdoc(out, "", &docs(&s.attrs));
    let _ = writeln!(out, "export interface {} {{", ts_name(&s.ident.to_string()));
    for f in &fields.named {
        let attrs = serde_of(&f.attrs);
        if attrs.skip {
            continue;
        }
        let rust = f.ident.as_ref().expect("named").to_string();
        let name = attrs.rename.unwrap_or_else(|| renamed(&rust, container.rename_all.as_deref()));
        let (ty, option) = ts_type(&f.ty, transparent);
        // A container-wide default (`Limits`) keeps the fields required: the type then also
        // describes the whole value (`defaultLimits()`), and inputs take `Partial<Limits>`.
        let optional = option || attrs.default;
        jsdoc(out, "  ", &docs(&f.attrs));
        // An `Option` also takes `null`; a defaulted field only its type, or nothing.
        let ty = if option { format!("{ty} | null") } else { ty };
        let _ = writeln!(out, "  {name}{}: {ty};", if optional { "?" } else { "" });
    }
    out.push_str("}\n");
}

/// An enum's values as serde writes them.
fn variants(e: &syn::ItemEnum) -> Vec<String> {
    let container = serde_of(&e.attrs);
    e.variants
        .iter()
        .map(|v| {
            assert!(matches!(v.fields, Fields::Unit), "{}::{} carries data", e.ident, v.ident);
            serde_of(&v.attrs)
                .rename
                .unwrap_or_else(|| renamed(&v.ident.to_string(), container.rename_all.as_deref()))
        })
        .collect()
}

fn union(out: &mut String, e: &syn::ItemEnum) {
    jsdoc(out, "", &docs(&e.attrs));
    let quoted: Vec<String> = variants(e).iter().map(|v| format!("'{v}'")).collect();
    let _ = writeln!(out, "export type {} = {};", e.ident, quoted.join(" | "));
}

fn frozen(values: &[String]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("'{v}'")).collect();
    format!("Object.freeze([{}])", quoted.join(", "))
}

/// A const as JS: an integer, or the strings of `&[...]` as a frozen array.
fn constant(c: &syn::ItemConst) -> String {
    if let Expr::Lit(syn::ExprLit { lit: Lit::Int(n), .. }) = &*c.expr {
        return n.base10_digits().to_owned();
    }
    if let Expr::Lit(syn::ExprLit { lit: Lit::Str(text), .. }) = &*c.expr {
        return format!("'{}'", text.value());
    }
    frozen(&strings(c))
}

/// The strings of a `const X: &[&str] = &[...]`.
fn strings(c: &syn::ItemConst) -> Vec<String> {
    let Expr::Reference(r) = &*c.expr else { panic!("{} is not `&[...]`", c.ident) };
    let Expr::Array(a) = &*r.expr else { panic!("{} is not `&[...]`", c.ident) };
    a.elems
        .iter()
        .map(|e| match e {
            Expr::Lit(syn::ExprLit { lit: Lit::Str(s), .. }) => s.value(),
            _ => panic!("{} holds something other than strings", c.ident),
        })
        .collect()
}

fn find<'a>(items: &'a [Item], name: &str) -> &'a Item {
    items
        .iter()
        .find(|i| match i {
            Item::Struct(s) => s.ident == name,
            Item::Enum(e) => e.ident == name,
            Item::Const(c) => c.ident == name,
            _ => false,
        })
        .unwrap_or_else(|| panic!("no item {name} in {SOURCES:?}"))
}

/// `contract.js`: the enumerations and the `expects` vocabulary as frozen arrays.
fn generate_js() -> String {
    let items = items();
    let mut out = String::from(
        "// Generated from the Rust source of pling-core by `cargo test -p pling-core --test\n\
         // contract`; do not edit by hand. The values the core accepts, for checking a\n\
         // declaration when it is made.\n",
    );
    for (rust, js) in JS_CONSTANTS {
        let (doc, value) = match find(&items, rust) {
            Item::Enum(e) => (docs(&e.attrs), frozen(&variants(e))),
            Item::Const(c) => (docs(&c.attrs), constant(c)),
            _ => panic!("{rust} is neither an enum nor a const"),
        };
        out.push('\n');
        jsdoc(&mut out, "", &doc);
        let _ = writeln!(out, "export const {js} = {value};");
    }
    out
}

fn generate() -> String {
    let items = items();
    let transparent = transparents(&items);
    let mut out = String::from(
        "// Generated from the Rust types of pling-core (src/snapshot/mod.rs, src/trust.rs,\n\
         // src/limits.rs) by `cargo test -p pling-core --test contract`; do not edit by hand.\n\
         // `PLING_BLESS=1` with that command writes it again after the Rust types change.\n",
    );
    for name in EXPORTED {
        out.push('\n');
        match find(&items, name) {
            Item::Struct(s) => interface(&mut out, s, &transparent),
            Item::Enum(e) => union(&mut out, e),
            _ => unreachable!(),
        }
    }
    out
}

/// The checked-in file at `relative` is `generated` (or becomes it with `PLING_BLESS=1`).
fn matches_checked_in(relative: &str, generated: &str) {
    let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("PLING_BLESS").is_some() {
        std::fs::write(&path, generated).expect("writes the contract");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{relative} is not what the Rust source says: run `PLING_BLESS=1 cargo test -p pling-core --test contract` and commit it"
    );
}

#[test]
fn the_typescript_contract_matches_the_rust_types() {
    matches_checked_in(OUT, &generate());
}

#[test]
fn the_js_constants_match_the_rust_source() {
    let js = generate_js();
    matches_checked_in(JS_OUT, &js);
    // The vocabulary is the core's own, not a copy that could drift.
    for e in pling_core::EXPECTATIONS {
        assert!(js.contains(&format!("'{e}'")), "{e} is missing from contract.js");
    }
    assert!(js.contains("export const KINDS = Object.freeze(['click', 'type', 'select', 'navigate', 'scroll', 'submit']);"), "{js}");
}

/// Every type the contract's interfaces name is itself in the contract (or a TS built-in).
#[test]
fn the_contract_names_no_type_it_does_not_define() {
    let generated = generate();
    let known = ["string", "number", "boolean", "unknown", "null", "Record", "Array"];
    let fields = generated.lines().filter(|l| {
        let t = l.trim_start();
        l.starts_with("  ") && !t.starts_with('/') && !t.starts_with('*') && t.contains(": ")
    });
    for line in fields {
        let ty = line.split_once(": ").expect("a field").1.trim_end_matches(';');
        for word in ty.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
            assert!(
                known.contains(&word) || EXPORTED.iter().any(|&name| ts_name(name) == word),
                "`{line}` names {word}, which the contract does not define"
            );
        }
    }
}
