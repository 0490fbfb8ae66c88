//! Criterion benchmark of search speed: fixed-depth searches from a fresh engine, with the
//! throughput reported in nodes per second ("elements" in criterion's output).
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama_core::game::Game;
use dama_core::{Czech, International, Position, PositionOn, Spanish};
use dama_engine::{Engine, Limits};

fn limits(depth: u32) -> Limits {
    Limits {
        level: None,
        depth: Some(depth),
        movetime: None,
        ..Limits::default()
    }
}

/// Nodes of one search of `game` to `depth` by a fresh engine.
fn nodes<R: dama_engine::EngineRules>(game: &Game<R>, depth: u32) -> u64 {
    let mut nodes = 0;
    Engine::with_seed(limits(depth), 1).analyze(game, |info| nodes = info.nodes);
    nodes
}

fn bench_position<R: dama_engine::EngineRules>(
    c: &mut Criterion,
    name: &str,
    pos: dama_core::PositionOn<R::Board>,
    depth: u32,
) {
    let game = Game::<R>::new(pos);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes(&game, depth)));
    group.bench_function(format!("{name} depth {depth}"), |b| {
        b.iter(|| {
            let mut engine = Engine::with_seed(limits(depth), 1);
            black_box(engine.choose_move(black_box(&game)))
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    bench_position::<Czech>(c, "czech start", Position::initial(), 13);
    let middle = dama_core::fen::parse("W:Wa1,c1,e1,b2,f2,c3,g3,d4,h4:Bb6,d6,f6,h6,a7,c7,e7,b8,h8")
        .expect("a sound FEN");
    bench_position::<Czech>(c, "czech middlegame", middle, 12);
    let ending = dama_core::fen::parse("W:WKa3,Kc1,Ke1:BKh6").expect("a sound FEN");
    bench_position::<Czech>(c, "czech 3 kings v 1", ending, 14);
    bench_position::<Spanish>(c, "spanish start", Position::initial(), 10);
    bench_position::<International>(c, "international start", PositionOn::initial(), 12);
}

criterion_group!(benches, bench);
criterion_main!(benches);
