//! Text for messages: quoting outside text (a file, a FEN, a typed line), listing names.

/// The longest piece of outside text (a file, a FEN, a typed line) quoted in a message, in
/// characters.
const EXCERPT_CHARS: usize = 40;

/// `text` as a message may quote it: control characters escaped (`\u{0}`), cut to at most
/// [`EXCERPT_CHARS`] characters (counted after escaping) with `…` after a cut.
pub fn excerpt(text: &str) -> String {
    excerpt_of(text, EXCERPT_CHARS)
}

/// [`excerpt`] with another length: control characters escaped, cut to at most `max_chars`
/// characters (counted after escaping) with `…` after a cut.
pub fn excerpt_of(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut written = 0;
    for c in text.chars() {
        let piece: String = if c.is_control() {
            c.escape_default().collect()
        } else {
            c.to_string()
        };
        written += piece.chars().count();
        if written > max_chars {
            out.push('…');
            break;
        }
        out.push_str(&piece);
    }
    out
}

/// `a, b or c`: items joined by commas, the last by `or`.
pub fn join_or(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The order of move texts in lists: runs of digits compare as numbers, so `9-13` comes
/// before `10-14` (square numbers) and `c3-d4` before `c3xe5` as in text order.
pub fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let run = |s: &[u8]| s.iter().take_while(|c| c.is_ascii_digit()).count();
                let (na, nb) = (run(a), run(b));
                let strip = |s: &'_ [u8]| -> usize { s.iter().take_while(|&&c| c == b'0').count() };
                let (da, db) = (
                    &a[strip(&a[..na]).min(na)..na],
                    &b[strip(&b[..nb]).min(nb)..nb],
                );
                let order = da.len().cmp(&db.len()).then_with(|| da.cmp(db));
                if order != Ordering::Equal {
                    return order;
                }
                a = &a[na..];
                b = &b[nb..];
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                a = &a[1..];
                b = &b[1..];
            }
        }
    }
}

/// Sorts move texts in [`natural_order`].
pub fn sort_natural(texts: &mut [String]) {
    texts.sort_by(|a, b| natural_order(a, b));
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn square_numbers_sort_as_numbers() {
        let mut texts: Vec<String> = ["10-14", "9-14", "11-15", "9-13", "c3xe5", "c3-d4"]
            .map(String::from)
            .to_vec();
        super::sort_natural(&mut texts);
        assert_eq!(texts, ["9-13", "9-14", "10-14", "11-15", "c3-d4", "c3xe5"]);
    }

    #[test]
    fn excerpts_are_printable_and_short() {
        assert_eq!(excerpt("c3-d4"), "c3-d4");
        assert_eq!(excerpt("a\0b"), "a\\u{0}b");
        let long = excerpt(&"\0".repeat(1000));
        assert!(long.chars().count() <= 41 && long.ends_with('…'), "{long}");
        assert_eq!(excerpt(&"x".repeat(40)), "x".repeat(40));
        assert_eq!(excerpt(&"x".repeat(41)), format!("{}…", "x".repeat(40)));
    }
}
