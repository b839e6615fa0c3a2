//! Every reference to the behaviour reference in `docs/` names a section that exists, and
//! nothing outside `docs/` cites a section any other way (`docs/README.md`).
//!
//! A reference is `docs/<contract|curves|playback>.md` followed by one space and a section:
//! `§` with dot-separated numbers (`§4.3`, `§4.3.6`) or `Appendix` with a letter and optional
//! numbers (`Appendix B.2`). More sections of the same document may follow, each with its own
//! `§`, after `–` or `-` (a range), `, `, ` and ` or ` or `. Inside `docs/` a bare `§4.3`
//! means that section of the document it is written in. A section exists when a Markdown
//! heading outside a code block starts with it (`### §4.3 Solving …`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const DOCUMENTS: [&str; 3] = ["contract", "curves", "playback"];

/// What may join a further section of the same document onto a reference.
const CONTINUATIONS: [&str; 5] = ["–", "-", ", ", " and ", " or "];

fn workspace() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Every `.rs` and `.md` file under `dir`, skipping build output and hidden folders.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                sources(&path, found);
            }
        } else if name.ends_with(".rs") || name.ends_with(".md") {
            found.push(path);
        }
    }
}

/// The section a heading line defines, if any: `## §4.3 …` → `§4.3`, `## Appendix B — …` →
/// `Appendix B`.
fn heading_section(line: &str) -> Option<String> {
    let text = line
        .strip_prefix('#')?
        .trim_start_matches('#')
        .strip_prefix(' ')?;
    section_at(text).map(|(section, _)| section)
}

/// The sections of one document, from its headings.
fn sections_of(text: &str) -> BTreeSet<String> {
    let mut in_code = false;
    let mut sections = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && let Some(section) = heading_section(line) {
            sections.insert(section);
        }
    }
    sections
}

/// The length of the dot-separated numbers at the start of `text` (`4.3.6`, without a
/// trailing full stop).
fn numbers_at(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut end = digits(0);
    if end == 0 {
        return None;
    }
    while end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
        end += 1 + digits(end + 1);
    }
    Some(end)
}

/// A section named at the start of `text`, and its length in bytes.
fn section_at(text: &str) -> Option<(String, usize)> {
    if let Some(rest) = text.strip_prefix('§') {
        let len = numbers_at(rest)?;
        return Some((format!("§{}", &rest[..len]), '§'.len_utf8() + len));
    }
    let rest = text.strip_prefix("Appendix ")?;
    if !rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let mut len = 1;
    if rest[1..].starts_with('.') {
        len += 1 + numbers_at(&rest[2..])?;
    }
    Some((
        format!("Appendix {}", &rest[..len]),
        "Appendix ".len() + len,
    ))
}

/// One reference found in a file: where, which document, which section.
struct Reference {
    file: PathBuf,
    line: usize,
    document: String,
    section: String,
}

/// A `§` or `Appendix X` that no reference accounts for.
struct Stray {
    file: PathBuf,
    line: usize,
    text: String,
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

fn line_text(text: &str, at: usize) -> String {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    text[start..end].trim().to_string()
}

/// Where `text` names a section: each `§` and each `Appendix ` before a capital letter.
fn section_signs(text: &str) -> impl Iterator<Item = usize> + '_ {
    let signs = text.match_indices('§').map(|(at, _)| at);
    let appendices = text
        .match_indices("Appendix ")
        .map(|(at, _)| at)
        .filter(|&at| section_at(&text[at..]).is_some());
    signs.chain(appendices)
}

/// The canonical references of one file, and the byte offsets of the section signs they use.
fn canonical_references(file: &Path, text: &str) -> (Vec<Reference>, BTreeSet<usize>) {
    let mut references = Vec::new();
    let mut used = BTreeSet::new();
    for (at, _) in text.match_indices("docs/") {
        let after = &text[at + "docs/".len()..];
        let Some(document) = DOCUMENTS
            .iter()
            .find(|d| after.starts_with(&format!("{d}.md ")))
        else {
            continue;
        };
        let mut cursor = at + "docs/".len() + document.len() + ".md ".len();
        let mut first = true;
        while let Some((section, len)) = section_at(&text[cursor..]) {
            // A continuation must carry its own `§`; only the first section may be an appendix.
            if !first && !section.starts_with('§') {
                break;
            }
            used.insert(cursor);
            references.push(Reference {
                file: file.to_path_buf(),
                line: line_of(text, cursor),
                document: document.to_string(),
                section,
            });
            cursor += len;
            first = false;
            let Some(joint) = CONTINUATIONS
                .iter()
                .find(|c| text[cursor..].starts_with(&format!("{c}§")))
            else {
                break;
            };
            cursor += joint.len();
        }
    }
    (references, used)
}

