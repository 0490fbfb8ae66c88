//! Frisian draughts and Frysk!: the published perft figures, captures along ranks and files,
//! the capture of the most value, the limit on a king's plain moves in a row (its count in
//! the position, the FEN and the key), and the draws.

use dama_core::game::{Game, Outcome};
use dama_core::rules::material;
use dama_core::{
    BoardRules, Color, DrawReason, Frisian, Frysk, International, MoveListOn, MoveOn, PositionOn,
    Variant, key_after, pdn, position_key,
};

/// The legal moves of `fen` under Frisian rules, as written, sorted.
fn moves(fen: &str) -> Vec<String> {
    crate::sorted_moves::<Frisian>(fen)
}

#[test]
fn the_published_figures() {
    // dctl, test/src/algo/traversal/initial/board_10x10.cpp (from the FMJD forum's perft
    // thread, damforum t=2822): Frisian from the start, one move per start, end and pieces
    // taken ("dropping duplicates").
    assert_eq!(Frisian::start(), International::start());
    assert_eq!(
        crate::start_perft_counts::<Frisian>(7)[1..],
        [9, 81, 658, 3874, 21265, 102431, 540126]
    );
    // Frysk!: five men each on the back row; pydraughts 0.6.7 counts 9, 81, 657, 5329,
    // 41829 (it lists a capture once per route; no two routes are one move here).
    assert_eq!(
        Frysk::write_fen(&Frysk::start()),
        "W:W46,47,48,49,50:B1,2,3,4,5"
    );
    assert_eq!(
        crate::start_perft_counts::<Frysk>(5)[1..],
        [9, 81, 657, 5329, 41829]
    );
}

#[test]
fn men_and_kings_capture_along_ranks_and_files() {
    // A man takes the next piece of its rank (27, two files west) or file (18, two ranks
    // north; 38, two ranks south: men take backward too), landing on the next square.
    assert_eq!(moves("W:W28:B27,1"), ["28x26"]);
    assert_eq!(moves("W:W28:B18,1"), ["28x8"]);
    assert_eq!(moves("W:W28:B38,1"), ["28x48"]);
    // A piece two ranks away diagonally is no capture: plain moves stay diagonal.
    assert_eq!(moves("W:W28:B1"), ["28-22", "28-23"]);
    // A king takes along a file at a distance and lands on any free square beyond.
    assert_eq!(moves("W:WK46:B26,3"), ["46x16", "46x6"]);
    // And along a rank.
    assert_eq!(moves("W:WK46:BK48,3"), ["46x49", "46x50"]);
    // A sequence turns from a rank to a file: 27 along the rank, then 16 up the file.
    assert_eq!(moves("W:W28:B27,16,1"), ["28x26x6"]);
}

#[test]
fn the_capture_of_the_most_value_is_compulsory() {
    // Art. 11: three kings are worth more than five men (pydraughts, counting a king as
    // 1.501 men, plays 45x21 here, taking five men).
    assert_eq!(moves("W:W50,45:BK49,K47,K36,35,15,4,2,11"), ["50x48x46x26"]);
    // Two men are worth more than one king: 28x19x8 rather than 28x26 over the king on 27.
    assert_eq!(moves("W:W28:BK27,23,13,1"), ["28x19x8"]);
    // A king and a man are worth more than two men: over 23 and 13 rather than 27 and 16.
    assert_eq!(moves("W:W28:BK23,13,27,16,1"), ["28x19x8"]);
    assert_eq!(moves("W:W28:B23,13,27,16,1"), ["28x19x8", "28x26x6"]);
    // Art. 12: at equal value a king must capture: the king on 46 takes 36 up the file,
    // not the man on 28 the man on 23.
    assert_eq!(moves("W:W28,K46:B23,36,1"), ["46x16", "46x26", "46x6"]);
    assert_eq!(moves("W:W28:B23,36,1"), ["28x19"]);
}

/// Plays `text` (a move of `game`'s position as Frisian writes it).
fn play<R: BoardRules<Board = dama_core::Board10>>(game: &mut Game<R>, text: &str) {
    let mut legal = MoveListOn::new();
    game.legal_moves(&mut legal);
    let mv = legal
        .iter()
        .find(|m| R::write_move(m) == text)
        .copied()
        .unwrap_or_else(|| panic!("{text} is not legal in {}", R::write_fen(game.position())));
    game.try_play(&mv).unwrap();
}

#[test]
fn a_king_makes_at_most_three_plain_moves_in_a_row_while_its_side_has_men() {
    // Art. 17. White has a king (46) and a man (35); black two men far away.
    let mut game = Game::<Frisian>::new(Frisian::parse_fen("W:WK46,35:B1,4").unwrap());
    for (white, black) in [("46-41", "1-7"), ("41-37", "7-12"), ("37-32", "12-18")] {
        play(&mut game, white);
        play(&mut game, black);
    }
    // Three plain moves of the king: it may not make a fourth; the man may move.
    let pos = *game.position();
    assert_eq!(pos.king_moves(Color::White).map(|(_, n)| n), Some(3));
    assert_eq!(moves(&Frisian::write_fen(&pos)), ["35-30"]);
    // The count is in the FEN (lidraughts' field, black's count first) and comes back.
    assert_eq!(Frisian::write_fen(&pos), "W:WK32,35:B4,18:+0+332");
    assert_eq!(Frisian::parse_fen("W:WK32,35:B4,18:+0+332").unwrap(), pos);
    // Without it the king is free: another position, with another key.
    let free = Frisian::parse_fen("W:WK32,35:B4,18").unwrap();
    assert_ne!(free, pos);
    assert_ne!(position_key(&free), position_key(&pos));
    assert!(moves("W:WK32,35:B4,18").contains(&"32-28".to_string()));
    // Another piece's move lifts the bar.
    play(&mut game, "35-30");
    play(&mut game, "4-9");
    assert_eq!(game.position().king_moves(Color::White), None);
    assert!(moves(&Frisian::write_fen(game.position())).contains(&"32-28".to_string()));
    // With kings alone there is no limit, and nothing is counted.
    let mut kings = Game::<Frisian>::new(Frisian::parse_fen("W:WK46:B1,4").unwrap());
    for (white, black) in [("46-41", "1-7"), ("41-37", "7-12"), ("37-32", "12-18")] {
        play(&mut kings, white);
        play(&mut kings, black);
    }
    assert_eq!(kings.position().king_moves(Color::White), None);
    assert!(moves(&Frisian::write_fen(kings.position())).contains(&"32-28".to_string()));
}

