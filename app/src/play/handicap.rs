//! A game given with a handicap (the Czech rules' art. 11: a stronger player gives one or more
//! men): the giver starts without them, and the record says so.
//!
//! Which men (decision; no federation text here names them): the giver's men nearest its own
//! back edge go first, and along that row from the giver's left (a1, c1, e1, g1 for White on
//! 8×8; h8, f8, … for Black), then the next row the same way. Taking the back row first keeps
//! the front of the position as in a normal opening, so the book and the player's knowledge
//! still apply, and the giver's king row is what it pays with.

use dama_core::{BitboardOn, Board, Color, PositionOn, SquareOn};

/// The most men a handicap may give.
pub const MAX_MEN: usize = 8;

/// Why a handicap cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{side} cannot give a handicap of {men} men: at most {most} here")]
pub struct HandicapError {
    /// The men asked for.
    pub men: usize,
    /// The giving side, in words.
    pub side: &'static str,
    /// The most that can be given from this start.
    pub most: usize,
}

/// The giver's men in the order a handicap takes them.
fn order<B: Board>(start: &PositionOn<B>, giver: Color) -> Vec<SquareOn<B>> {
    let mut men: Vec<SquareOn<B>> = start.men(giver).into_iter().collect();
    let last = B::SIZE - 1;
    men.sort_by_key(|sq| match giver {
        Color::White => (sq.rank(), sq.file()),
        Color::Black => (last - sq.rank(), last - sq.file()),
    });
    men
}

/// `start` without `men` of `giver`'s men, taken as the module says; at least one man stays.
pub fn give<B: Board>(
    start: &PositionOn<B>,
    giver: Color,
    men: usize,
) -> Result<PositionOn<B>, HandicapError> {
    let order = order(start, giver);
    if men >= order.len() || men > MAX_MEN {
        return Err(HandicapError {
            men,
            side: giver.name(),
            most: order.len().saturating_sub(1).min(MAX_MEN),
        });
    }
    let taken = order[..men]
        .iter()
        .fold(BitboardOn::EMPTY, |bb, &sq| bb.with(sq));
    let mut setup = start.to_setup();
    match giver {
        Color::White => setup.white &= !taken,
        Color::Black => setup.black &= !taken,
    }
    Ok(PositionOn::from_setup(&setup).expect("fewer men of a sound position stay sound"))
}

/// Whether `start` is `initial` with a handicap given: the giver and the men it gave, when
/// `start` is exactly what [`give`] makes of `initial`.
pub fn given<B: Board>(initial: &PositionOn<B>, start: &PositionOn<B>) -> Option<(Color, usize)> {
    [Color::White, Color::Black].into_iter().find_map(|giver| {
        let missing = initial.men(giver).count() as usize;
        let left = start.men(giver).count() as usize;
        let men = missing.checked_sub(left).filter(|&n| n > 0)?;
        (give(initial, giver, men).ok()? == *start).then_some((giver, men))
    })
}

/// The record's tag of a handicap start: `White 2` (White gave two men).
pub fn tag(giver: Color, men: usize) -> String {
    format!("{} {men}", giver.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{Board8, Board10, BoardRules, Czech, International, Russian};

    fn names<B: Board>(before: &PositionOn<B>, after: &PositionOn<B>, side: Color) -> String {
        let gone = before.men(side) & !after.men(side);
        let mut squares: Vec<SquareOn<B>> = gone.into_iter().collect();
        squares.sort_by_key(|sq| (sq.rank(), sq.file()));
        squares
            .iter()
            .map(|sq| format!("{}{}", (b'a' + sq.file()) as char, sq.rank() + 1))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_back_row_goes_first_from_the_givers_left() {
        let start: PositionOn<Board8> = Czech::start();
        let two = give(&start, Color::White, 2).unwrap();
        assert_eq!(names(&start, &two, Color::White), "a1 c1");
        assert_eq!(two.men(Color::Black), start.men(Color::Black));
        let five = give(&start, Color::White, 5).unwrap();
        assert_eq!(names(&start, &five, Color::White), "a1 c1 e1 g1 b2");
        let black = give(&Russian::start(), Color::Black, 1).unwrap();
        assert_eq!(names(&Russian::start(), &black, Color::Black), "h8");
        let ten: PositionOn<Board10> = International::start();
        let three = give(&ten, Color::White, 3).unwrap();
        assert_eq!(names(&ten, &three, Color::White), "a1 c1 e1");
        assert_eq!(given(&ten, &three), Some((Color::White, 3)));
        assert_eq!(given(&start, &start), None);
        assert_eq!(
            given(&start, &give(&start, Color::Black, 4).unwrap()),
            Some((Color::Black, 4))
        );
        let e = give(&start, Color::White, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "White cannot give a handicap of 9 men: at most 8 here"
        );
        assert_eq!(tag(Color::White, 2), "White 2");
    }
}
