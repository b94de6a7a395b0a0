// Types of commands.mjs for the TypeScript that imports it (server/vite-plugin.ts, tests).
export declare const COMMANDS: Record<string, string>;
export declare function commandLine(
  name: string,
  args: string[],
  root?: string,
): { args: string[]; problem?: undefined } | { problem: string; args?: undefined };
