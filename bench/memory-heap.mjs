// What holds a V8 heap (bench/memory.mjs --heap): a heap snapshot's objects grouped by kind and
// constructor, the largest groups by their own size, and for each what retains it (the holder's
// constructor and the property or element it is held by, two levels up).
import { readFileSync } from 'node:fs';

const MB = 1024 * 1024;

export function heapRetainers(file, top = 12) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: nf, edge_fields: ef, node_types: [nodeTypes], edge_types: [edgeTypes] } = snap.snapshot.meta;
  const { nodes, edges, strings } = snap;
  const N = nf.length;
  const E = ef.length;
  const [TYPE, NAME, SIZE, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const [ETYPE, ENAME, ETO] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
  const count = nodes.length / N;
  const kind = (i) => nodeTypes[nodes[i * N + TYPE]];
  // Strings and arrays are named by their contents or nothing: group them by kind only.
  const group = (i) => {
    const k = kind(i);
    return k === 'object' || k === 'closure' || k === 'native' ? `${k} ${strings[nodes[i * N + NAME]]}` : k;
  };
  // The first retainer of every node (reverse edges, weak ones skipped).
  const retainer = new Int32Array(count).fill(-1);
  const via = new Int32Array(count).fill(-1);
  let e = 0;
  for (let i = 0; i < count; i++) {
    const n = nodes[i * N + EDGES];
    for (let k = 0; k < n; k++, e += E) {
      const t = edgeTypes[edges[e + ETYPE]];
      if (t === 'weak' || t === 'shortcut') continue;
      const to = edges[e + ETO] / N;
      if (retainer[to] === -1) {
        retainer[to] = i;
        via[to] = e;
      }
    }
  }
  const edgeName = (at) => {
    const t = edgeTypes[edges[at + ETYPE]];
    return t === 'element' || t === 'hidden' ? `[${t}]` : String(strings[edges[at + ENAME]]);
  };
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < count; i++) {
    const size = nodes[i * N + SIZE];
    total += size;
    const g = group(i);
    const entry = groups.get(g) ?? { size: 0, count: 0, holders: new Map() };
    entry.size += size;
    entry.count += 1;
    const r = retainer[i];
    if (r >= 0) {
      const rr = retainer[r];
      const path = `${group(r)}.${edgeName(via[i])}${rr >= 0 ? ` ← ${group(rr)}.${edgeName(via[r])}` : ''}`;
      entry.holders.set(path, (entry.holders.get(path) ?? 0) + size);
    }
    groups.set(g, entry);
  }
  const lines = [`heap snapshot: ${(total / MB).toFixed(1)} MB in ${count.toLocaleString('en')} objects; largest groups by own size, and what holds them:`];
  for (const [name, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, top)) {
    lines.push(`${(g.size / MB).toFixed(1).padStart(7)} MB  ${name} (${g.count.toLocaleString('en')})`);
    for (const [path, size] of [...g.holders].sort((a, b) => b[1] - a[1]).slice(0, 3)) lines.push(`${''.padStart(14)}${(size / MB).toFixed(1)} MB held by ${path}`);
  }
  return lines.join('\n');
}
