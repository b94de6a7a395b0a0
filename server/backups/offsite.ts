import { spawn } from "node:child_process";
import path from "node:path";

// The off-site copy (decision 0046): after each scheduled backup, the operator's command
// (BACKUP_OFFSITE_COMMAND, e.g. `rclone copy {file} remote:shop-backups`) receives the file. The
// command is split into words here and run without a shell, the file's path put in place of
// `{file}` inside a word: no file name or variable can become shell syntax.

/** Characters that mean something only to a shell; unquoted, they are refused rather than passed on. */
const SHELL_SYNTAX = /[|&;<>`$]/;
const FILE_PLACEHOLDER = "{file}";

/**
 * The words of a command as a POSIX shell splits them (blanks between words, '…' literal,
 * "…" with \" and \\, a backslash escaping the next character), or what is wrong with it.
 */
export function commandWords(command: string): { words: string[] } | { problem: string } {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && (command[i + 1] === '"' || command[i + 1] === "\\")) word += command[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "\\") {
      if (i + 1 < command.length) word = (word ?? "") + command[++i];
    } else if (SHELL_SYNTAX.test(c)) {
      return {
        problem: `"${c}" is shell syntax, and the command runs without a shell: quote it, or put pipes, redirections and several commands in a script and give the script`,
      };
    } else {
      word = (word ?? "") + c;
    }
  }
  if (quote) return { problem: `a ${quote === "'" ? "single" : "double"} quote is not closed` };
  if (word !== null) words.push(word);
  if (!words.length) return { problem: "the command is empty" };
  return { words };
}

/** The environment variables the command does not get: the shop's own secrets. */
const WITHHELD = ["BACKUP_PASSPHRASE", "DATABASE_URL", "PAYSTACK_SECRET_KEY", "SMTP_URL"];

export type OffsiteCopy = { ok: true } | { ok: false; error: string };

/** At most this much of the command's output is kept to say why it failed. */
const OUTPUT_KEPT = 600;
/** After the timeout's SIGTERM, how long the command has to end before SIGKILL. */
const KILL_AFTER_MS = 5_000;

/**
 * Runs the off-site command for `file`: `{file}` in any word becomes the path, and the variable
 * BACKUP_FILE holds it too (a command without `{file}`, such as one that copies the whole folder,
 * gets it only there). Succeeds on exit code 0 within
 * `timeoutMs`; otherwise says why, with the end of what the command printed.
 */
export function copyOffsite(words: string[], file: string, timeoutMs: number): Promise<OffsiteCopy> {
  const [program, ...args] = words.map((w) => w.replaceAll(FILE_PLACEHOLDER, file));
  const name = path.basename(words[0]);
  const env: NodeJS.ProcessEnv = { ...process.env, BACKUP_FILE: file };
  for (const key of WITHHELD) delete env[key];
  return new Promise((resolve) => {
    let output = "";
    let timedOut = false;
    let killer: NodeJS.Timeout | undefined;
    // Its own process group, so that a timeout stops what it started too (a script's uploader).
    const child = spawn(program, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString("utf8")).slice(-OUTPUT_KEPT * 2));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup("SIGTERM");
      killer = setTimeout(() => signalGroup("SIGKILL"), KILL_AFTER_MS);
    }, timeoutMs);
    const said = () => {
      const text = output.trim().replace(/\s+/g, " ").slice(-OUTPUT_KEPT);
      return text ? `: ${text}` : "";
    };
    const finish = (copy: OffsiteCopy) => {
      clearTimeout(timer);
      clearTimeout(killer);
      resolve(copy);
    };
    child.once("error", (error) => finish({ ok: false, error: `The off-site copy failed: could not start ${name} (${error.message}).` }));
    child.once("exit", (code, signal) => {
      const outcome = (): OffsiteCopy => {
        if (timedOut)
          return { ok: false, error: `The off-site copy failed: ${name} did not finish within ${formatDuration(timeoutMs)} and was stopped.` };
        if (code === 0) return { ok: true };
        if (code === null) return { ok: false, error: `The off-site copy failed: ${name} was ended by ${signal}${said()}` };
        return { ok: false, error: `The off-site copy failed: ${name} exited with code ${code}${said()}` };
      };
      // Its last words may still be in the pipes; something it left running may hold them open.
      const grace = setTimeout(() => finish(outcome()), 1_000);
      child.once("close", () => {
        clearTimeout(grace);
        finish(outcome());
      });
    });
  });
}

function formatDuration(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
