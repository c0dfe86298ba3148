// A scripted model that behaves like a strong tool-calling model: it reads each request (the
// system message with the observation, the tools, the results of its last calls) and follows
// a plan, one step a request. A row it cannot see is found through the page's own ways (search,
// paging, filters) and then picked by its label in the next observation, never by an id known
// in advance. The same plan runs with native `tool_calls`, written as JSON text in `content`
// (the whole reply one call object, or an array of them for parallel calls), or as the
// structured replies a `response_format` schema allows (`{step: 'call', calls: [...]}`, the
// calls of a parallel move in one reply).
import { reply } from './model-server.mjs';

/**
 * @typedef {{name: string, arguments?: object}} Call
 * @typedef {{calls: Call[]} | {answer: string}} Move
 * @typedef {(seen: Seen) => Move} PlanStep
 * @typedef {'native' | 'text' | 'structured'} Variant
 */

/** Matches the page-data block that follows a heading (its brackets are private-use or `<`). */
const BLOCK = /[\uE000<]page_data>([\s\S]*?)[\uE000<]\/page_data>/;

/** What the model read in one request. */
export class Seen {
  /** @param {any} body the request body */
  constructor(body) {
    this.body = body;
    const first = body.messages[0];
    this.system = first?.role === 'system' ? String(first.content) : '';
    this.functions = functions(body);
    this.tools = this.functions.map((f) => f.name);
  }

  /** The name of the first parameter of the tool `name` (what a `type` action takes). */
  param(name) {
    const tool = this.functions.find((f) => f.name === name) ?? fail(`no tool ${name} was sent`);
    return Object.keys(tool.parameters?.properties ?? {})[0] ?? fail(`tool ${name} takes no parameter`);
  }

  /** The text of one `## Heading` section of the system message (up to the next heading). */
  section(heading) {
    const start = this.system.indexOf(`## ${heading}`);
    if (start < 0) return '';
    const end = this.system.indexOf('\n## ', start + 3);
    return this.system.slice(start, end < 0 ? undefined : end);
  }

  /** The records the observation lists in full: `{id, label, text}` (text: the whole line). */
  records() {
    return this.section('Records on this page').split('\n')
      .map((line) => /^- \d+\. (\S+)(?: \((.*)\))?:(.*)$/.exec(line))
      .filter(Boolean)
      .map(([text, id, label]) => ({ id, label: label ?? null, text }));
  }

  /** The id of the row whose label is `label` (it must be in this observation). */
  row(label) {
    const found = this.records().filter((r) => r.label === label || r.text.includes(`(${label}):`));
    if (found.length !== 1) throw new Error(`the model sees ${found.length} rows labelled “${label}” in this observation`);
    return found[0].id;
  }

  /** One field of a listed row, as written (`key value`, up to the next `; `). */
  field(id, key) {
    const record = this.records().find((r) => r.id === id) ?? fail(`no row ${id} in this observation`);
    const m = new RegExp(`[:;] ${key} (.*?)(?:; [a-z_]+ |$)`).exec(record.text);
    return m ? m[1] : fail(`row ${id} has no field ${key}`);
  }

  /** The page state the observation shows, parsed. */
  state() {
    const m = BLOCK.exec(this.section('Current page state'));
    return m ? JSON.parse(m[1]) : fail('no page state in this observation');
  }

  /** The tool results the request carries after the model's last reply, parsed. */
  lastResults() {
    const messages = this.body.messages;
    const out = [];
    for (let i = messages.length - 1; i >= 0 && messages[i].role === 'tool'; i--) out.unshift(parseResult(messages[i].content));
    return out;
  }
}

/**
 * The tools a request offers, `{name, parameters}`: its `tools`, or in structured mode the call
 * branches of its `response_format` schema.
 */
function functions(body) {
  if (body.tools) return body.tools.map((t) => t.function);
  const branches = body.response_format?.json_schema?.schema?.anyOf ?? [];
  const call = branches.find((b) => b.properties?.step?.const === 'call');
  return (call?.properties.calls.items.anyOf ?? [])
    .map((b) => ({ name: b.properties.action.const, parameters: b.properties.arguments }));
}

function fail(message) {
  throw new Error(message);
}

/** A tool message's JSON (`{result: {ok, error, …}}`) as its result, or the raw text. */
export function parseResult(content) {
  try {
    return JSON.parse(content).result ?? { raw: content };
  } catch {
    return { raw: String(content) };
  }
}

/**
 * The reply for one move in a variant.
 * @param {Move} move
 * @param {Variant} variant
 */
export function replyFor(move, variant) {
  if ('answer' in move) return reply.text(variant === 'structured' ? JSON.stringify({ step: 'answer', answer: move.answer }) : move.answer);
  const calls = move.calls.map((c) => ({ name: c.name, arguments: c.arguments ?? {} }));
  if (variant === 'native') return reply.calls(calls);
  if (variant === 'structured') {
    const listed = calls.map((c) => ({ action: c.name, arguments: c.arguments }));
    return reply.text(JSON.stringify({ step: 'call', calls: listed }));
  }
  return reply.text(JSON.stringify(calls.length === 1 ? calls[0] : calls));
}

/**
 * The model for one task: each request is answered by the plan step of its turn (the number of
 * assistant turns the request already carries). A plan that cannot go on (a row it cannot
 * find, a step past the plan) answers with a server error that names why, and keeps the reason.
 * @param {PlanStep[]} plan
 * @param {Variant} variant
 * @returns {{respond: (body: any) => object, problems: string[], answers: string[]}}
 */
export function capableModel(plan, variant) {
  const problems = [];
  const answers = [];
  const respond = (body) => {
    const turn = body.messages.filter((m) => m.role === 'assistant').length;
    try {
      const step = plan[turn] ?? fail(`request ${turn + 1} is past the plan of ${plan.length} steps`);
      const move = step(new Seen(body));
      if ('answer' in move) answers.push(move.answer);
      return replyFor(move, variant);
    } catch (error) {
      problems.push(String(error.message));
      return reply.error(500, `capable model: ${error.message}`);
    }
  };
  return { respond, problems, answers };
}
