// Generated from the Rust source of pling-core by `cargo test -p pling-core --test
// contract`; do not edit by hand. The values the core accepts, for checking a
// declaration when it is made.

/** What kind of interaction an action is. */
export const KINDS = Object.freeze(['click', 'type', 'select', 'navigate', 'scroll', 'submit']);

/** Whether an action only reads or also changes something. */
export const EFFECTS = Object.freeze(['read', 'write']);

/** How serious a feedback item is. */
export const FEEDBACK_KINDS = Object.freeze(['error', 'warning', 'status']);

/**
 * What an action's `expects` may name, besides `state.<name>` for one state group: the
 * changes a receipt tells apart.
 */
export const EXPECTATIONS = Object.freeze(['records', 'records.added', 'records.removed', 'records.shown', 'records.hidden', 'records.changed', 'state', 'page', 'feedback', 'actions']);

/**
 * Records a snapshot carries with their fields: up to this many, every one (a search can then
 * find a row by its fields anywhere); above it, only rows in the viewport — the only ones an
 * observation shows in full — and the rest by id, in `Snapshot::record_ids`.
 */
export const FULL_FIELDS_LIMIT = 500;

/**
 * What a value marked sensitive reads as in a snapshot: the shim writes it in place of the
 * value, and the rules tell the model what it means.
 */
export const MASK = '[masked]';
