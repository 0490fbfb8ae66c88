//! The shape of the line dialogue's message catalogue, and the translation of library errors
//! into its language. The catalogues themselves are `cs.rs`, `en.rs`, `es.rs` and `ru.rs`.

use super::{CommandWord, RulesTexts, capitalize, fill};
use crate::files::FileError;
use crate::play::records::LoadError;
use dama_core::fen::FenError;
use dama_core::game::{Outcome, WinReason};
use dama_core::notation::Notation;
use dama_core::notation::algebraic::{MoveError, ParseError, SyntaxError};
use dama_core::pdn::{PdnError, PdnErrorKind};
use dama_core::position::SetupError;
use dama_core::rules::DrawReason;
use dama_core::square::SquareError;
use dama_core::{Board, Color, MoveOn, RuleSetInfo, SquareOn, Variant};

/// Every text of the Czech console in one language. Templates hold `{0}`, `{1}`… for the
/// values filled in by [`fill`].
#[derive(Debug)]
pub struct Texts {
    /// The title line of each rule set of the registry (a match the compiler checks whole).
    pub titles: fn(Variant) -> &'static str,
    /// The command words of this language, taken beside the English ones.
    pub commands: &'static [(&'static str, CommandWord)],
    /// The first line of `help`: {0} the title of the rule set played.
    pub help_rules: &'static str,
    /// The line after the title: how to enter moves.
    pub intro: &'static str,
    /// The legend under the board.
    pub legend: &'static str,
    /// The prompt when white is to move.
    pub prompt_white: &'static str,
    /// The prompt when black is to move.
    pub prompt_black: &'static str,
    /// White, in a sentence ("bílý").
    pub white: &'static str,
    /// Black, in a sentence ("černý").
    pub black: &'static str,
    /// The lines `help` prints.
    pub help: &'static [&'static str],
    /// An input that is neither a command nor a move: {0} the input.
    pub unknown: &'static str,
    /// A command that takes no argument was given one: {0} the command.
    pub no_argument: &'static str,
    /// `moves`: {0} the legal moves.
    pub moves: &'static str,
    /// `game`: {0} the moves played, numbered as in a PDN record.
    pub game_moves: &'static str,
    /// `game` before the first move.
    pub no_game_moves: &'static str,
    /// Said (at a terminal) while the engine searches: {0} the side, capitalised.
    pub engine_thinking: &'static str,
    /// `undo`: {0} the moves taken back.
    pub undone: &'static str,
    /// `undo` at the start.
    pub nothing_to_undo: &'static str,
    /// `undo` against the engine when the person has made no move yet.
    pub nothing_of_yours: &'static str,
    /// `undo` with only a ballot's moves played (`--ballot`): they are not taken back.
    pub ballot_stays: &'static str,
    /// The game starts from a ballot (`--ballot`): {0} its number, {1} its moves.
    pub ballot: &'static str,
    /// `redo`: {0} the moves played again.
    pub redone: &'static str,
    /// `redo` with nothing taken back.
    pub nothing_to_redo: &'static str,
    /// `setup` without a FEN.
    pub setup_usage: &'static str,
    /// A bad FEN: {0} the reason.
    pub setup_bad: &'static str,
    /// `save` without a file.
    pub save_usage: &'static str,
    /// Saved: {0} the file.
    pub saved: &'static str,
    /// Not saved: {0} the file, {1} the reason.
    pub save_failed: &'static str,
    /// `load` without a file.
    pub load_usage: &'static str,
    /// Loaded: {0} the file, {1} the event, {2} the number of half-moves (`RulesTexts::half_moves`), {3} the state of
    /// the game.
    pub loaded: &'static str,
    /// The state of a loaded game that goes on.
    pub in_progress: &'static str,
    /// The last move: {0} the move.
    pub last_move: &'static str,
    /// Not loaded: {0} the file, {1} the reason.
    pub load_failed: &'static str,
    /// Said after a refused `load`: the game is kept.
    pub kept: &'static str,
    /// A located PDN problem: {0} the line, {1} the problem.
    pub at_line: &'static str,
    /// A person offers a draw to a person: {0} who offers, {1} who answers.
    pub draw_offer: &'static str,
    /// The draw offer was declined.
    pub draw_declined: &'static str,
    /// Two engines reached the move cap under rules that draw nothing: {0} the half-moves.
    pub engine_move_cap: &'static str,
    /// The engine accepts a draw.
    pub engine_accepts: &'static str,
    /// The engine declines a draw.
    pub engine_declines: &'static str,
    /// The engine offers a draw to the person.
    pub engine_offers: &'static str,
    /// The engine's move: {0} the side (capitalised), {1} the move, {2} what it saw.
    pub engine_plays: &'static str,
    /// What the engine saw: {0} seconds, {1} the depth, {2} the score.
    pub engine_saw: &'static str,
    /// What stands for the search after a move from the opening book.
    pub engine_book: &'static str,
    /// The endgame tables' win: {0} the half-moves of the current phase (to the next move
    /// that resets the rules' draw counts: a capture, a man's move), not of the whole game.
    pub score_table_win: &'static str,
    /// The endgame tables' loss, counted as [`Texts::score_table_win`].
    pub score_table_loss: &'static str,
    /// The decimal separator of numbers.
    pub decimal: char,
    /// `quit` with an unsaved game, at a terminal.
    pub quit_unsaved: &'static str,
    /// `resign`, at a terminal.
    pub resign_confirm: &'static str,
    /// `hint`: {0} the suggested move.
    pub hint: &'static str,
    /// `hint` when the engine has no move.
    pub no_hint: &'static str,
    /// The full-strength hint: `{0}` the move, `{1}` its score, `{2}` the line expected.
    pub hint_scored: &'static str,
    /// Both clocks: `{0}` white's time left, `{1}` black's (in the prompt and `time`).
    pub clocks: &'static str,
    /// The `time` command's line: `{0}` the clocks.
    pub clocks_line: &'static str,
    /// The `time` command in a game without clocks.
    pub no_clock: &'static str,
    /// At the start of a blindfold game (`--blindfold`).
    pub blindfold_intro: &'static str,
    /// A blindfold game without a score sheet (`--no-record`): said at its start and to `game`.
    pub no_record: &'static str,
    /// After the board a `peek` shows: `{0}` the peeks made in this game so far.
    pub peeked: &'static str,
    /// The help's line of `peek`, shown in a blindfold game.
    pub peek_help: &'static str,
    /// The help's line of `position`, shown with `--accessible`.
    pub position_help: &'static str,
    /// The help's line of `rows`, shown with `--accessible`.
    pub rows_help: &'static str,
    /// `--accessible`: a plain move in words: `{0}` the side, `{1}` from, `{2}` to.
    pub said_move: &'static str,
    /// `--accessible`: a capture in words: `{0}` the side, `{1}` from, `{2}` the squares of
    /// the pieces taken, `{3}` where it lands.
    pub said_capture: &'static str,
    /// `--accessible`: after a move that crowns: `{0}` the side whose man is crowned.
    pub said_crowned: &'static str,
    /// `--accessible`, `position`: one side's pieces: `{0}` the side, `{1}` its men's
    /// squares, `{2}` its kings'.
    pub said_side: &'static str,
    /// `--accessible`: no square to name.
    pub said_none: &'static str,
    /// `--accessible`: the word before the last of a list (`d4, f6 and h4`).
    pub said_and: &'static str,
    /// `--accessible`, `rows`: one row of the board: `{0}` its number, `{1}` its pieces
    /// (`b8 black man, d8 black king`) or [`Texts::said_empty`].
    pub said_row: &'static str,
    /// `--accessible`, `rows`: a row without a piece.
    pub said_empty: &'static str,
    /// `--accessible`, `rows`: the pieces' names, after their square: a white man, a white
    /// king, a black man, a black king.
    pub said_pieces: [&'static str; 4],
    /// `--accessible`, `flip`: the order `rows` reads now: `{0}` the row read first, `{1}`
    /// the last.
    pub said_flipped: &'static str,
    /// `dama tui --accessible`: its first line, saying that it plays the line dialogue and
    /// why.
    pub tui_accessible: &'static str,
    /// On a move-count control, after the clocks: `{0}` the moves the side to move must
    /// still make before its next time control.
    pub to_control: &'static str,
    /// A side completed a period of a move-count control: `{0}` the side, `{1}` the time
    /// added to its clock.
    pub period_added: &'static str,
    /// The `level N` command: `{0}` the new level.
    pub level_set: &'static str,
    /// The `level` command without a level from 1 to 10.
    pub level_usage: &'static str,
    /// A win because the loser has no pieces: {0} winner, {1} loser.
    pub win_no_pieces: &'static str,
    /// A win because the loser cannot move: {0} winner, {1} loser.
    pub win_blocked: &'static str,
    /// A win by crowning the first king (breakthrough): {0} winner.
    pub win_crowned: &'static str,
    /// A win by resignation: {0} winner, {1} loser.
    pub win_resignation: &'static str,
    /// A flag fall: `{0}` the winner, `{1}` the side whose time ran out.
    pub win_time: &'static str,
    /// A draw by agreement.
    pub draw_agreement: &'static str,
    /// A draw by threefold repetition.
    pub draw_repetition: &'static str,
    /// A draw by 15 moves each without a man move or capture.
    pub draw_no_progress: &'static str,
    /// A draw by the king-ending counts.
    pub draw_king_ending: &'static str,
    /// The play-again question.
    pub play_again: &'static str,
    /// A yes/no question got another answer.
    pub yes_or_no: &'static str,
    /// An answer to the play-again question that is neither yes, no, `save FILE`, `undo` nor
    /// `quit`.
    pub after_game: &'static str,
    /// `undo` of a resignation or an agreed draw.
    pub result_undone: &'static str,
    /// `undo` after a flag fall, which is not taken back.
    pub time_loss_stays: &'static str,
    /// The answers meaning yes (lower case).
    pub yes: &'static [&'static str],
    /// The answers meaning no (lower case).
    pub no: &'static [&'static str],
    /// The PDN `Event` of a saved game.
    pub event: &'static str,
    /// The PDN player name of a person.
    pub human: &'static str,
    /// The PDN player name of the engine.
    pub engine: &'static str,
    /// Move errors, step 1: unreadable ({0} the text), light square ({0}), mixed separators ({0}).
    pub err_unreadable: &'static str,
    /// {0} a light square.
    pub err_light: &'static str,
    /// {0} the text.
    pub err_mixed: &'static str,
    /// Move errors, step 2: {0} the square.
    pub err_no_piece: &'static str,
    /// {0} the square.
    pub err_not_yours: &'static str,
    /// {0} the captures.
    pub err_compulsory: &'static str,
    /// {0} the king's captures.
    pub err_king_priority: &'static str,
    /// {0} the finished captures.
    pub err_unfinished: &'static str,
    /// {0} the square.
    pub err_occupied: &'static str,
    /// {0} the candidates.
    pub err_ambiguous: &'static str,
    /// {0} the square.
    pub err_not_legal: &'static str,
    /// A move of one square.
    pub err_too_short: &'static str,
    /// A plain move given with more than one step.
    pub err_one_step: &'static str,
    /// FEN errors: empty.
    pub fen_empty: &'static str,
    /// {0} the number of fields.
    pub fen_fields: &'static str,
    /// {0} the side.
    pub fen_turn: &'static str,
    /// {0} the list.
    pub fen_colour: &'static str,
    /// {0} the colour letter, W or B.
    pub fen_colour_twice: &'static str,
    /// {0} the text.
    pub fen_square: &'static str,
    /// {0} the text.
    pub fen_light: &'static str,
    /// {0} the number, {1} the board's highest square number (32 on 8×8, 50 on 10×10).
    pub fen_number: &'static str,
    /// {0} the range.
    pub fen_range: &'static str,
    /// {0} the square.
    pub fen_square_twice: &'static str,
    /// A FEN's count of a king's plain moves in a row (Frisian) cannot be read; {0}: the
    /// field.
    pub fen_king_moves: &'static str,
    /// {0} the square.
    pub fen_both_colours: &'static str,
    /// {0} the square.
    pub fen_king_without_piece: &'static str,
    /// {0} the square.
    pub fen_crowning_rank: &'static str,
    /// {0} the count.
    pub fen_too_many: &'static str,
    /// No piece on the board at all.
    pub fen_no_pieces: &'static str,
    /// PDN errors: no game.
    pub pdn_empty: &'static str,
    /// An unclosed comment.
    pub pdn_comment: &'static str,
    /// An unclosed variation.
    pub pdn_variation: &'static str,
    /// A stray `)`.
    pub pdn_parenthesis: &'static str,
    /// A bad tag.
    pub pdn_tag: &'static str,
    /// {0} the FEN problem.
    pub pdn_fen: &'static str,
    /// {0} the token.
    pub pdn_unreadable: &'static str,
    /// {0} the move number, {1} the move, {2} the reason.
    pub pdn_illegal: &'static str,
    /// {0} the move.
    pub pdn_after_end: &'static str,
    /// No result: cut short.
    pub pdn_no_result: &'static str,
    /// {0} the result.
    pub pdn_result: &'static str,
    /// File errors: not found.
    pub io_not_found: &'static str,
    /// Permission denied.
    pub io_denied: &'static str,
    /// Another system error: {0} the system's text.
    pub io_other: &'static str,
    /// A name that is a directory, a pipe or a device, not a file.
    pub io_not_a_file: &'static str,
    /// A file over the size limit: {0} the limit in bytes.
    pub io_too_large: &'static str,
    /// The directory to save into does not exist: {0} the directory.
    pub io_no_directory: &'static str,
    /// A game file of other rules: {0} the file's rule set, {1} the rule set played.
    pub other_rules: &'static str,
    /// A game file of a kind no rule set here plays: {0} its PDN `GameType`, {1} the rule
    /// set played.
    pub other_game_type: &'static str,
    /// A game number not in the file (`load FILE N`, `--game N`), when it holds several
    /// games: {0} how many, {1} the number asked for.
    pub no_such_game: &'static str,
    /// The same when the file holds one game: {1} the number asked for.
    pub no_such_game_one: &'static str,
    /// The `Event` tag of a simul's games.
    pub simul_event: &'static str,
    /// The start of a simul a person gives: `{0}` the boards.
    pub simul_person_gives: &'static str,
    /// The start of a simul the computer gives: `{0}` the boards.
    pub simul_engine_gives: &'static str,
    /// A simul's board: `{0}` its number.
    pub simul_board: &'static str,
    /// A simul's board with its player's name: `{0}` its number, `{1}` the name.
    pub simul_board_named: &'static str,
    /// Play comes to a board: `{0}` its name, `{1}` the boards in play.
    pub simul_at: &'static str,
    /// `boards`: a game that goes on: `{0}` the board, `{1}` the number of the move to play, `{2}` the side to move.
    pub simul_state: &'static str,
    /// A simul a person gave is over: `{0}` the points, `{1}` the boards, `{2}` won, `{3}` drawn, `{4}` lost.
    pub simul_score_person: &'static str,
    /// A simul the computer gave is over: as `simul_score_person`.
    pub simul_score_engine: &'static str,
    /// The simul was written: `{0}` the file.
    pub simul_saved: &'static str,
    /// Leaving a simul kept in a file: `{0}` the file.
    pub simul_kept: &'static str,
    /// A simul read back from its file: `{0}` the file, `{1}` the boards, `{2}` those in play.
    pub simul_resumed: &'static str,
    /// `undo`, `redo`, `setup` or `load` in a simul.
    pub not_in_simul: &'static str,
    /// `boards` outside a simul.
    pub boards_no_simul: &'static str,
    /// The help's line of `boards`, in a simul.
    pub boards_help: &'static str,
}

