// Child-process bookkeeping: every child the bench starts is registered here, and killAll()
// stops them (SIGTERM, then SIGKILL after a grace period). Only our own children, by pid.
import { fork, spawn } from "node:child_process";

const children = new Set();

function track(child, name) {
  child.benchName = name;
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export function spawnTracked(name, cmd, args, options) {
  return track(spawn(cmd, args, options), name);
}

export function forkTracked(name, modulePath, args = [], options = {}) {
  return track(fork(modulePath, args, { stdio: ["ignore", "inherit", "inherit", "ipc"], ...options }), name);
}

/** Resolves when the child has exited (immediately if it already has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", resolve));
}

/** SIGTERM one child; SIGKILL it if it has not exited after graceMs. */
export async function stop(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited(child);
  clearTimeout(timer);
}

export async function killAll(graceMs = 5000) {
  await Promise.all([...children].map((c) => stop(c, graceMs)));
}

/** Last-resort synchronous kill, for process 'exit' handlers. */
export function killAllNow() {
  for (const c of children) c.kill("SIGKILL");
}

/** Sends one message to a forked child and resolves with its first reply (or rejects on exit/timeout). */
export function ask(child, message, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${child.benchName} gave no answer within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    const onMessage = (msg) => {
      cleanup();
      if (msg && msg.error) reject(new Error(`${child.benchName}: ${msg.error}`));
      else resolve(msg);
    };
    const onExit = (code, signal) => {
      cleanup();
      reject(new Error(`${child.benchName} exited (code ${code}, signal ${signal}) before answering`));
    };
    function cleanup() {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
    }
    child.on("message", onMessage);
    child.on("exit", onExit);
    if (message !== undefined) child.send(message);
  });
}
