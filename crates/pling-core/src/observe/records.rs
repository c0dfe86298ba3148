//! The records section: full fields for rows in the viewport within the record budget, and
//! the citation index of ids.

use super::observation::{MAX_KEY_CHARS, MIN_SHORTENED};
use super::regions::Regions;
use crate::limits::Limits;
use crate::snapshot::{Index, Snapshot};
use crate::support::text::char_len;
use crate::trust::{data_line, shorten};
use std::fmt::Write as _;

/// Longest record id or label written in a line; longer ones are shortened with a mark.
const MAX_ID_CHARS: usize = 80;

/// The citation ids, within their own character allowance.
#[derive(Default)]
pub(super) struct Citation {
    pub(super) ids: Vec<String>,
    pub(super) chars: usize,
    pub(super) closed: bool,
}

/// Records: full fields for rows in the viewport within the record budget, ids for every
/// active row within the citation allowance.
pub(super) struct RecordPass {
    /// Per region: records not cited because it is inactive (at its top inactive region).
    pub(super) hidden: Vec<usize>,
    pub(super) lines: Vec<String>,
    /// The declared ids of the records in `lines`.
    pub(super) shown: Vec<String>,
    pub(super) chars: usize,
    full_closed: bool,
    pub(super) total: usize,
    pub(super) citation: Citation,
    pub(super) example: Option<String>,
    /// Whether an active record may be outside the viewport.
    pub(super) offscreen: bool,
    /// Fields of the first row left out whole because that row alone is too wide.
    pub(super) fields_left_out: Vec<String>,
    /// Fields left out of every row, so that every row in view is listed: see
    /// [`fields_to_leave_out`].
    pub(super) left_out_of_rows: Vec<String>,
}

impl RecordPass {
    pub(super) fn run(
        snapshot: &Snapshot,
        index: &Index,
        regions: &Regions<'_>,
        limits: &Limits,
        shortened: &mut usize,
        aliases: &crate::alias::Aliases,
    ) -> RecordPass {
        let mut pass = RecordPass {
            hidden: vec![0; snapshot.regions.len()],
            lines: Vec::new(),
            shown: Vec::new(),
            chars: 0,
            full_closed: limits.max_records == 0,
            total: 0,
            citation: Citation::default(),
            example: None,
            offscreen: false,
            fields_left_out: Vec::new(),
            left_out_of_rows: Vec::new(),
        };
        let wanted: Vec<(&crate::snapshot::Record, String)> = snapshot
            .records
            .iter()
            .enumerate()
            .filter(|(i, r)| {
                r.in_viewport != Some(false)
                    && index.record_region[*i].and_then(|g| regions.top_inactive[g]).is_none()
            })
            .take(limits.max_records)
            .map(|(_, r)| (r, data_line(&aliases.cite(&r.id), MAX_ID_CHARS).0))
            .collect();
        pass.left_out_of_rows = fields_to_leave_out(&wanted, limits.max_record_chars);
        for (i, r) in snapshot.records.iter().enumerate() {
            match index.record_region[i].and_then(|g| regions.top_inactive[g]) {
                Some(top) => pass.hidden[top] += 1,
                None => pass.record(r, &aliases.cite(&r.id), limits, shortened),
            }
        }
        for (i, set) in snapshot.record_ids.iter().enumerate() {
            let top = index.id_set_region[i].and_then(|g| regions.top_inactive[g]);
            pass.id_set(set, &index.detailed[i], top, limits, shortened, aliases);
        }
        pass
    }

    fn cite(&mut self, raw: &str, limits: &Limits, shortened: &mut usize) {
        let c = &mut self.citation;
        cite(raw, &mut c.ids, &mut c.chars, &mut c.closed, shortened, limits);
    }

