import type { Router } from "express";

/** A call an Express router answers: its method (upper case) and its path as registered. */
export interface RouterCall {
  method: string;
  path: string;
}

/** Every call a router answers, those of the routers mounted in it included (Express 5's router stack). */
export function routerCalls(router: Router): RouterCall[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const calls: RouterCall[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) calls.push({ method: method.toUpperCase(), path: layer.route.path });
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return calls;
}
