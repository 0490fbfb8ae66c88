//! Criterion benchmark of perft (move generation plus making moves), reporting leaves per
//! second: the Czech and Spanish starts and a king-heavy Czech position.
//!
//! Run with `cargo bench --bench perft` (add `-- --quick` for a short run).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama::perft::perft;
use dama::{Czech, Position, Rules, Spanish, fen};

fn bench_one<R: Rules>(c: &mut Criterion, name: &str, pos: Position, depth: u32) {
    // The leaf count is fixed for the position; count it once to report leaves/s.
    let leaves = perft::<R>(&pos, depth);
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(10);
    group.bench_function(name, |b| {
        b.iter(|| {
            let n = perft::<R>(black_box(&pos), black_box(depth));
            assert_eq!(n, leaves);
            n
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    bench_one::<Czech>(c, "czech_start_d8", Position::initial(), 8);
    bench_one::<Spanish>(c, "spanish_start_d6", Position::initial(), 6);
    let kings = fen::parse("W:WKd8,Kf2:BKc7,Kc5,Kf4,e3,b2,Kh2,Kg1").expect("valid FEN");
    bench_one::<Czech>(c, "czech_kings_d6", kings, 6);
}

criterion_group!(benches, bench);
criterion_main!(benches);
