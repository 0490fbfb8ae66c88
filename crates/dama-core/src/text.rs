//! Text for messages: quoting outside text (a file, a FEN, a typed line), listing names.

/// The longest piece of outside text (a file, a FEN, a typed line) quoted in a message, in
/// characters.
const EXCERPT_CHARS: usize = 40;

/// `text` as a message may quote it: control characters escaped (`\u{0}`), cut to at most
/// [`EXCERPT_CHARS`] characters (counted after escaping) with `…` after a cut.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut written = 0;
    for c in text.chars() {
        let piece: String = if c.is_control() {
            c.escape_default().collect()
        } else {
            c.to_string()
        };
        written += piece.chars().count();
        if written > EXCERPT_CHARS {
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

#[cfg(test)]
mod tests {
    use super::excerpt;

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
