// The local model for the evaluations (scripts/local-model): fetched and built first — on a
// fresh machine that alone takes about 15 minutes — then started, and ready once it answers a
// first completion.
import { spawn } from 'node:child_process';

/** Runs scripts/local-model with `args`, its messages on this process's stderr. */
function localModel(args) {
  const child = spawn('./scripts/local-model', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve) => child.on('exit', resolve));
}

/**
 * Prepares, starts and waits for the local model on `port`; its log goes to `log`.
 * @param {number} port
 * @param {string} log
 * @returns {Promise<{url: string, stop: () => void}>}
 */
export async function startLocalModel(port, log) {
  if ((await localModel(['prepare'])) !== 0) throw new Error('the local model could not be prepared (scripts/local-model prepare)');
  const server = spawn('bash', ['-c', `exec ./scripts/local-model start ${port} > ${log} 2>&1`], { stdio: 'ignore' });
  if ((await localModel(['wait', String(port), String(server.pid), log])) !== 0) {
    server.kill();
    throw new Error(`the local model did not start; its log: ${log}`);
  }
  return { url: `http://127.0.0.1:${port}/v1`, stop: () => server.kill() };
}
