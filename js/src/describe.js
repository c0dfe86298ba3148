// What an action is in the person's words, read from a snapshot: its description and, for a
// row, the row's label and first fields. Every confirmation shows these — the chat's card,
// the browser's dialog for a call from `Pling.call`, the Agent Surface or WebMCP — so the
// person judges the row they know, not an id.

/** How many of a row's fields a confirmation shows, and how long each may be. */
const SHOWN_FIELDS = 4;
const FIELD_CHARS = 60;

/**
 * `toggle@t9` → "Mark the task done", “Write the weekly report”, its fields.
 * @param {any} snapshot the snapshot the call was checked against (or null)
 * @param {string} actionId
 * @param {string | null} [record]
 * @returns {{description: string, label: string | null, fields: [string, string][]}}
 */
export function describeAction(snapshot, actionId, record) {
  const at = actionId.indexOf('@');
  const declared = at > 0 && !snapshot?.actions.some((a) => a.id === actionId) ? actionId.slice(0, at) : actionId;
  const row = record ?? (at > 0 ? actionId.slice(at + 1) : null);
  const action = snapshot?.actions.find((a) => a.id === declared);
  const found = row === null ? undefined : snapshot?.records.find((r) => r.id === row);
  return { description: action?.description || action?.name || declared, label: found?.label ?? null, fields: fieldsOf(found) };
}

/**
 * A row's first fields as text, for a person to judge it by (masked values stay masked).
 * @param {{fields?: Record<string, unknown>} | undefined} record
 * @returns {[string, string][]}
 */
function fieldsOf(record) {
  return Object.entries(record?.fields ?? {})
    .filter(([, v]) => v !== null && v !== '' && typeof v !== 'object')
    .slice(0, SHOWN_FIELDS)
    .map(([k, v]) => {
      const text = String(v);
      return [k, text.length > FIELD_CHARS ? `${text.slice(0, FIELD_CHARS - 1)}…` : text];
    });
}