    /// One active record (cited as `cited`): its full line while the budget lasts, and its
    /// citation id.
    pub(super) fn record(
        &mut self,
        r: &crate::snapshot::Record,
        cited: &str,
        limits: &Limits,
        shortened: &mut usize,
    ) {
        self.total += 1;
        self.offscreen |= r.in_viewport != Some(true);
        let wants_full = !self.full_closed && r.in_viewport != Some(false);
        if !wants_full && self.example.is_some() {
            if !self.citation.closed {
                self.cite(cited, limits, shortened);
            }
            return;
        }
        let (id, id_cut) = data_line(cited, MAX_ID_CHARS);
        if self.example.is_none() {
            self.example = Some(id.clone());
        }
        if wants_full {
            self.full_line(&id, r, limits, shortened);
        }
        if !self.citation.closed {
            *shortened += id_cut as usize;
            let c = &mut self.citation;
            cite_line(id, &mut c.ids, &mut c.chars, &mut c.closed, limits);
        }
    }

    /// The record's line with whole values (each up to [`RECORD_VALUE_CHARS`]) while
    /// `maxRecordChars` lasts. A row that does not fit is left out whole, with every row after
    /// it; only the first row, when it alone is too wide, keeps what fits and leaves out whole
    /// fields, which are named.
    fn full_line(
        &mut self,
        id: &str,
        r: &crate::snapshot::Record,
        limits: &Limits,
        shortened: &mut usize,
    ) {
        let remaining = limits.max_record_chars.saturating_sub(self.chars);
        let n = self.lines.len() + 1;
        let first = self.lines.is_empty();
        // Only the first row may leave fields out: later rows are whole or not shown.
        let room = if first { remaining.saturating_sub(1) } else { usize::MAX };
        let built = record_line(n, id, r, room, &self.left_out_of_rows);
        let len = char_len(&built.line) + 1;
        if len <= remaining {
            self.chars += len;
            *shortened += built.cut;
            self.lines.push(built.line);
            self.shown.push(r.id.clone());
            self.fields_left_out = built.left_out;
        } else if first && remaining > MIN_SHORTENED {
            let short = shorten(&built.line, remaining - 1).0.into_owned();
            self.chars += char_len(&short) + 1;
            *shortened += built.cut + 1;
            self.lines.push(short);
            self.shown.push(r.id.clone());
            self.fields_left_out = built.left_out;
            self.full_closed = true;
        } else {
            self.full_closed = true;
        }
        if self.lines.len() >= limits.max_records {
            self.full_closed = true;
        }
    }

    /// An id-only list: its ids not already counted as records are counted and cited.
    fn id_set(
        &mut self,
        set: &crate::snapshot::RecordIds,
        detailed: &[u32],
        hidden_at: Option<usize>,
        limits: &Limits,
        shortened: &mut usize,
        aliases: &crate::alias::Aliases,
    ) {
        let n = set.ids.len() - detailed.len();
        if let Some(top) = hidden_at {
            self.hidden[top] += n;
            return;
        }
        self.total += n;
        self.offscreen |= n > 0;
        let mut skip = detailed.iter().peekable();
        for (k, id) in set.ids.iter().enumerate() {
            if skip.peek().is_some_and(|&&p| p as usize == k) {
                skip.next();
                continue;
            }
            let id = aliases.cite(id);
            if self.example.is_none() {
                self.example = Some(data_line(&id, MAX_ID_CHARS).0);
            }
            if self.citation.closed {
                break;
            }
            self.cite(&id, limits, shortened);
        }
    }
}

/// The longest page-data value a record line keeps whole; a longer one is cut with its
/// visible mark. Rows are left out whole before values are cut further.
pub const RECORD_VALUE_CHARS: usize = 200;

/// One record line and what it had to leave out.
struct RecordLine {
    pub(super) line: String,
    /// Values shortened with a mark.
    pub(super) cut: usize,
    /// Fields left out whole because the line had no room for them.
    pub(super) left_out: Vec<String>,
}

