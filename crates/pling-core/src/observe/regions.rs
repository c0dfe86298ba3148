//! The region tree: each region's effective activity, its path and its place in page order.

use crate::snapshot::{Index, Snapshot};
use crate::support::text::char_len;
use crate::trust::authored_line;

/// Longest region path (`Main > Todo list`) in a `region:` tag; a deeper one keeps its
/// innermost names behind `… > `.
pub const MAX_PATH_CHARS: usize = 120;

pub(super) struct Regions<'a> {
    pub(super) snapshot: &'a Snapshot,
    /// Effective activity: the region and all its ancestors are active.
    pub(super) active: Vec<bool>,
    /// For an inactive region, the top of its inactive subtree.
    pub(super) top_inactive: Vec<Option<usize>>,
    /// `Main > Todo list` for each region.
    pub(super) paths: Vec<String>,
    /// Regions in preorder with their depth.
    pub(super) preorder: Vec<(usize, usize)>,
}

impl<'a> Regions<'a> {
    pub(super) fn new(snapshot: &'a Snapshot, index: &Index) -> Self {
        let n = snapshot.regions.len();
        let mut children: Vec<Vec<usize>> = crate::support::list::defaults(n);
        let mut roots = Vec::new();
        for (i, p) in index.parent.iter().enumerate() {
            match p {
                Some(p) => children[*p].push(i),
                None => roots.push(i),
            }
        }
        let mut active = vec![true; n];
        let mut top_inactive = vec![None; n];
        let mut paths: Vec<String> = crate::support::list::defaults(n);
        let mut preorder = Vec::with_capacity(n);
        let mut stack = Vec::with_capacity(n);
        for &r in roots.iter().rev() {
            stack.push((r, 0));
        }
        while let Some((r, depth)) = stack.pop() {
            let region = &snapshot.regions[r];
            let name = authored_line(region.name.as_str());
            match index.parent[r] {
                Some(p) => {
                    active[r] = active[p] && region.active;
                    top_inactive[r] = top_inactive[p].or((!region.active).then_some(r));
                    paths[r] = bounded_path(&paths[p], &name);
                }
                None => {
                    active[r] = region.active;
                    top_inactive[r] = (!region.active).then_some(r);
                    paths[r] = bounded_path("", &name);
                }
            }
            preorder.push((r, depth));
            for &c in children[r].iter().rev() {
                stack.push((c, depth + 1));
            }
        }
        Self { snapshot, active, top_inactive, paths, preorder }
    }

    pub(super) fn path(&self, region: Option<usize>) -> String {
        // Every path is at most MAX_PATH_CHARS: cloning one costs the same at any depth.
        region.map(|r| self.paths[r].clone()).unwrap_or_default()
    }
}

/// `parent > name`, keeping the innermost part within [`MAX_PATH_CHARS`].
fn bounded_path(parent: &str, name: &str) -> String {
    let full = if parent.is_empty() { name.to_owned() } else { format!("{parent} > {name}") };
    let len = char_len(&full);
    if len <= MAX_PATH_CHARS {
        return full;
    }
    let start = crate::support::text::char_at(&full, len - (MAX_PATH_CHARS - 4));
    // `char_at` gives a character boundary, so the split always succeeds.
    let tail = full.split_at_checked(start).map_or(full.as_str(), |(_, tail)| tail);
    format!("… > {}", tail.trim_start_matches(['>', ' ']))
}
