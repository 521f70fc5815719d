/**
 * Myers' O((N+M)D) difference of two sequences of interned keys, used twice: on the tokens of one
 * paragraph (which words changed) and on the texts of a run of paragraphs (which paragraphs the
 * editor added or removed). Edits are rare and small, so D is small and this is near linear; past
 * MAX_D the middle is reported as one replacement rather than searched further.
 *
 * Memory: the search keeps, for each D, only the diagonals -D..D it reached (not a whole
 * 2 * MAX_D array per step), so one diff holds at most about MAX_D^2 integers: 4 MB, where a
 * copy of the full array per step took 8 MB. Time: a caller may pass a DiffBudget shared by many
 * diffs (all the paragraphs of one save); when it runs out the diff throws DiffBudgetExceeded
 * and the caller takes the editor's text whole instead of comparing it word by word.
 */

export type DiffOp = 'equal' | 'delete' | 'insert';

/** One step: `equal` consumes a[i] and b[j], `delete` a[i], `insert` b[j]. */
export interface DiffStep {
  readonly op: DiffOp;
  readonly i: number;
  readonly j: number;
}

const MAX_D = 1_000;

/** Work units (diagonals tried plus keys compared) that a group of diffs may still spend. */
export class DiffBudget {
  constructor(public remaining: number) {}
}

export class DiffBudgetExceeded extends Error {
  constructor() {
    super('the comparison ran out of its budget');
    this.name = 'DiffBudgetExceeded';
  }
}

export function diff(a: readonly number[], b: readonly number[], budget?: DiffBudget): DiffStep[] {
  // Common prefix and suffix first: for a one-word edit that is all the work there is.
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const steps: DiffStep[] = [];
  for (let k = 0; k < pre; k++) steps.push({ op: 'equal', i: k, j: k });
  middle(a, b, pre, a.length - suf, pre, b.length - suf, steps, budget);
  for (let k = suf; k > 0; k--) steps.push({ op: 'equal', i: a.length - k, j: b.length - k });
  return steps;
}

function middle(a: readonly number[], b: readonly number[], a0: number, a1: number, b0: number, b1: number, out: DiffStep[], budget: DiffBudget | undefined): void {
  const n = a1 - a0;
  const m = b1 - b0;
  if (n === 0 || m === 0) {
    for (let i = a0; i < a1; i++) out.push({ op: 'delete', i, j: b0 });
    for (let j = b0; j < b1; j++) out.push({ op: 'insert', i: a1, j });
    return;
  }
  const max = Math.min(n + m, MAX_D);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: v as it was before step d, diagonals -(d-1)..d-1 only (all that step d reads back).
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d + 1, offset + d));
    let work = 0;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      const x0 = x;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      work += 1 + x - x0;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (budget && (budget.remaining -= work) < 0) throw new DiffBudgetExceeded();
  }
  if (found < 0) {
    // Too different to be worth a minimal script: everything in the middle is replaced.
    for (let i = a0; i < a1; i++) out.push({ op: 'delete', i, j: b0 });
    for (let j = b0; j < b1; j++) out.push({ op: 'insert', i: a1, j });
    return;
  }
  // Walk the trace back from (n, m), then emit forwards.
  const rev: DiffStep[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const vd = trace[d]!;
    const at = (k: number) => vd[k + d - 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      rev.push({ op: 'equal', i: a0 + x, j: b0 + y });
    }
    if (x === prevX) rev.push({ op: 'insert', i: a0 + x, j: b0 + prevY });
    else rev.push({ op: 'delete', i: a0 + prevX, j: b0 + y });
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    rev.push({ op: 'equal', i: a0 + x, j: b0 + y });
  }
  for (let s = rev.length - 1; s >= 0; s--) out.push(rev[s]!);
}

/** Maps strings to small integers so that diff compares numbers. */
export class Interner {
  private readonly ids = new Map<string, number>();
  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }
}
