#!/usr/bin/env python3
"""Fail when the program's modules import each other in a circle.

In the program (the `app/` crate: `src/lib.rs` and `src/main.rs`) and in each library under
`crates/` (`crates/NAME/src`), each top-level module (`src/NAME.rs` or `src/NAME/`) is a node; a mention of `crate::OTHER` (or `super::OTHER`
from a file directly in `src/NAME/`) in its files is an edge NAME -> OTHER. The same is done one
level down inside every module directory (`src/NAME/SUB.rs`, edges through `super::` and
`crate::NAME::`). Unit tests (`#[cfg(test)] mod NAME { ... }`) are left out. Any strongly connected component of more than one node is a cycle: it is
printed with one file:line for each edge, and the script exits with status 1.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
USE = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
GROUP = re.compile(r"\b(crate|super)::\{([^}]*)\}")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return strip_tests(text)


TEST_MODULE = re.compile(r"#\[cfg\(test\)\]\s*mod\s+[A-Za-z_][A-Za-z0-9_]*\s*\{")


def strip_tests(text):
    """The text without its `#[cfg(test)] mod NAME { ... }` blocks (line breaks kept): a
    module's unit tests may use any module of their crate without making it a dependency."""
    out, pos = [], 0
    for m in TEST_MODULE.finditer(text):
        if m.start() < pos:
            continue
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append(text[pos:m.start()])
        out.append("\n" * text.count("\n", m.start(), i))
        pos = i
    out.append(text[pos:])
    return "".join(out)


def module_files(src, name):
    one = src / f"{name}.rs"
    files = [one] if one.exists() else []
    d = src / name
    if d.is_dir():
        files += sorted(d.rglob("*.rs"))
    return files


def children(src):
    names = set()
    for p in src.iterdir():
        if p.suffix == ".rs" and p.stem not in ("lib", "main", "mod"):
            names.add(p.stem)
        elif p.is_dir():
            names.add(p.name)
    return sorted(names)


def targets(path, text, prefix, level_names, base_dir):
    """The sibling modules (at this level) that `path` names, with line numbers."""
    out = []
    rel = path.relative_to(base_dir)
    # `super::` means the parent of the file's module: base_dir/NAME.rs and base_dir/NAME/mod.rs
    # (the module NAME of this level) reach this level with one `super::`, base_dir/NAME/x.rs
    # (a child of NAME) with two, and so on.
    depth = len(rel.parts)  # 1: base_dir/NAME.rs, 2: base_dir/NAME/x.rs ...
    if rel.name == "mod.rs":
        depth -= 1
    for lineno, line in enumerate(text.splitlines(), 1):
        found = []
        for m in USE.finditer(line):
            kind, rest = m.group(1), m.group(2).split("::")[1:]
            found.append((kind, rest, line[m.end():m.end() + 3]))
        for m in GROUP.finditer(line):
            kind = m.group(1)
            for item in m.group(2).split(","):
                item = item.strip()
                if item:
                    found.append((kind, re.split(r"::|\s", item), ""))
        for kind, rest, _ in found:
            if kind == "crate":
                parts = rest
                if prefix:
                    if parts[: len(prefix)] != prefix:
                        continue
                    parts = parts[len(prefix):]
            else:
                # `super::` chains: count leading supers in the full path on this line.
                supers = 1 + sum(1 for p in rest if p == "super")
                parts = [p for p in rest if p != "super"]
                if supers != depth:
                    continue
            if parts and parts[0] in level_names:
                out.append((parts[0], lineno))
    return out


def cycles_in(base_dir, prefix, label):
    names = children(base_dir)
    edges = {n: {} for n in names}
    for n in names:
        for f in module_files(base_dir, n):
            text = strip_comments(f.read_text())
            for t, lineno in targets(f, text, prefix, set(names), base_dir):
                if t != n and t not in edges[n]:
                    edges[n][t] = f"{f.relative_to(ROOT)}:{lineno}"
    # Tarjan's strongly connected components.
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in names:
        if v not in index:
            visit(v)
    report = []
    for comp in comps:
        lines = [f"cycle in {label}: {' , '.join(comp)}"]
        for a in comp:
            for b, where in sorted(edges[a].items()):
                if b in comp:
                    lines.append(f"  {a} -> {b}  ({where})")
        report.append("\n".join(lines))
    return report


def main():
    report = []
    crates = [("app", ROOT / "app" / "src")]
    crates += [
        (c.name, c / "src")
        for c in sorted((ROOT / "crates").iterdir())
        if (c / "src").is_dir()
    ]
    for label, src in crates:
        report += cycles_in(src, [], label)
        for d in sorted(p for p in src.iterdir() if p.is_dir()):
            report += cycles_in(d, [d.name], f"{label}::{d.name}")
    if report:
        print("\n\n".join(report))
        print(f"\n{len(report)} module cycle(s)", file=sys.stderr)
        return 1
    print("no module cycles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