impl Texts {
    /// The title of the rule set `info` names (the registry's summary for a rule set of
    /// another crate, which no catalogue knows).
    pub fn title(&self, info: &RuleSetInfo) -> &'static str {
        Variant::named(info.name).map_or(info.summary, self.titles)
    }

    /// A score as the engine's move line shows it: a value in men (`+0.43`, with this
    /// language's separator); a win or loss as `+win 5` (the words and their plural forms are
    /// [`RulesTexts::score`]'s).
    pub fn score(&self, score: dama_engine::Score) -> String {
        use dama_engine::Score;
        match score {
            Score::Value(v) => self.number(&format!("{:+.2}", f64::from(v) / 100.0)),
            other => other.to_string(),
        }
    }

    /// The hint's line: its move, score and expected line in `notation`.
    pub fn hint_text(&self, hint: &crate::play::hint::Hint, notation: Notation) -> String {
        self.hint_text_with(hint, &|mv| notation.write(mv))
    }

    /// [`Texts::hint_text`] on any board, each move written by `write`.
    pub fn hint_text_with<B: Board>(
        &self,
        hint: &crate::play::hint::Hint<B>,
        write: &dyn Fn(&MoveOn<B>) -> String,
    ) -> String {
        match hint.score {
            Some(score) => fill(
                self.hint_scored,
                &[
                    &write(&hint.mv),
                    &self.score(score),
                    &hint.pv.iter().map(write).collect::<Vec<_>>().join(" "),
                ],
            ),
            None => fill(self.hint, &[&write(&hint.mv)]),
        }
    }

    /// `text` (a number written with `.`) with this language's decimal separator.
    pub fn number(&self, text: &str) -> String {
        text.replace('.', &self.decimal.to_string())
    }

    /// The name of a side in a sentence.
    pub fn side(&self, color: Color) -> &'static str {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The tags of a game saved today in this language, with each side named human or
    /// engine.
    pub fn pdn_header(&self, white_engine: bool, black_engine: bool) -> dama_core::pdn::Header {
        let name = |engine: bool| if engine { self.engine } else { self.human }.to_string();
        dama_core::pdn::Header {
            event: self.event.to_string(),
            site: "?".to_string(),
            date: dama_core::pdn::today(),
            round: "-".to_string(),
            white: name(white_engine),
            black: name(black_engine),
        }
    }

    /// What a loaded game is, in one line: the file, its event, its length and its state.
    pub fn loaded_report<R: dama_core::GameRules>(
        &self,
        rt: &RulesTexts,
        file: &str,
        record: &dama_core::pdn::Record<R>,
    ) -> String {
        let event = record
            .tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("Event"))
            .map_or("?", |(_, value)| value.as_str());
        let state = match record.game.outcome() {
            Some(outcome) => {
                self.outcome_where(outcome, rt, record.game.rules().object().cannot_move_wins())
            }
            None => self.in_progress.to_string(),
        };
        let plies = record.game.moves().len();
        let form = (rt.plural)(u32::try_from(plies).unwrap_or(u32::MAX));
        let count = fill(rt.half_moves[form], &[&plies.to_string()]);
        let event = dama_core::text::excerpt(event);
        fill(self.loaded, &[file, &event, &count, &state])
    }

    /// How the game ended, as a sentence (`rt`: the rule sets' texts of the same language).
    pub fn outcome(&self, outcome: Outcome, rt: &RulesTexts) -> String {
        self.outcome_where(outcome, rt, false)
    }

    /// [`Texts::outcome`] under rules where `cannot_move_wins`: there the side without pieces
    /// or moves is the winner (`White wins: white cannot move.`).
    pub fn outcome_where(
        &self,
        outcome: Outcome,
        rt: &RulesTexts,
        cannot_move_wins: bool,
    ) -> String {
        match outcome {
            Outcome::Win { winner, reason } => {
                let (template, stuck) = match reason {
                    WinReason::NoPieces if cannot_move_wins => (self.win_no_pieces, winner),
                    WinReason::Blocked if cannot_move_wins => (self.win_blocked, winner),
                    WinReason::NoPieces => (self.win_no_pieces, !winner),
                    WinReason::Blocked => (self.win_blocked, !winner),
                    WinReason::Crowned => (self.win_crowned, !winner),
                    WinReason::Resignation => (self.win_resignation, !winner),
                    WinReason::Time => (self.win_time, !winner),
                };
                capitalize(&fill(template, &[self.side(winner), self.side(stuck)]))
            }
            Outcome::Draw(reason) => match reason {
                DrawReason::Agreement => self.draw_agreement,
                DrawReason::Repetition => self.draw_repetition,
                DrawReason::NoProgress => self.draw_no_progress,
                DrawReason::KingEnding => self.draw_king_ending,
                DrawReason::MaterialUnchanged => rt.draw_material,
            }
            .to_string(),
        }
    }

    /// Why a typed move was refused.
    pub fn parse_error(&self, error: &ParseError) -> String {
        self.parse_error_in(error, Notation::Algebraic)
    }

    /// [`Texts::parse_error`] with the moves it lists written in `notation`.
    pub fn parse_error_in(&self, error: &ParseError, notation: Notation) -> String {
        match error {
            ParseError::Syntax(SyntaxError::Unreadable(t)) => fill(self.err_unreadable, &[t]),
            ParseError::Syntax(SyntaxError::LightSquare(t)) => fill(self.err_light, &[t]),
            ParseError::Syntax(SyntaxError::MixedSeparators(t)) => fill(self.err_mixed, &[t]),
            ParseError::Move(e) => self.move_error_in(e, notation),
        }
    }

    /// [`Texts::move_error`] with the moves it lists written in `notation`.
    pub fn move_error_in(&self, error: &MoveError, notation: Notation) -> String {
        self.move_error_with(error, &|sq| notation.write_square(sq), &|m| {
            notation.write_list(m)
        })
    }

    /// Why a move is not legal on any board: `square` names a square, `list` writes moves.
    pub fn move_error_with<B: Board>(
        &self,
        error: &MoveError<B>,
        square: &dyn Fn(SquareOn<B>) -> String,
        list: &dyn Fn(&[MoveOn<B>]) -> String,
    ) -> String {
        let (template, arg) = match error {
            MoveError::NoPiece(sq) => (self.err_no_piece, square(*sq)),
            MoveError::NotYourPiece(sq) => (self.err_not_yours, square(*sq)),
            MoveError::CaptureCompulsory(m) => (self.err_compulsory, list(m)),
            MoveError::KingMustCapture(m) => (self.err_king_priority, list(m)),
            MoveError::Unfinished(m) => (self.err_unfinished, list(m)),
            MoveError::Occupied(sq) => (self.err_occupied, square(*sq)),
            MoveError::Ambiguous(m) => (self.err_ambiguous, list(m)),
            MoveError::NotLegal(sq) => (self.err_not_legal, square(*sq)),
            MoveError::TooShort => (self.err_too_short, String::new()),
            MoveError::OneStep => (self.err_one_step, String::new()),
        };
        fill(template, &[&arg])
    }

    /// Why a FEN is not a position.
    pub fn fen_error<B: Board>(&self, error: &FenError<B>) -> String {
        match error {
            FenError::Empty => self.fen_empty.to_string(),
            FenError::FieldCount(n) => fill(self.fen_fields, &[&n.to_string()]),
            FenError::BadTurn(t) => fill(self.fen_turn, &[t]),
            FenError::BadColour(t) => fill(self.fen_colour, &[t]),
            FenError::ColourTwice(c) => {
                let letter = if *c == "white" { "W" } else { "B" };
                fill(self.fen_colour_twice, &[letter])
            }
            FenError::BadSquare { text, reason } => match reason {
                SquareError::Light(_) => fill(self.fen_light, &[text]),
                SquareError::NumberOutOfRange { number, most } => {
                    fill(self.fen_number, &[&number.to_string(), &most.to_string()])
                }
                SquareError::Unreadable(_) => fill(self.fen_square, &[text]),
            },
            FenError::BadRange(t) => fill(self.fen_range, &[t]),
            FenError::SquareTwice(sq) => fill(self.fen_square_twice, &[&sq.to_string()]),
            FenError::BadKingMoves(t) => fill(self.fen_king_moves, &[t]),
            FenError::Setup(e) => match e {
                SetupError::BothColours(sq) => fill(self.fen_both_colours, &[&sq.to_string()]),
                SetupError::KingWithoutPiece(sq) => {
                    fill(self.fen_king_without_piece, &[&sq.to_string()])
                }
                SetupError::ManOnCrowningRank { square, .. } => {
                    fill(self.fen_crowning_rank, &[&square.to_string()])
                }
                SetupError::TooManyPieces { count, .. } => {
                    fill(self.fen_too_many, &[&count.to_string()])
                }
                SetupError::Empty => self.fen_no_pieces.to_string(),
            },
        }
    }

    /// Why a PDN text was refused, with its line; moves and squares written in `notation`.
    pub fn pdn_error(&self, error: &PdnError, notation: Notation) -> String {
        self.pdn_error_with(error, &|e| self.move_error_in(e, notation))
    }

    /// [`Texts::pdn_error`] on any board, an illegal move's reason said by `move_error`.
    pub fn pdn_error_with<B: Board>(
        &self,
        error: &PdnError<B>,
        move_error: &dyn Fn(&MoveError<B>) -> String,
    ) -> String {
        let problem = match &error.kind {
            PdnErrorKind::Empty => self.pdn_empty.to_string(),
            PdnErrorKind::UnclosedComment => self.pdn_comment.to_string(),
            PdnErrorKind::UnclosedVariation => self.pdn_variation.to_string(),
            PdnErrorKind::StrayParenthesis => self.pdn_parenthesis.to_string(),
            PdnErrorKind::BadTag => self.pdn_tag.to_string(),
            PdnErrorKind::BadFen(e) => fill(self.pdn_fen, &[&self.fen_error(e)]),
            PdnErrorKind::Unreadable(t) => fill(self.pdn_unreadable, &[t]),
            PdnErrorKind::Illegal {
                number,
                text,
                reason,
            } => fill(
                self.pdn_illegal,
                &[&number.to_string(), text, &move_error(reason)],
            ),
            PdnErrorKind::AfterEnd(t) => fill(self.pdn_after_end, &[t]),
            PdnErrorKind::NoResult => self.pdn_no_result.to_string(),
            PdnErrorKind::ResultMismatch(r) => fill(self.pdn_result, &[r]),
        };
        fill(self.at_line, &[&error.line.to_string(), &problem])
    }

    /// Why a file could not be read or written.
    pub fn file_error(&self, error: &FileError) -> String {
        match error {
            FileError::NotFound => self.io_not_found.to_string(),
            FileError::Denied => self.io_denied.to_string(),
            FileError::NotAFile => self.io_not_a_file.to_string(),
            FileError::TooLarge { limit } => fill(self.io_too_large, &[&limit.to_string()]),
            FileError::NoDirectory(dir) => {
                fill(self.io_no_directory, &[&dir.display().to_string()])
            }
            FileError::Io(e) => fill(self.io_other, &[&e.to_string()]),
        }
    }

    /// Why a game could not be loaded; moves and squares written in `notation`.
    pub fn load_error(&self, error: &LoadError, notation: Notation) -> String {
        self.load_error_with(error, &|e| self.pdn_error(e, notation))
    }

    /// [`Texts::load_error`] on any board, a PDN problem said by `pdn_error`.
    pub fn load_error_with<B: Board>(
        &self,
        error: &LoadError<B>,
        pdn_error: &dyn Fn(&PdnError<B>) -> String,
    ) -> String {
        match error {
            LoadError::File(e) => self.file_error(e),
            LoadError::Pdn(e) => pdn_error(e),
            LoadError::OtherRules { file, playing } => fill(self.other_rules, &[file, playing]),
            LoadError::OtherGameType { game_type, playing } => {
                fill(self.other_game_type, &[&game_type.to_string(), playing])
            }
            LoadError::NoSuchGame { number, count } => {
                let template = if *count == 1 {
                    self.no_such_game_one
                } else {
                    self.no_such_game
                };
                fill(template, &[&count.to_string(), &number.to_string()])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_once() {
        assert_eq!(fill("{0} and {1}", &["{1}", "b"]), "{1} and b");
        assert_eq!(fill("a '{' b {2}", &["x"]), "a '{' b {2}");
        assert_eq!(capitalize("černý"), "Černý");
    }
}
