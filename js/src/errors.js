// Errors the shim throws to page authors.

/** A declaration Pling cannot use; the message names the declaration and what is wrong. */
export class PlingDeclarationError extends Error {
  /**
   * @param {string} declaration e.g. `action "add_todo"`
   * @param {string} problem
   */
  constructor(declaration, problem) {
    super(`${declaration}: ${problem}`);
    this.name = 'PlingDeclarationError';
    this.declaration = declaration;
  }
}

/**
 * Reports a malformed declaration: always to the console, and thrown when `rethrow`.
 * @param {PlingDeclarationError} error
 * @param {boolean} rethrow
 */
export function reportDeclaration(error, rethrow) {
  console.error(`[pling] ${error.message}`);
  if (rethrow) throw error;
}

/** @param {unknown} error @returns {string} */
export function messageOf(error) {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
