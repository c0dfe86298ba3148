// Reading a request's or a response's body with a size cap, shared by the model client in the
// page and the model proxy on the server.

/**
 * The body as text, or `undefined` once it passes `max` bytes (the rest is not read).
 * @param {Request | Response} message
 * @param {number} max
 * @returns {Promise<string | undefined>}
 */
export async function readCapped(message, max) {
  if (!message.body) return message.text();
  const reader = message.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}
