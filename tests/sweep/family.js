// One family of a sweep: how many configurations and values it checked, how many were over its
// bound, and the largest error with where it happened. Plain data, so a browser page can return it.

export function family(name, bound, unit = 'max |err|') {
  return { name, bound, unit, configs: 0, values: 0, over: 0, worst: 0, where: '' };
}

/** Records one error (NaN counts as over the bound and as the worst) of value `index` of the
    configuration `where` (joined only for a new worst: millions of values are noted). */
export function note(f, err, where, index) {
  f.values++;
  if (!(err <= f.bound)) f.over++;
  if (err > f.worst || Number.isNaN(err)) {
    f.worst = err;
    f.where = index === undefined ? where : `${where} value ${index}`;
  }
}

/** One line: "sweep <name>: N configs, V values, max |err| E at ... (bound B)". */
export function describe(f, label = '') {
  const at = f.worst > 0 || Number.isNaN(f.worst) ? ` at ${f.where}` : '';
  return `sweep ${f.name}${label}: ${f.configs} configs, ${f.values} values, ${f.unit} ${f.worst.toExponential(2)}${at} (bound ${f.bound.toExponential(1)})`;
}

/** xorshift32 with a fixed seed: widths, split points and inputs that are the same on every run. */
export function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}
