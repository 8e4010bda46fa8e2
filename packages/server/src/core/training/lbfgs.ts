// Limited-memory BFGS with a backtracking (Armijo) line search: minimises a smooth function from its value and gradient.

/** Writes the gradient at x into `gradient` and returns the value at x. */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

export interface LbfgsOptions {
  /** Iterations at most (default 500). */
  maxIterations?: number;
  /** Stops when the largest gradient component is below this (default 1e-4). */
  gradientTolerance?: number;
  /** Stops when an iteration lowers the value by less than this share of it (default 1e-7). */
  relativeTolerance?: number;
  /** Correction pairs kept (default 10). */
  memory?: number;
}

export interface LbfgsResult {
  x: Float64Array;
  value: number;
  iterations: number;
  /** Whether a tolerance ended it (else the iteration cap or a failed line search did). */
  converged: boolean;
}

function dotProduct(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function maxAbs(a: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i += 1) m = Math.max(m, Math.abs(a[i] as number));
  return m;
}

/** The L-BFGS direction −H·g from the stored pairs (two-loop recursion). */
function direction(gradient: Float64Array, pairs: Array<{ s: Float64Array; y: Float64Array; rho: number }>) {
  const q = Float64Array.from(gradient);
  const alphas: number[] = [];
  for (let j = pairs.length - 1; j >= 0; j -= 1) {
    const { s, y, rho } = pairs[j] as (typeof pairs)[number];
    const alpha = rho * dotProduct(s, q);
    alphas[j] = alpha;
    for (let i = 0; i < q.length; i += 1) q[i] = (q[i] as number) - alpha * (y[i] as number);
  }
  const last = pairs[pairs.length - 1];
  const gamma = last ? dotProduct(last.s, last.y) / dotProduct(last.y, last.y) : 1 / Math.max(1, maxAbs(gradient));
  for (let i = 0; i < q.length; i += 1) q[i] = (q[i] as number) * gamma;
  for (let j = 0; j < pairs.length; j += 1) {
    const { s, y, rho } = pairs[j] as (typeof pairs)[number];
    const beta = rho * dotProduct(y, q);
    const coefficient = (alphas[j] as number) - beta;
    for (let i = 0; i < q.length; i += 1) q[i] = (q[i] as number) + coefficient * (s[i] as number);
  }
  for (let i = 0; i < q.length; i += 1) q[i] = -(q[i] as number);
  return q;
}

/** Minimises `objective` from `start` (not modified). Deterministic: the same inputs take the same steps. */
export function minimizeLbfgs(objective: Objective, start: Float64Array, options: LbfgsOptions = {}): LbfgsResult {
  const maxIterations = options.maxIterations ?? 500;
  const gradientTolerance = options.gradientTolerance ?? 1e-4;
  const relativeTolerance = options.relativeTolerance ?? 1e-7;
  const memory = options.memory ?? 10;
  let x = Float64Array.from(start);
  let gradient = new Float64Array(x.length);
  let value = objective(x, gradient);
  const pairs: Array<{ s: Float64Array; y: Float64Array; rho: number }> = [];
  const candidate = new Float64Array(x.length);
  const candidateGradient = new Float64Array(x.length);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    if (maxAbs(gradient) < gradientTolerance) return { x, value, iterations: iteration, converged: true };
    let d = direction(gradient, pairs);
    let slope = dotProduct(gradient, d);
    if (!(slope < 0)) {
      // Not a descent direction (rounding in the pairs): restart from steepest descent.
      pairs.length = 0;
      d = direction(gradient, pairs);
      slope = dotProduct(gradient, d);
    }
    let step = 1;
    let next = Number.NaN;
    for (let tries = 0; tries < 40; tries += 1) {
      for (let i = 0; i < x.length; i += 1) candidate[i] = (x[i] as number) + step * (d[i] as number);
      next = objective(candidate, candidateGradient);
      if (Number.isFinite(next) && next <= value + 1e-4 * step * slope) break;
      step *= 0.5;
      next = Number.NaN;
    }
    if (Number.isNaN(next)) return { x, value, iterations: iteration, converged: false };
    const s = new Float64Array(x.length);
    const y = new Float64Array(x.length);
    for (let i = 0; i < x.length; i += 1) {
      s[i] = (candidate[i] as number) - (x[i] as number);
      y[i] = (candidateGradient[i] as number) - (gradient[i] as number);
    }
    const sy = dotProduct(s, y);
    if (sy > 1e-12) {
      pairs.push({ s, y, rho: 1 / sy });
      if (pairs.length > memory) pairs.shift();
    }
    const previous = value;
    x = Float64Array.from(candidate);
    gradient = Float64Array.from(candidateGradient);
    value = next;
    if (previous - value <= relativeTolerance * Math.max(1, Math.abs(value)))
      return { x, value, iterations: iteration + 1, converged: true };
  }
  return { x, value, iterations: maxIterations, converged: maxAbs(gradient) < gradientTolerance };
}
