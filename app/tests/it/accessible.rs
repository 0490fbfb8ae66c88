//! `--accessible`: the line console for a screen reader: no board drawn, every move said in
//! words (the pieces taken in the order taken), `position` reading out the pieces by square
//! and `rows` the board row by row, each answer one line, and `dama tui --accessible` playing
//! this dialogue. Exact transcripts in English and Czech, and in Spanish and Russian for the
//! rows.

use dama::console::Options;
use dama::i18n::Lang;
use dama_core::Variant;

fn run(opts: &Options, script: &str) -> String {
    crate::czech_common::transcript(opts, script)
}

fn accessible(lang: Lang) -> Options {
    Options {
        accessible: true,
        ..Options::new(Variant::Czech).in_lang(lang)
    }
}

const SCRIPT: &str = "c3-d4\nf6-e5\nd4xf6\ng7xe5\nposition\nquit\n";

#[test]
fn moves_and_the_position_are_said_in_english() {
    assert_eq!(
        run(&accessible(Lang::En), SCRIPT),
        "Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
1. White to move: c3-d4
White c3 to d4.
1... Black to move: f6-e5
Black f6 to e5.
2. White to move: d4xf6
White d4 takes on e5, lands on f6.
2... Black to move: g7xe5
Black g7 takes on f6, lands on e5.
3. White to move: position
White: men a1, c1, e1, g1, b2, d2, f2, h2, a3, e3 and g3; kings none. Black: men e5, b6, d6, h6, a7, c7, e7, b8, d8, f8 and h8; kings none.
3. White to move: quit
"
    );
}

#[test]
fn moves_and_the_position_are_said_in_czech() {
    assert_eq!(
        run(&accessible(Lang::Cs), &SCRIPT.replace("position", "rozestavení")),
        "Česká dáma
Tah zapište jako c3-d4 nebo c3xe5, příkazy vypíše „nápověda“ (help).
1. Bílý na tahu: c3-d4
Bílý c3 na d4.
1... Černý na tahu: f6-e5
Černý f6 na e5.
2. Bílý na tahu: d4xf6
Bílý d4 bere na e5, dopadá na f6.
2... Černý na tahu: g7xe5
Černý g7 bere na f6, dopadá na e5.
3. Bílý na tahu: rozestavení
Bílý: kameny a1, c1, e1, g1, b2, d2, f2, h2, a3, e3 a g3; dámy žádné. Černý: kameny e5, b6, d6, h6, a7, c7, e7, b8, d8, f8 a h8; dámy žádné.
3. Bílý na tahu: quit
"
    );
}