/// Bare `§n` inside a docs document, read as sections of that document.
fn own_references(
    file: &Path,
    document: &str,
    text: &str,
    used: &BTreeSet<usize>,
) -> Vec<Reference> {
    text.match_indices('§')
        .filter(|(at, _)| !used.contains(at))
        .filter_map(|(at, _)| {
            let (section, _) = section_at(&text[at..])?;
            Some(Reference {
                file: file.to_path_buf(),
                line: line_of(text, at),
                document: document.to_string(),
                section,
            })
        })
        .collect()
}

struct Survey {
    sections: BTreeMap<String, BTreeSet<String>>,
    references: Vec<Reference>,
    strays: Vec<Stray>,
}

/// Every reference and stray of the workspace. This file is left out: its comments and test
/// strings show the forms rather than cite anything.
fn survey() -> Survey {
    let root = workspace();
    let docs = root.join("docs");
    let sections: BTreeMap<String, BTreeSet<String>> = DOCUMENTS
        .iter()
        .map(|d| {
            let path = docs.join(format!("{d}.md"));
            let text = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            (d.to_string(), sections_of(&text))
        })
        .collect();
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut references = Vec::new();
    let mut strays = Vec::new();
    for file in files {
        if file.ends_with(file!()) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        let relative = file.strip_prefix(&root).unwrap_or(&file).to_path_buf();
        let (found, used) = canonical_references(&relative, &text);
        references.extend(found);
        let own_document = relative
            .strip_prefix("docs")
            .ok()
            .and_then(|p| p.to_str())
            .and_then(|p| p.strip_suffix(".md"))
            .filter(|d| DOCUMENTS.contains(d));
        if let Some(document) = own_document {
            references.extend(own_references(&relative, document, &text, &used));
        } else if !relative.starts_with("docs") {
            for at in section_signs(&text).filter(|at| !used.contains(at)) {
                strays.push(Stray {
                    file: relative.clone(),
                    line: line_of(&text, at),
                    text: line_text(&text, at),
                });
            }
        }
    }
    Survey {
        sections,
        references,
        strays,
    }
}

#[test]
fn each_document_has_its_numbered_sections() {
    let survey = survey();
    for (document, least) in [("contract", "§6.3"), ("curves", "§7"), ("playback", "§10")] {
        let sections = &survey.sections[document];
        assert!(
            sections.contains("§1.1") && sections.contains(least),
            "docs/{document}.md: headings not found (have {sections:?})"
        );
    }
    assert!(survey.sections["contract"].contains("§4.3.6"));
    assert!(survey.sections["contract"].contains("Appendix B.4"));
}

#[test]
fn every_docs_reference_names_a_heading() {
    let survey = survey();
    assert!(!survey.references.is_empty(), "no reference found at all");
    let dangling: Vec<String> = survey
        .references
        .iter()
        .filter(|r| !survey.sections[&r.document].contains(&r.section))
        .map(|r| {
            format!(
                "{}:{}: docs/{}.md {} has no such heading",
                r.file.display(),
                r.line,
                r.document,
                r.section
            )
        })
        .collect();
    assert!(
        dangling.is_empty(),
        "{} dangling reference(s):\n{}",
        dangling.len(),
        dangling.join("\n")
    );
}

#[test]
fn no_section_sign_outside_a_docs_reference() {
    let survey = survey();
    let strays: Vec<String> = survey
        .strays
        .iter()
        .map(|s| format!("{}:{}: {}", s.file.display(), s.line, s.text))
        .collect();
    assert!(
        strays.is_empty(),
        "{} `§` or `Appendix` not part of a `docs/<document>.md §…` reference:\n{}",
        strays.len(),
        strays.join("\n")
    );
}

#[test]
fn the_parser_reads_the_forms_docs_readme_gives() {
    let text = "see docs/curves.md §4.3, docs/playback.md §3.5–§3.6 and §9, \
                docs/contract.md Appendix B.2; docs/curves.md alone; stray §1.";
    let (found, used) = canonical_references(Path::new("x.rs"), text);
    let named: Vec<String> = found
        .iter()
        .map(|r| format!("{} {}", r.document, r.section))
        .collect();
    assert_eq!(
        named,
        [
            "curves §4.3",
            "playback §3.5",
            "playback §3.6",
            "playback §9",
            "contract Appendix B.2"
        ]
    );
    assert_eq!(used.len(), 5);
    assert_eq!(
        heading_section("### §4.3.6 The rule"),
        Some("§4.3.6".into())
    );
    assert_eq!(
        heading_section("## Appendix A — header"),
        Some("Appendix A".into())
    );
    assert_eq!(heading_section("#### C15 — handles"), None);
}
