//! The engine on the 64-square board of Turkish draughts, with its plain evaluation
//! (material and the men's advance): legal moves, a won capture seen as a win, and a game
//! played to its end.

use dama_core::game::Game;
use dama_core::{Board64, BoardRules, MoveListOn, MoveOn, Turkish};
use dama_engine::{Engine, Evaluation, Info, Limits, Score};

fn limits(depth: Option<u32>, nodes: Option<u64>) -> Limits {
    Limits {
        depth,
        nodes,
        ..Limits::default()
    }
}

fn is_legal(game: &Game<Turkish>, mv: &MoveOn<Board64>) -> bool {
    let mut legal = MoveListOn::new();
    game.legal_moves(&mut legal);
    legal.contains(mv)
}

#[test]
fn a_legal_move_from_the_start_at_depth_4() {
    let game = Game::<Turkish>::new(Turkish::start());
    let mut infos: Vec<Info<Board64>> = Vec::new();
    let mut engine = Engine::with_seed(limits(Some(4), None), 1);
    assert_eq!(
        engine.evaluation::<Turkish>(),
        Evaluation::Material(dama_engine::material::MaterialWeights::TURKISH)
    );
    let best = engine
        .analyze(&game, |i| infos.push(i.clone()))
        .expect("a move");
    assert!(is_legal(&game, &best));
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    match infos.last().map(|i| i.score) {
        Some(Score::Value(v)) => assert!(v.abs() < 100, "{v}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn taking_the_last_piece_is_a_win() {
    // The man on d4 must take d5 and d7 (the most pieces): black has none left.
    let game = Game::<Turkish>::new(Turkish::parse_fen("W:Wd4,a2:Bd5,d7").unwrap());
    let mut last = None;
    let best = Engine::with_seed(limits(Some(3), None), 1)
        .analyze(&game, |i| last = Some(i.score))
        .expect("a move");
    assert_eq!(Turkish::write_move(&best), "d4xd6xd8");
    assert_eq!(last, Some(Score::Win(1)));
}

#[test]
fn a_game_played_to_its_end() {
    let mut game = Game::<Turkish>::new(Turkish::start());
    let mut engine = Engine::with_seed(limits(None, Some(2_000)), 3);
    let mut plies = 0;
    while !game.is_over() && plies < 400 {
        let mv = engine
            .choose_move(&game)
            .expect("a move while the game goes on");
        assert!(is_legal(&game, &mv), "ply {plies}");
        game.play(&mv);
        plies += 1;
    }
    assert!(game.is_over(), "no end after {plies} plies");
}
