/**
 * Compares two V8 heap snapshots (bench/soak.ts writes one after every round with
 * SOAK_HEAP_SNAPSHOTS) by what their objects are: for each constructor (or kind of value:
 * strings, closures, arrays, compiled code), how many there are and how many bytes they take in
 * each, largest growth first. What a leak is made of grows from one round to the next.
 *
 * Usage: node bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows (default 25)]
 *        [--retainers=<constructor>]  also prints what holds a few of the newest such objects
 */
import fs from 'node:fs';

type Snapshot = {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
};

type Group = { count: number; bytes: number };

function read(file: string): Snapshot {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
}

/** The group a node counts in: an object's constructor, else its kind. */
function groupsOf(snapshot: Snapshot): Map<string, Group> {
  const { meta } = snapshot.snapshot;
  const width = meta.node_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const types = meta.node_types[0];
  const groups = new Map<string, Group>();
  const { nodes, strings } = snapshot;
  for (let index = 0; index < nodes.length; index += width) {
    const type = types[nodes[index + typeAt]!]!;
    const name = strings[nodes[index + nameAt]!]!;
    const key = type === 'object' || type === 'native' ? name : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += nodes[index + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}

/** What holds up to five of the last nodes of this constructor: edge name ← holder, three deep. */
function printRetainers(snapshot: Snapshot, constructorName: string) {
  const { meta } = snapshot.snapshot;
  const width = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const edgeCountAt = meta.node_fields.indexOf('edge_count');
  const edgeTypeAt = meta.edge_fields.indexOf('type');
  const edgeNameAt = meta.edge_fields.indexOf('name_or_index');
  const toNodeAt = meta.edge_fields.indexOf('to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = snapshot;
  const retainers = new Map<number, Array<{ from: number; edge: string }>>();
  let edgeIndex = 0;
  for (let node = 0; node < nodes.length; node += width) {
    const count = nodes[node + edgeCountAt]!;
    for (let edge = 0; edge < count; edge++, edgeIndex += edgeWidth) {
      const to = edges[edgeIndex + toNodeAt]!;
      const edgeType = edgeTypes[edges[edgeIndex + edgeTypeAt]!]!;
      if (edgeType === 'weak') continue;
      const nameOrIndex = edges[edgeIndex + edgeNameAt]!;
      const edgeName =
        edgeType === 'element' || edgeType === 'hidden'
          ? `[${nameOrIndex}]`
          : strings[nameOrIndex]!;
      const list = retainers.get(to) ?? [];
      if (list.length < 3) list.push({ from: node, edge: edgeName });
      retainers.set(to, list);
    }
  }
  const describe = (node: number) =>
    `${nodeTypes[nodes[node + typeAt]!]} ${strings[nodes[node + nameAt]!]!.slice(0, 60)}`;
  const matches: number[] = [];
  for (let node = 0; node < nodes.length; node += width) {
    if (strings[nodes[node + nameAt]!] === constructorName) matches.push(node);
  }
  for (const node of matches.slice(-5)) {
    console.log(`\n${describe(node)}`);
    let current = node;
    for (let depth = 1; depth <= 6; depth++) {
      const holder = retainers.get(current)?.[0];
      if (!holder) break;
      console.log(`${'  '.repeat(depth)}.${holder.edge} of ${describe(holder.from)}`);
      current = holder.from;
    }
  }
}

const [beforeFile, afterFile, ...rest] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]');
  process.exit(2);
}
const rows = Number(rest.find((argument) => /^\d+$/.test(argument)) ?? 25);
const retainersOf = rest.find((argument) => argument.startsWith('--retainers='))?.slice(12);
const before = groupsOf(read(beforeFile));
const afterSnapshot = read(afterFile);
const after = groupsOf(afterSnapshot);
const total = (groups: Map<string, Group>) =>
  [...groups.values()].reduce((sum, group) => sum + group.bytes, 0);
const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);
console.log(
  `heap ${megabytes(total(before))} MB → ${megabytes(total(after))} MB ` +
    `(${before.size} → ${after.size} kinds of object)`,
);
const changes = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
  const was = before.get(key) ?? { count: 0, bytes: 0 };
  const is = after.get(key) ?? { count: 0, bytes: 0 };
  return { key, was, is, grew: is.bytes - was.bytes };
});
changes.sort((a, b) => b.grew - a.grew);
console.log(`${'constructor or kind'.padEnd(44)} ${'count'.padStart(19)} ${'MB'.padStart(16)}`);
for (const { key, was, is } of changes.slice(0, rows)) {
  console.log(
    `${key.slice(0, 44).padEnd(44)} ${`${was.count} → ${is.count}`.padStart(19)} ` +
      `${`${megabytes(was.bytes)} → ${megabytes(is.bytes)}`.padStart(16)}`,
  );
}
if (retainersOf) printRetainers(afterSnapshot, retainersOf);
