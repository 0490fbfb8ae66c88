//! Criterion benchmark of table probes: the raw value of positions read from table files
//! (blocks decompressed on demand, 64 kept per class). With `DAMA_TB_DIR` set to a directory
//! holding the Czech five-piece tables, positions are random five-piece ones (a new process
//! opens each file at its first probe: that is done before timing); without it, the
//! three-piece tables are built into a temporary directory first.
//!
//! Two workloads: `random` (every probe a random position of a random class: mostly a block
//! decompressed) and `search-like` (runs of 64 positions differing by one king move, as a
//! search probes them).
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama_core::{BoardRules, Czech, Position};
use dama_tablebase::Tables;
use dama_tablebase::index::{Class, Material};

/// A tiny xorshift generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn positions(rng: &mut Rng, pieces: u32, n: usize) -> Vec<Position> {
    let classes: Vec<Material> = Material::all_up_to(pieces)
        .into_iter()
        .filter(|m| m.pieces() == pieces)
        .collect();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let m = classes[(rng.next() % classes.len() as u64) as usize];
        let class = Class::new(m);
        if let Some(pos) = class
            .parts(rng.next() % class.len())
            .and_then(|p| p.position())
        {
            out.push(pos);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let (tables, pieces, _keep) = match std::env::var_os("DAMA_TB_DIR") {
        Some(dir) => {
            let dir = dama_tablebase::rules_dir(std::path::Path::new(&dir), Czech::INFO.name);
            (Tables::new::<Czech>(Some(&dir)), 5, None)
        }
        None => {
            let base = tempfile::tempdir().expect("a temporary directory");
            let dir = dama_tablebase::rules_dir(base.path(), Czech::INFO.name);
            dama_tablebase::directory::build_dir::<Czech>(&dir, 3, &mut |_| Ok(()), &|_| {})
                .expect("built");
            (Tables::new::<Czech>(Some(&dir)), 3, Some(base))
        }
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let random = positions(&mut rng, pieces, 4096);
    // Open every file before timing.
    for pos in &random {
        assert!(tables.raw(pos).is_some());
    }
    // Search-like: a position and its neighbours by one quiet move of the side to move.
    let mut near = Vec::new();
    let mut moves = dama_core::MoveList::new();
    for pos in random.iter().take(64) {
        <Czech as dama_core::BoardRules>::legal_moves(pos, &mut moves);
        for mv in moves.iter().take(8) {
            let child = pos.after(mv);
            if tables.raw(&child).is_some() {
                near.push(child);
            }
        }
        near.push(*pos);
    }
    let mut group = c.benchmark_group(format!("tb probe {pieces} pieces"));
    group.throughput(Throughput::Elements(random.len() as u64));
    group.bench_function("random", |b| {
        b.iter(|| {
            for pos in &random {
                black_box(tables.raw(black_box(pos)));
            }
        })
    });
    group.throughput(Throughput::Elements(near.len() as u64));
    group.bench_function("search-like", |b| {
        b.iter(|| {
            for pos in &near {
                black_box(tables.raw(black_box(pos)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