#[test]
fn the_key_follows_the_count_move_by_move() {
    // Random games from both starts: the key made move by move is the key of the position,
    // counts included, and the FEN brings every position back.
    for start in [Frisian::start(), Frysk::start()] {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..40 {
            let mut pos: PositionOn<_> = start;
            let mut key = position_key(&pos);
            let mut list = MoveListOn::new();
            for _ in 0..120 {
                Frisian::legal_moves(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv: MoveOn<_> = list[(seed % list.len() as u64) as usize];
                let next = pos.after(&mv);
                key = key_after(key, &pos, &mv, &next);
                pos = next;
                assert_eq!(key, position_key(&pos), "{}", Frisian::write_fen(&pos));
                assert_eq!(Frisian::parse_fen(&Frisian::write_fen(&pos)).unwrap(), pos);
            }
        }
    }
}

#[test]
fn lidraughts_fen_fields_are_read() {
    // lidraughts writes its move counters and the kings' count after the pieces.
    let pos = Frisian::parse_fen("W:WK32,35:B10,11:H0:F1:+0+332").unwrap();
    assert_eq!(
        pos.king_moves(Color::White).map(|(sq, n)| (sq.number(), n)),
        Some((32, 3))
    );
    let pos = Frisian::parse_fen("W:W31-50:B1-20:H0:F1").unwrap();
    assert_eq!(pos, Frisian::start());
    // A count of a square without a king of its side, or out of range, is refused.
    for bad in [
        "W:WK32,35:B10,11:+0+333",
        "W:WK32,35:B10,11:+0+432",
        "W:WK32,35:B10,11:+0",
        "W:WK32,35:B10,11:+x+0",
    ] {
        let error = Frisian::parse_fen(bad).unwrap_err().to_string();
        assert!(
            error.starts_with("bad count of a king's moves in a row"),
            "{bad}: {error}"
        );
    }
    // International draughts reads no such field.
    assert!(International::parse_fen("W:WK32,35:B10,11:+0+332").is_err());
}

/// Plays from `fen` at each ply the first legal move after which the other side has no
/// capture, and returns the outcome after each; the material must not change.
fn quiet_moves(fen: &str, plies: usize) -> Vec<Option<Outcome>> {
    let mut game = Game::<Frisian>::new(Frisian::parse_fen(fen).unwrap());
    let material_at_start = material(game.position());
    let mut outcomes = Vec::new();
    let (mut list, mut replies) = (MoveListOn::new(), MoveListOn::new());
    for ply in 0..plies {
        game.legal_moves(&mut list);
        let pos = *game.position();
        let mv = list
            .iter()
            .find(|mv| {
                Frisian::legal_moves(&pos.after(mv), &mut replies);
                !mv.is_capture() && !replies.iter().any(MoveOn::is_capture)
            })
            .copied()
            .unwrap_or_else(|| panic!("ply {ply}: no quiet move in {}", Frisian::write_fen(&pos)));
        game.try_play(&mv).unwrap();
        assert_eq!(material(game.position()), material_at_start);
        outcomes.push(game.outcome());
    }
    outcomes
}

#[test]
fn two_kings_against_one_draw_after_seven_moves_each() {
    // Art. 18: two kings against one, seven moves each.
    let outcomes = quiet_moves("W:WK47,K49:BK3", 14);
    assert!(outcomes[..13].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[13], Some(Outcome::Draw(DrawReason::KingEnding)));
    // One king against one: two moves each (Art. 21.1, as lidraughts counts it).
    let outcomes = quiet_moves("W:WK47:BK3", 4);
    assert!(outcomes[..3].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[3], Some(Outcome::Draw(DrawReason::KingEnding)));
    // Three kings against one: no count, and no repetition draw in the Frisian rules.
    assert!(
        quiet_moves("W:WK46,K47,K49:BK3", 20)
            .iter()
            .all(Option::is_none)
    );
}

#[test]
fn pdn_game_types() {
    // lidraughts: Frisian 40, Frysk! 97.
    assert_eq!(Variant::from_pdn(40, None), Some(Variant::Frisian));
    assert_eq!(Variant::from_pdn(97, None), Some(Variant::Frysk));
    let text = "[GameType \"97\"]\n\n1. 46-41 1-6 2. 41-37 6-11 *\n";
    let record = pdn::read::<Frysk>(text).unwrap();
    assert_eq!(record.game.moves().len(), 4);
    // A Frisian game's king moves count in the game read from PDN too.
    let text = "[GameType \"40\"]\n[FEN \"W:WK46,35:B1,5\"]\n\n\
                1. 46-41 1-6 2. 41-37 6-11 3. 37-32 5-10 *\n";
    let record = pdn::read::<Frisian>(text).unwrap();
    assert_eq!(
        record
            .game
            .position()
            .king_moves(Color::White)
            .map(|(_, n)| n),
        Some(3)
    );
}