/// The fields to leave out of every row so that all `rows` — the rows that want their fields,
/// in order — fit within `budget` characters: none when they fit whole; else the fields with
/// the longest values first, each left out whole, until they fit. A person sees every row in
/// view: each one listed by its id and label with its short fields says more than half of
/// them with every field and the rest as bare ids. None either when even ids and labels alone
/// would not fit: rows are then left out whole, each row shown whole or not at all.
fn fields_to_leave_out(rows: &[(&crate::snapshot::Record, String)], budget: usize) -> Vec<String> {
    let width = |skip: &[String]| -> usize {
        rows.iter()
            .enumerate()
            .map(|(k, (r, id))| char_len(&record_line(k + 1, id, r, usize::MAX, skip).line) + 1)
            .sum()
    };
    // One row too wide alone keeps what fits and names the rest (`RecordPass::full_line`).
    if rows.len() < 2 || width(&[]) <= budget {
        return Vec::new();
    }
    // Each field's longest value over the rows, in the order the fields first appear.
    let mut longest: Vec<(&str, usize)> = Vec::new();
    for (r, _) in rows {
        for (key, value) in r.fields.iter() {
            // Text is what runs long; a number or a flag is a few characters.
            let len = value.as_str().map_or(0, char_len);
            match longest.iter_mut().find(|(k, _)| *k == key.as_str()) {
                Some(known) => known.1 = known.1.max(len),
                None => longest.push((key.as_str(), len)),
            }
        }
    }
    let mut left_out = Vec::new();
    // The field with the longest value next (the first of equals), until the rows fit.
    while let Some(at) =
        (0..longest.len()).reduce(|a, b| if longest[b].1 > longest[a].1 { b } else { a })
    {
        left_out.push(longest.remove(at).0.to_owned());
        if width(&left_out) <= budget {
            return left_out;
        }
    }
    Vec::new()
}

/// `- 3. m3 (label): key value; …`, each value up to [`RECORD_VALUE_CHARS`]; a field that would
/// take the line past `room` characters is left out whole and named; the fields in `skip` are
/// left out of every row ([`fields_to_leave_out`]).
fn record_line(
    n: usize,
    id: &str,
    r: &crate::snapshot::Record,
    room: usize,
    skip: &[String],
) -> RecordLine {
    let mut line = format!("- {n}. {id}");
    let mut cut = 0usize;
    if let Some(label) = &r.label {
        let (label, c) = data_line(label.as_str(), RECORD_VALUE_CHARS);
        cut += c as usize;
        let _ = write!(line, " ({label})");
    }
    line.push(':');
    let mut len = char_len(&line);
    let mut left_out = Vec::new();
    let mut field = String::new();
    let mut kept = false;
    for (key, v) in r.fields.iter().filter(|(key, _)| !skip.contains(key)) {
        field.clear();
        field.push_str(if kept { "; " } else { " " });
        let (key, c) = data_line(key, MAX_KEY_CHARS);
        field.push_str(&key);
        field.push(' ');
        let c2 = crate::trust::data_value_capped(v, RECORD_VALUE_CHARS, &mut field);
        let field_len = char_len(&field);
        if len + field_len > room {
            left_out.push(key);
            continue;
        }
        cut += c as usize + c2 as usize;
        len += field_len;
        kept = true;
        line.push_str(&field);
    }
    if !kept && !left_out.is_empty() {
        // No field fits whole: the whole line, to be shortened with its mark, says more.
        return record_line(n, id, r, usize::MAX, skip);
    }
    RecordLine { line, cut, left_out }
}

/// The citation index gets this fraction of `maxRecordChars`: ids reach rows the model cannot
/// read anyway, so past a few dozen they cost more than they help; the rest are counted.
const CITATION_SHARE: usize = 4;

/// Adds a record id to the citation index while its allowance lasts.
fn cite(
    raw: &str,
    ids: &mut Vec<String>,
    used: &mut usize,
    closed: &mut bool,
    shortened: &mut usize,
    limits: &Limits,
) {
    let (id, cut) = data_line(raw, MAX_ID_CHARS);
    let before = ids.len();
    cite_line(id, ids, used, closed, limits);
    if ids.len() > before {
        *shortened += cut as usize;
    }
}

fn cite_line(
    id: String,
    ids: &mut Vec<String>,
    used: &mut usize,
    closed: &mut bool,
    limits: &Limits,
) {
    let len = char_len(&id) + if ids.is_empty() { 0 } else { 3 };
    if *used + len <= limits.max_record_chars / CITATION_SHARE {
        *used += len;
        ids.push(id);
    } else {
        *closed = true;
    }
}
