// sharp (libvips) takes about 100 ms to load, and most starts never draw a picture: it is loaded
// on first use so that a restart answers sooner.

type Sharp = typeof import("sharp").default;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then((m) => m.default);
  return loading;
}
