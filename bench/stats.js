// The measuring helpers every bench shares: a rate is the median of several timed runs after a warm-up
// run that is dropped (it pays for the JIT and the wasm tier-up); a spread is reported by quantiles.

/** The q-quantile of xs, interpolated between the two nearest samples. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo] + (s[hi] - s[lo]) * (i - lo);
}

export function median(xs) {
  return quantile(xs, 0.5);
}

/** Calls fn over the items until runMs elapse; calls per second, the median of `runs` runs after a warm-up. */
export function rate(fn, items, { runs, runMs, warmMs }) {
  const rates = [];
  for (let r = -1; r < runs; r++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < (r < 0 ? warmMs : runMs)) {
      for (const it of items) fn(it);
      n += items.length;
      t = performance.now();
    }
    if (r >= 0) rates.push((n / (t - t0)) * 1000);
  }
  return median(rates);
}

/** rate() for a function that returns a promise, each call awaited before the next. */
export async function rateAsync(fn, items, { runs, runMs, warmMs }) {
  const rates = [];
  for (let r = -1; r < runs; r++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < (r < 0 ? warmMs : runMs)) {
      for (const it of items) await fn(it);
      n += items.length;
      t = performance.now();
    }
    if (r >= 0) rates.push((n / (t - t0)) * 1000);
  }
  return median(rates);
}
