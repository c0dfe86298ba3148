// Errors Pling throws to page authors: one base class, one subclass a kind, each with a
// `code` and, where known, `what` (the declaration, control or option) and `where` (the path
// in the snapshot). Errors the engine raises arrive with a name and are rebuilt as these.

/** Every error Pling throws. */
export class PlingError extends Error {
  /**
   * @param {string} message
   * @param {{code?: string, what?: string, where?: string, cause?: unknown}} [details]
   */
  constructor(message, details = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    /** @type {string} */
    this.code = details.code ?? 'error';
    /** @type {string | undefined} */
    this.what = details.what;
    /** @type {string | undefined} */
    this.where = details.where;
  }
}

/** A declaration Pling cannot use; the message names the declaration and what is wrong. */
export class PlingDeclarationError extends PlingError {
  /**
   * @param {string} declaration e.g. `action "add_todo"`
   * @param {string} problem
   */
  constructor(declaration, problem) {
    super(`${declaration}: ${problem}`, { code: 'declaration', what: declaration });
    this.declaration = declaration;
  }
}

/** A snapshot the engine rejects; `where` is the path of the bad value (`actions[0].rows`). */
export class PlingSnapshotError extends PlingError {}
/** A limit that is not usable; `what` names the control (`maxRecords`). */
export class PlingLimitsError extends PlingError {}
/** A call that does not resolve to an action the model was shown. */
export class PlingCallError extends PlingError {}
/** An option that is not usable; `what` names it. */
export class PlingConfigError extends PlingError {}
/** The engine is not loaded, could not load, or failed inside (`code: 'panic'`). */
export class PlingEngineError extends PlingError {}

const FROM_ENGINE = {
  PlingSnapshotError: [PlingSnapshotError, 'snapshot'],
  PlingLimitsError: [PlingLimitsError, 'limits'],
  PlingCallError: [PlingCallError, 'call'],
  PlingConfigError: [PlingConfigError, 'config'],
  PlingAssistantError: [PlingError, 'assistant'],
  PlingError: [PlingError, 'engine'],
};

/**
 * An error raised inside the engine, as the class its name says; anything else as it is.
 * @param {unknown} error
 * @returns {unknown}
 */
export function fromEngine(error) {
  if (!(error instanceof Error) || error instanceof PlingError) return error;
  const known = FROM_ENGINE[/** @type {keyof typeof FROM_ENGINE} */ (error.name)];
  if (!known) return error;
  const [Kind, code] = known;
  // The engine sets `where` and `what` on the error it throws.
  const { where, what } = /** @type {{where?: unknown, what?: unknown}} */ (error);
  return new Kind(error.message, { code, where: typeof where === 'string' ? where : undefined, what: typeof what === 'string' ? what : undefined, cause: error });
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

/**
 * What a thrown value says, for a person or a model. Never throws, whatever was thrown: an
 * object whose `message` getter, `toString` and JSON form all throw (or a revoked proxy) is
 * described by its kind alone (`fallback` words it).
 * @param {unknown} error
 * @param {(kind: string) => string} [fallback]
 * @returns {string}
 */
export function messageOf(error, fallback = (kind) => `an unreadable thrown ${kind}`) {
  for (const read of [messageText, jsonText, plainText]) {
    try {
      const text = read(error);
      if (typeof text === 'string' && text !== '') return text;
    } catch {
      // this reading threw: try the next
    }
  }
  return fallback(kindOf(error));
}

/** @param {unknown} error */
function messageText(error) {
  if (typeof error === 'string') return error;
  if (error instanceof Error) {
    const { message, name } = error;
    return (typeof message === 'string' && message) || (typeof name === 'string' ? name : undefined);
  }
  return undefined;
}

/** @param {unknown} error */
function jsonText(error) {
  return error instanceof Error ? undefined : JSON.stringify(error);
}

/** @param {unknown} error */
function plainText(error) {
  const text = String(error);
  return typeof text === 'string' ? text : undefined;
}

/** @param {unknown} error */
function kindOf(error) {
  try {
    if (error === null) return 'null';
    if (Array.isArray(error)) return 'array';
    return typeof error;
  } catch {
    return 'value'; // a revoked proxy
  }
}
