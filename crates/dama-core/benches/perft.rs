//! Criterion benchmark of perft (move generation plus making moves), reporting leaves per
//! second: the Czech, Spanish and Russian starts, a king-heavy Czech position and a Czech
//! middle game of ten men a side. `perft_full` (every leaf played,
//! through the move lists) is timed beside `perft` at the Czech start, for the gain of
//! counting over positions.
//!
//! Run with `cargo bench --bench perft` (add `-- --quick` for a short run).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama_core::perft::{perft, perft_full};
use dama_core::{Czech, Position, Rules, Russian, Spanish, fen};

fn bench_one<R: Rules>(c: &mut Criterion, name: &str, pos: Position, depth: u32) {
    bench_with(c, name, pos, depth, perft::<R>);
}

fn bench_with(
    c: &mut Criterion,
    name: &str,
    pos: Position,
    depth: u32,
    perft: fn(&Position, u32) -> u64,
) {
    // The leaf count is fixed for the position; count it once to report leaves/s.
    let leaves = perft(&pos, depth);
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(10);
    group.bench_function(name, |b| {
        b.iter(|| {
            let n = perft(black_box(&pos), black_box(depth));
            assert_eq!(n, leaves);
            n
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    bench_one::<Czech>(c, "czech_start_d8", Position::initial(), 8);
    bench_with(
        c,
        "czech_start_d8_full",
        Position::initial(),
        8,
        perft_full::<Czech>,
    );
    bench_one::<Spanish>(c, "spanish_start_d6", Position::initial(), 6);
    bench_one::<Russian>(c, "russian_start_d8", Position::initial(), 8);
    let kings = fen::parse("W:WKd8,Kf2:BKc7,Kc5,Kf4,e3,b2,Kh2,Kg1").expect("valid FEN");
    bench_one::<Czech>(c, "czech_kings_d6", kings, 6);
    let middle = fen::parse("W:Wa1,c1,e1,g1,b2,h2,c3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8")
        .expect("valid FEN");
    bench_one::<Czech>(c, "czech_middle_d8", middle, 8);
}

criterion_group!(benches, bench);
criterion_main!(benches);