#[test]
fn a_crowning_and_the_computers_moves_are_said_too() {
    let opts = Options {
        start: dama_core::fen::parse("W:Wc7:Bh2").unwrap(),
        ..accessible(Lang::En)
    };
    let out = run(&opts, "c7-d8\nposition\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2..],
        [
            "1. White to move: c7-d8",
            "White c7 to d8. White man crowned.",
            "1... Black to move: position",
            "White: men none; kings d8. Black: men h2; kings none.",
            "1... Black to move: quit",
        ]
    );
    let opts = Options {
        black: dama::play::session::PlayerKind::Engine,
        limits: dama_engine::Limits {
            depth: Some(1),
            ..Default::default()
        },
        ..accessible(Lang::En)
    };
    let out = run(&opts, "c3-d4\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[4].starts_with("Black (computer) plays "), "{out}");
    assert!(
        lines[5].starts_with("Black ") && lines[5].ends_with('.') && lines[5].contains(" to "),
        "{out}"
    );
    // `help` lists `position`, in its one line.
    let out = run(&accessible(Lang::En), "help\nquit\n");
    assert!(
        out.contains("; position: both sides' men and kings by square, in one line; "),
        "{out}"
    );
    // No line of the transcript draws a board.
    assert!(!out.contains("a b c d e f g h"), "{out}");
}

/// Runs the accessible dialogue in `lang` from `fen` on `script`.
fn from(lang: Lang, fen: &str, script: &str) -> String {
    let opts = Options {
        start: dama_core::fen::parse(fen).unwrap(),
        ..accessible(lang)
    };
    run(&opts, script)
}

#[test]
fn the_pieces_taken_are_said_in_the_order_they_are_taken() {
    // Black's man takes d6 first, then d4 (square order would say d4 first); White's king
    // takes f6 from afar, then c3. `setup` says the position set up, as no board is drawn.
    let script = "c7xc3\nsetup W:WKh8,a1:Bf6,c3,h6\nh8xb2\nh6-g5\nquit\n";
    let fen = "B:Wd6,d4,a1:Bc7,h6";
    assert_eq!(
        from(Lang::En, fen, script),
        "Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
1... Black to move: c7xc3
Black c7 takes on d6 and d4, lands on c3.
2. White to move: setup W:WKh8,a1:Bf6,c3,h6
White: men a1; kings h8. Black: men c3, f6 and h6; kings none.
1. White to move: h8xb2
White h8 takes on f6 and c3, lands on b2.
1... Black to move: h6-g5
Black h6 to g5.
2. White to move: quit
"
    );
    assert_eq!(
        from(Lang::Cs, fen, script),
        "Česká dáma
Tah zapište jako c3-d4 nebo c3xe5, příkazy vypíše „nápověda“ (help).
1... Černý na tahu: c7xc3
Černý c7 bere na d6 a d4, dopadá na c3.
2. Bílý na tahu: setup W:WKh8,a1:Bf6,c3,h6
Bílý: kameny a1; dámy h8. Černý: kameny c3, f6 a h6; dámy žádné.
1. Bílý na tahu: h8xb2
Bílý h8 bere na f6 a c3, dopadá na b2.
1... Černý na tahu: h6-g5
Černý h6 na g5.
2. Bílý na tahu: quit
"
    );
    // International draughts: a man taking backwards, 32 and then 41.
    let opts = Options {
        start10: Some(dama_core::fen::parse_on("W:W28:B5,32,41").unwrap()),
        start64: None,
        accessible: true,
        ..Options::international()
    };
    assert_eq!(
        run(&opts, "28x46\nposition\nquit\n"),
        "International draughts (FMJD, 10x10 board)
Enter a move by the squares' numbers, like 32-28 or 28x19; help lists the commands.
1. White to move: 28x46
White 28 takes on 32 and 41, lands on 46.
1... Black to move: position
White: men 46; kings none. Black: men 5; kings none.
1... Black to move: quit
"
    );
}

const FEW: &str = "W:Wc3,Kh2:Bb8,Kd6";

#[test]
fn rows_read_the_board_from_the_top_in_one_line() {
    assert_eq!(
        from(Lang::En, FEW, "rows\nflip\nrows\nflip\nquit\n"),
        "Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
1. White to move: rows
Row 8: b8 black man; row 7: empty; row 6: d6 black king; row 5: empty; row 4: empty; row 3: c3 white man; row 2: h2 white king; row 1: empty.
1. White to move: flip
The rows are now read from row 1 to row 8.
1. White to move: rows
Row 1: empty; row 2: h2 white king; row 3: c3 white man; row 4: empty; row 5: empty; row 6: d6 black king; row 7: empty; row 8: b8 black man.
1. White to move: flip
The rows are now read from row 8 to row 1.
1. White to move: quit
"
    );
    // From the start, each row's pieces from the left.
    let out = run(&accessible(Lang::En), "rows\nquit\n");
    assert_eq!(
        out.lines().nth(3),
        Some(
            "Row 8: b8 black man, d8 black man, f8 black man, h8 black man; \
             row 7: a7 black man, c7 black man, e7 black man, g7 black man; \
             row 6: b6 black man, d6 black man, f6 black man, h6 black man; \
             row 5: empty; row 4: empty; \
             row 3: a3 white man, c3 white man, e3 white man, g3 white man; \
             row 2: b2 white man, d2 white man, f2 white man, h2 white man; \
             row 1: a1 white man, c1 white man, e1 white man, g1 white man."
        ),
        "{out}"
    );
}

#[test]
fn rows_in_czech_spanish_and_russian() {
    assert_eq!(
        from(Lang::Cs, FEW, "řady\notočit\nrady\nquit\n"),
        "Česká dáma
Tah zapište jako c3-d4 nebo c3xe5, příkazy vypíše „nápověda“ (help).
1. Bílý na tahu: řady
Řada 8: b8 černý kámen; řada 7: prázdná; řada 6: d6 černá dáma; řada 5: prázdná; řada 4: prázdná; řada 3: c3 bílý kámen; řada 2: h2 bílá dáma; řada 1: prázdná.
1. Bílý na tahu: otočit
Řady se teď čtou od řady 1 po řadu 8.
1. Bílý na tahu: rady
Řada 1: prázdná; řada 2: h2 bílá dáma; řada 3: c3 bílý kámen; řada 4: prázdná; řada 5: prázdná; řada 6: d6 černá dáma; řada 7: prázdná; řada 8: b8 černý kámen.
1. Bílý na tahu: quit
"
    );
    assert_eq!(
        from(Lang::Es, FEW, "filas\ngirar\nquit\n"),
        "Damas checas
Escribe una jugada como c3-d4 o c3xe5; ayuda (help) muestra las órdenes.
1. Mueven las blancas: filas
Fila 8: b8 ficha negra; fila 7: vacía; fila 6: d6 dama negra; fila 5: vacía; fila 4: vacía; fila 3: c3 ficha blanca; fila 2: h2 dama blanca; fila 1: vacía.
1. Mueven las blancas: girar
Ahora las filas se leen de la 1 a la 8.
1. Mueven las blancas: quit
"
    );
    assert_eq!(
        from(Lang::Ru, FEW, "горизонтали\nперевернуть\nряды\nquit\n"),
        "Чешские шашки
Введите ход, например c3-d4 или c3:e5; help выводит список команд.
1. Ход белых: горизонтали
Горизонталь 8: b8 чёрная шашка; горизонталь 7: пусто; горизонталь 6: d6 чёрная дамка; горизонталь 5: пусто; горизонталь 4: пусто; горизонталь 3: c3 белая шашка; горизонталь 2: h2 белая дамка; горизонталь 1: пусто.
1. Ход белых: перевернуть
Теперь горизонтали читаются с 1-й по 8-ю.
1. Ход белых: ряды
Горизонталь 1: пусто; горизонталь 2: h2 белая дамка; горизонталь 3: c3 белая шашка; горизонталь 4: пусто; горизонталь 5: пусто; горизонталь 6: d6 чёрная дамка; горизонталь 7: пусто; горизонталь 8: b8 чёрная шашка.
1. Ход белых: quit
"
    );
}

/// Ten moves: `game` lists more than 79 characters, which the dialogue without
/// `--accessible` breaks into two lines.
const TEN: &str = "c3-b4\nf6-g5\nb2-c3\ng7-f6\na1-b2\nh8-g7\ng3-h4\nb6-a5\nh2-g3\nc7-b6\n";

const TEN_SAID: &str = "1. White to move: c3-b4
White c3 to b4.
1... Black to move: f6-g5
Black f6 to g5.
2. White to move: b2-c3
White b2 to c3.
2... Black to move: g7-f6
Black g7 to f6.
3. White to move: a1-b2
White a1 to b2.
3... Black to move: h8-g7
Black h8 to g7.
4. White to move: g3-h4
White g3 to h4.
4... Black to move: b6-a5
Black b6 to a5.
5. White to move: h2-g3
White h2 to g3.
5... Black to move: c7-b6
Black c7 to b6.
";

const TEN_ROWS: &str = "Row 8: b8 black man, d8 black man, f8 black man; \
row 7: a7 black man, e7 black man, g7 black man; \
row 6: b6 black man, d6 black man, f6 black man, h6 black man; \
row 5: a5 black man, g5 black man; row 4: b4 white man, h4 white man; \
row 3: a3 white man, c3 white man, e3 white man, g3 white man; \
row 2: b2 white man, d2 white man, f2 white man; \
row 1: c1 white man, e1 white man, g1 white man.";

#[test]
fn every_answer_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.pdn");
    let file = file.display();
    let script = format!(
        "{TEN}help\ngame\nundo\nredo\nsave {file}\nload {file}\npeek\nresign\n\
         position\nrows\ngame\nmaybe\nn\n"
    );
    let moves = "Moves played: 1. c3-b4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 h8-g7 4. g3-h4 b6-a5 \
                 5. h2-g3 c7-b6";
    assert_eq!(
        run(&accessible(Lang::En), &script),
        format!(
            "Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
{TEN_SAID}6. White to move: help
You are playing Czech draughts. \
Moves: c3-d4, c3xe5 or c3:e5, a full capture path c3xe5xg7, also c3 d4 or c3d4. \
Commands: help: this list; moves: the legal moves; game: the moves played so far; \
undo: take back a move; redo: play a taken-back move again; \
fen: print the position as FEN; setup FEN: play on from another position; \
save FILE: save the game (PDN); load FILE: load a game (PDN); \
load FILE N: load the file's game N (1 is the first); \
hint: the move the computer would choose; time: both clocks; \
level N: the computer's level, 1 to 10; draw: offer a draw; resign: resign the game; \
flip: turn the board round; quit: leave the program; \
position: both sides' men and kings by square, in one line; \
rows: the board row by row from the top, in one line.
6. White to move: game
{moves}
6. White to move: undo
Taken back: c7-b6
5... Black to move: redo
Played again: c7-b6
6. White to move: save {file}
Game saved to {file}.
6. White to move: load {file}
Game loaded from {file}: Casual game, 10 half-moves, the game goes on. Last move: c7-b6
6. White to move: peek
{TEN_ROWS}
6. White to move: resign
Black wins: white resigned.
Play again? (y/n): position
White: men c1, e1, g1, b2, d2, f2, a3, c3, e3, g3, b4 and h4; kings none. \
Black: men a5, g5, b6, d6, f6, h6, a7, e7, g7, b8, d8 and f8; kings none.
Play again? (y/n): rows
{TEN_ROWS}
Play again? (y/n): game
{moves}
Play again? (y/n): maybe
Answer y (yes) or n (no); the game can still be saved (save FILE) or a move taken back (undo).
Play again? (y/n): n
"
        )
    );
    // Without --accessible, the same `game` takes two lines, and the game's end is not read
    // out: `position` after it is no answer to the question.
    let plain = Options {
        accessible: false,
        ..accessible(Lang::En)
    };
    let out = run(&plain, &format!("{TEN}game\nresign\nposition\nn\n"));
    let dialogue = crate::czech_common::dialogue(&out);
    assert_eq!(
        dialogue[dialogue.len() - 8..],
        [
            "6. White to move: game",
            "Moves played: 1. c3-b4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 h8-g7 4. g3-h4 b6-a5",
            "5. h2-g3 c7-b6",
            "6. White to move: resign",
            "Black wins: white resigned.",
            "Play again? (y/n): position",
            "Answer y (yes) or n (no); the game can still be saved (save FILE) or a move taken back (undo).",
            "Play again? (y/n): n",
        ],
        "{out}"
    );
}

