// Options and side effects of the API fuzz (fuzz.test.js): an options object whose keys are plain,
// getters that change their value, run a side effect or throw, the whole sometimes a counting or
// revoked Proxy; and the side effects themselves, each with what it changes in the expected answer.

/**
 * An options object holding `entries` ({ key: generated arg, or undefined to leave it out }), each
 * key as a plain property or a getter that changes its value, runs a side effect or throws; the
 * whole object sometimes a counting or revoked Proxy. Returns { value, expect, reads }.
 */
export function optionsArg(r, ctx, entries, effects) {
  const refused = (value) => ({ value, expect: [[TypeError, 'options']], reads: {}, entryArgs: [] });
  if (r.chance(0.03)) return refused(r.pick([null, 5, 'o', [1]]));
  if (r.chance(0.02)) { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return refused(proxy); }
  const target = {};
  const reads = {};
  const expect = [];
  const entryArgs = [];
  for (const [key, arg] of Object.entries(entries)) {
    if (arg === undefined) continue;
    arg.name ??= key;
    entryArgs.push(arg);
    const style = r.int(10);
    if (style < 5) { target[key] = arg.value; continue; }
    reads[key] = 0;
    if (style === 9) {
      Object.defineProperty(target, key, { enumerable: true, get() { reads[key]++; throw new RangeError('a getter that throws'); } });
      expect.push([TypeError, key]);
      continue;
    }
    const effect = style === 8 ? effects.pick() : null; // null when no effect applies
    Object.defineProperty(target, key, {
      enumerable: true,
      get() {
        reads[key]++;
        if (effect) effect.run();
        return reads[key] === 1 || style === 5 ? arg.value : r.pick([undefined, NaN, 'changed', -1]); // read once: the first value counts
      },
    });
    if (effect) effects.planned.push(effect);
  }
  if (r.chance(0.3)) {
    const counted = {};
    const value = new Proxy(target, { get(t, key, receiver) { if (typeof key === 'string') counted[key] = (counted[key] ?? 0) + 1; return Reflect.get(t, key, receiver); } });
    return { value, expect, reads, counted, entryArgs };
  }
  return { value: target, expect, reads, entryArgs };
}

/** Side effects a getter may run: free one of this call's tensors, grow the memory, dispose a layer. */
export function effectsFor(r, ctx, args, entry) {
  const layer = entry?.layer;
  const planned = [];
  const tensorArgs = args.filter((a) => a?.tensor);
  const choices = ctx.noGrowth ? [] : [ // e.g. a memory filled once is at its maximum: it cannot grow
    () => ({ run() { ctx.core.memory.grow(1); ctx.grown++; }, apply() { for (const a of args) if (a?.view) a.expect.push([TypeError, a.name]); } }),
  ];
  if (tensorArgs.length) {
    choices.push(() => {
      const victim = r.pick(tensorArgs);
      return {
        run() { try { victim.tensor.free(); } catch { /* already freed by another getter */ } },
        // An empty view holds no memory: it stays acceptable wherever it points.
        apply() { for (const a of args) if (a?.tensor === victim.tensor && !(a.view && a.n === 0)) a.expect.push([a.view ? RangeError : Error, a.name]); },
      };
    });
  }
  if (layer) choices.push(() => ({ run() { layer.dispose(); entry.layer = null; }, apply() { args.push({ expect: [[Error, 'disposed']] }); } }));
  return { planned, pick: () => (choices.length ? r.pick(choices)() : null) };
}

export const named = (arg, name) => (arg ? Object.assign(arg, { name }) : arg);