#[test]
fn a_blindfold_peek_reads_the_rows_and_counts_in_one_line() {
    let opts = Options {
        blindfold: true,
        ..accessible(Lang::En)
    };
    let out = run(&opts, &format!("{TEN}peek\nquit\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[lines.len() - 3..],
        [
            "6. White to move: peek".to_string(),
            format!("{TEN_ROWS} Peeks in this game: 1."),
            "6. White to move: quit".to_string(),
        ],
        "{out}"
    );
}

#[test]
fn help_is_one_line_in_czech() {
    assert_eq!(
        run(&accessible(Lang::Cs), "nápověda\nkonec\n"),
        "Česká dáma
Tah zapište jako c3-d4 nebo c3xe5, příkazy vypíše „nápověda“ (help).
1. Bílý na tahu: nápověda
Hrajete: Česká dáma. \
Tahy: c3-d4, c3xe5 nebo c3:e5, celá cesta braní c3xe5xg7, také c3 d4 nebo c3d4. \
Příkazy (česky i anglicky): nápověda, help: tento seznam; tahy, moves: možné tahy; \
partie, game: dosud zahrané tahy; zpět, undo: vrátit tah; \
vpřed, redo: znovu zahrát vrácený tah; fen: vypsat pozici jako FEN; \
pozice, setup FEN: hrát dál z jiné pozice; uložit, save SOUBOR: uložit partii (PDN); \
načíst, load SOUBOR: načíst partii (PDN); \
načíst SOUBOR N: načíst N-tou partii souboru (1 je první); \
rada, hint: tah, který by zvolil počítač; čas, time: oboje hodiny; \
úroveň N, level N: úroveň počítače, 1 až 10; remíza, draw: nabídnout remízu; \
vzdát, resign: vzdát partii; otočit, flip: otočit šachovnici; \
konec, quit: ukončit program; \
rozestavení, position: kameny a dámy obou stran po polích, na jednom řádku; \
řady, rows: šachovnice po řadách shora, na jednom řádku.
1. Bílý na tahu: konec
"
    );
}

#[test]
fn tui_accessible_plays_the_line_dialogue() {
    // With standard input piped, `dama tui` alone refuses (it needs a terminal); with
    // --accessible it plays the line dialogue, saying so first.
    let out = crate::success_stdout(
        crate::dama()
            .args(["tui", "--accessible", "--rules", "czech", "--lang", "en"])
            .write_stdin("c3-d4\nrows\nquit\n"),
    );
    assert_eq!(
        out,
        "dama tui --accessible plays the line dialogue: a screen reader reads a full-screen board as a jumble.
Czech draughts
Enter a move like c3-d4 or c3xe5; help lists the commands.
1. White to move: c3-d4
White c3 to d4.
1... Black to move: rows
Row 8: b8 black man, d8 black man, f8 black man, h8 black man; \
row 7: a7 black man, c7 black man, e7 black man, g7 black man; \
row 6: b6 black man, d6 black man, f6 black man, h6 black man; \
row 5: empty; row 4: d4 white man; \
row 3: a3 white man, e3 white man, g3 white man; \
row 2: b2 white man, d2 white man, f2 white man, h2 white man; \
row 1: a1 white man, c1 white man, e1 white man, g1 white man.
1... Black to move: quit
"
    );
    let out = crate::success_stdout(
        crate::dama()
            .args(["tui", "--accessible", "--rules", "czech"])
            .write_stdin("c3-d4\nkonec\n"),
    );
    assert_eq!(
        out,
        "dama tui --accessible hraje řádkový dialog: šachovnici přes celou obrazovku čte odečítač obrazovky jako změť znaků.
Česká dáma
Tah zapište jako c3-d4 nebo c3xe5, příkazy vypíše „nápověda“ (help).
1. Bílý na tahu: c3-d4
Bílý c3 na d4.
1... Černý na tahu: konec
"
    );
}

#[test]
fn the_clocks_are_said_on_request_in_one_line() {
    let control: dama_engine::TimeControl = "5m".parse().unwrap();
    let opts = Options {
        clocks: Some([control, control]),
        clock: std::sync::Arc::new(dama::play::clock::FakeClock::per_line(
            std::time::Duration::from_secs(7),
        )),
        ..accessible(Lang::En)
    };
    let out = run(&opts, "c3-d4\ntime\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[lines.len() - 4..],
        [
            "White c3 to d4.",
            "1... (white 4:53, black 5:00) Black to move: time",
            // The fake clock moves on 7 s a line read: black's ran while `time` was typed.
            "Clocks: white 4:53, black 4:53",
            "1... (white 4:53, black 4:53) Black to move: quit",
        ],
        "{out}"
    );
}
