//! The Hub protocol's syntax (version 2, Scan 3.1's `protocol.txt`): a line read becomes a
//! typed [`Command`] or a typed [`ParseError`], and a [`Reply`] becomes a line. No I/O here;
//! the fuzz target drives [`parse`].
//!
//! Every line is `<command> <arg>=<val> <arg>=<val> ...`; a value may be double-quoted (it
//! must be when it holds a space or `=`, or is empty); an argument without `=val` is a flag.
//! Unknown commands and arguments are ignored, as the protocol says.

use std::fmt;
use std::time::Duration;

/// The longest line read (longer ones are refused whole).
pub const MAX_LINE: usize = 65_536;

/// One `arg=val` (or a flag, with no value) of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The argument's name.
    pub name: String,
    /// Its value (`None` for a flag).
    pub value: Option<String>,
}

/// A line split into its command and arguments, before any meaning is given to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    /// The command word.
    pub command: String,
    /// The arguments in order.
    pub args: Vec<Arg>,
}

impl Tokens {
    /// The value of the first argument called `name` (a flag gives `Some("")`).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.value.as_deref().unwrap_or(""))
    }

    /// Whether an argument (a flag or not) called `name` is present.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|a| a.name == name)
    }
}

/// A time or depth limit of `level`.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Level {
    /// `depth=`: the deepest iteration.
    pub depth: Option<u32>,
    /// `nodes=`: a node budget.
    pub nodes: Option<u64>,
    /// `move-time=`: the time per move.
    pub move_time: Option<Duration>,
    /// `moves=`: the moves left to the next time control (with `time=`).
    pub moves: Option<u32>,
    /// `time=`: the time left on the engine's clock, before the increment is added.
    pub time: Option<Duration>,
    /// `inc=`: the increment, added before every move.
    pub inc: Option<Duration>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
}

/// The search mode of `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// `go think`: a move to play, within the level.
    Think,
    /// `go ponder`: the expected reply is in the position; no clock until `ponder-hit`.
    Ponder,
    /// `go analyze`: until `stop`, reporting as it goes.
    Analyze,
}

/// A command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `hub`: identify and list the parameters.
    Hub,
    /// `set-param name=... value=...`.
    SetParam {
        /// The parameter.
        name: String,
        /// Its new value.
        value: String,
    },
    /// `init`: set up with the parameters given.
    Init,
    /// `new-game`: the next search is unrelated to the last ones.
    NewGame,
    /// `pos pos=... [moves="..."]`: the position (text, still unchecked) and the moves since.
    Pos {
        /// The position string: the side to move and one character per square.
        pos: String,
        /// The moves played from it, as written.
        moves: Vec<String>,
    },
    /// `level ...`.
    Level(Level),
    /// `go think | ponder | analyze`.
    Go(GoMode),
    /// `stop`.
    Stop,
    /// `ping`.
    Ping,
    /// `ponder-hit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// A command the protocol lets us ignore (the word is kept for a log).
    Unknown(String),
    /// An empty line.
    Empty,
}

/// Why a line is not a command, and at which step: the line's syntax, or an argument of a
/// known command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The line is too long.
    #[error("syntax: the line is longer than {MAX_LINE} bytes")]
    TooLong,
    /// A quoted value has no closing quote.
    #[error("syntax: a quoted value is not closed")]
    Unclosed,
    /// An argument with an empty name (`=x`).
    #[error("syntax: an argument has no name")]
    NoName,
    /// A known command lacks an argument it needs.
    #[error("{command}: missing {arg}=")]
    Missing {
        /// The command.
        command: &'static str,
        /// The argument.
        arg: &'static str,
    },
    /// A known argument's value is not what it must be.
    #[error("{command}: bad {arg}={value:?}: {why}")]
    BadValue {
        /// The command.
        command: &'static str,
        /// The argument.
        arg: &'static str,
        /// The value given.
        value: String,
        /// What was expected.
        why: &'static str,
    },
}

/// Splits a line into its command and arguments.
pub fn tokenize(line: &str) -> Result<Tokens, ParseError> {
    if line.len() > MAX_LINE {
        return Err(ParseError::TooLong);
    }
    let mut words = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        // One word: up to a space outside quotes.
        let mut word = String::new();
        let mut in_quotes = false;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            if c == '"' {
                in_quotes = !in_quotes;
                word.push(c);
            } else if c.is_whitespace() && !in_quotes {
                end = i;
                break;
            } else {
                word.push(c);
            }
        }
        if in_quotes {
            return Err(ParseError::Unclosed);
        }
        words.push(word);
        rest = rest[end..].trim_start();
    }
    let mut words = words.into_iter();
    let command = words.next().unwrap_or_default();
    let mut args = Vec::new();
    for word in words {
        let (name, value) = match word.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(unquote(value))),
            None => (unquote(&word), None),
        };
        if name.is_empty() {
            return Err(ParseError::NoName);
        }
        args.push(Arg { name, value });
    }
    Ok(Tokens { command, args })
}

/// A value without its quotes (the quotes may stand around any part of it).
fn unquote(value: &str) -> String {
    value.chars().filter(|&c| c != '"').collect()
}

/// Reads a line as a command.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let tokens = tokenize(line)?;
    Ok(match tokens.command.as_str() {
        "" => Command::Empty,
        "hub" => Command::Hub,
        "init" => Command::Init,
        "new-game" => Command::NewGame,
        "stop" => Command::Stop,
        "ping" => Command::Ping,
        "ponder-hit" => Command::PonderHit,
        "quit" => Command::Quit,
        "set-param" => {
            let name = need(&tokens, "set-param", "name")?.to_string();
            let value = need(&tokens, "set-param", "value")?.to_string();
            Command::SetParam { name, value }
        }
        "pos" => {
            let pos = need(&tokens, "pos", "pos")?.to_string();
            let moves = tokens
                .get("moves")
                .map(|m| m.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default();
            Command::Pos { pos, moves }
        }
        "level" => Command::Level(level(&tokens)?),
        "go" => {
            let mode = if tokens.has("think") {
                GoMode::Think
            } else if tokens.has("ponder") {
                GoMode::Ponder
            } else if tokens.has("analyze") || tokens.has("analyse") {
                GoMode::Analyze
            } else {
                return Err(ParseError::Missing {
                    command: "go",
                    arg: "think, ponder or analyze",
                });
            };
            Command::Go(mode)
        }
        other => Command::Unknown(other.to_string()),
    })
}

fn need<'t>(
    tokens: &'t Tokens,
    command: &'static str,
    arg: &'static str,
) -> Result<&'t str, ParseError> {
    tokens.get(arg).ok_or(ParseError::Missing { command, arg })
}

/// The longest time accepted (a day).
const MAX_SECONDS: f64 = 86_400.0;

fn seconds(tokens: &Tokens, arg: &'static str) -> Result<Option<Duration>, ParseError> {
    let Some(text) = tokens.get(arg) else {
        return Ok(None);
    };
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) => {
            Ok(Some(Duration::from_secs_f64(s)))
        }
        _ => Err(ParseError::BadValue {
            command: "level",
            arg,
            value: text.to_string(),
            why: "seconds from 0 to 86400",
        }),
    }
}

fn whole(tokens: &Tokens, arg: &'static str, lo: u64, hi: u64) -> Result<Option<u64>, ParseError> {
    let Some(text) = tokens.get(arg) else {
        return Ok(None);
    };
    match text.trim().parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
        _ => Err(ParseError::BadValue {
            command: "level",
            arg,
            value: text.to_string(),
            why: match arg {
                "depth" => "a whole number from 1 to 64",
                "moves" => "a whole number from 1 to 10000",
                _ => "a whole number, at least 1",
            },
        }),
    }
}

fn level(tokens: &Tokens) -> Result<Level, ParseError> {
    let level = Level {
        depth: whole(tokens, "depth", 1, 64)?.map(|d| d as u32),
        nodes: whole(tokens, "nodes", 1, u64::MAX / 2)?,
        move_time: seconds(tokens, "move-time")?,
        moves: whole(tokens, "moves", 1, 10_000)?.map(|m| m as u32),
        time: seconds(tokens, "time")?,
        inc: seconds(tokens, "inc")?,
        infinite: tokens.has("infinite"),
    };
    if level.time.is_none() && (level.moves.is_some() || level.inc.is_some()) {
        return Err(ParseError::Missing {
            command: "level",
            arg: "time",
        });
    }
    if level == Level::default() {
        return Err(ParseError::Missing {
            command: "level",
            arg: "depth, nodes, move-time, time or infinite",
        });
    }
    Ok(level)
}

/// A line the engine writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// `id name=... version=... author=...`.
    Id {
        /// The engine's name.
        name: String,
        /// Its version.
        version: String,
        /// Its author.
        author: String,
    },
    /// `param name=... value=... type=...` with the type's constraints.
    Param {
        /// The parameter's name.
        name: String,
        /// Its current value.
        value: String,
        /// Its type.
        kind: ParamKind,
    },
    /// `wait`: the end of the answer to `hub`.
    Wait,
    /// `ready`: the answer to `init`.
    Ready,
    /// `info ...` during a search.
    Info(InfoLine),
    /// `done move=... [ponder=...]`.
    Done {
        /// The move to play.
        mv: String,
        /// The expected reply.
        ponder: Option<String>,
    },
    /// `pong`.
    Pong,
    /// `error message="..."`.
    Error(String),
}

/// A parameter's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `type=int min=... max=...`.
    Int {
        /// The least value.
        min: i64,
        /// The greatest.
        max: i64,
    },
    /// `type=string`.
    Text,
    /// `type=bool`.
    Bool,
    /// `type=enum values="..."`.
    Enum(Vec<String>),
}

/// What an `info` line reports.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoLine {
    /// The depth completed.
    pub depth: u32,
    /// The score in men (a win in n plies: 100 − n/100, as Scan and pydraughts read it).
    pub score: f64,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds since the search started.
    pub time: f64,
    /// The principal variation, in the protocol's move format.
    pub pv: Vec<String>,
}

/// A value as the protocol writes it: quoted when it is empty or holds a space, `=` or a
/// quote (a quote inside becomes `'`, the protocol having no escape; a control character
/// becomes `?`, so that a reply stays one line).
pub fn quote(value: &str) -> String {
    let value: String = value
        .chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => '?',
            c => c,
        })
        .collect();
    if value.is_empty() || value.contains(|c: char| c.is_whitespace() || c == '=') {
        format!("\"{value}\"")
    } else {
        value
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Id {
                name,
                version,
                author,
            } => write!(
                f,
                "id name={} version={} author={}",
                quote(name),
                quote(version),
                quote(author)
            ),
            Reply::Param { name, value, kind } => {
                write!(f, "param name={} value={}", quote(name), quote(value))?;
                match kind {
                    ParamKind::Int { min, max } => write!(f, " type=int min={min} max={max}"),
                    ParamKind::Text => write!(f, " type=string"),
                    ParamKind::Bool => write!(f, " type=bool"),
                    ParamKind::Enum(values) => {
                        write!(f, " type=enum values={}", quote(&values.join(" ")))
                    }
                }
            }
            Reply::Wait => write!(f, "wait"),
            Reply::Ready => write!(f, "ready"),
            Reply::Info(info) => {
                let nps = info.nodes as f64 / info.time.max(1e-6) / 1e6;
                write!(
                    f,
                    "info depth={} mean-depth={:.1} score={:.2} nodes={} time={:.3} nps={:.1} pv={}",
                    info.depth,
                    f64::from(info.depth),
                    info.score,
                    info.nodes,
                    info.time,
                    nps,
                    quote(&info.pv.join(" "))
                )
            }
            Reply::Done { mv, ponder } => {
                write!(f, "done move={}", quote(mv))?;
                if let Some(p) = ponder {
                    write!(f, " ponder={}", quote(p))?;
                }
                Ok(())
            }
            Reply::Pong => write!(f, "pong"),
            Reply::Error(message) => write!(f, "error message={}", quote(message)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_with_quotes_and_flags() {
        let t = tokenize(r#"pos pos=Wbbe moves="21-17 9-13"  x"#).unwrap();
        assert_eq!(t.command, "pos");
        assert_eq!(t.get("pos"), Some("Wbbe"));
        assert_eq!(t.get("moves"), Some("21-17 9-13"));
        assert!(t.has("x"));
        assert_eq!(t.get("x"), Some(""));
        assert_eq!(tokenize(r#"a b="x"#), Err(ParseError::Unclosed));
        assert_eq!(tokenize("a =x"), Err(ParseError::NoName));
        assert_eq!(tokenize(r#"a v="""#).unwrap().get("v"), Some(""));
    }

    #[test]
    fn commands() {
        assert_eq!(parse("  "), Ok(Command::Empty));
        assert_eq!(parse("hub"), Ok(Command::Hub));
        assert_eq!(parse("go think"), Ok(Command::Go(GoMode::Think)));
        assert_eq!(parse("go analyze"), Ok(Command::Go(GoMode::Analyze)));
        assert!(matches!(parse("go"), Err(ParseError::Missing { .. })));
        assert_eq!(
            parse("frobnicate a=b"),
            Ok(Command::Unknown("frobnicate".into()))
        );
        assert_eq!(
            parse("set-param name=variant value=russian"),
            Ok(Command::SetParam {
                name: "variant".into(),
                value: "russian".into()
            })
        );
        let Ok(Command::Level(l)) = parse("level moves=9 time=291.587 inc=1") else {
            panic!()
        };
        assert_eq!(l.moves, Some(9));
        assert_eq!(l.time, Some(Duration::from_secs_f64(291.587)));
        assert_eq!(l.inc, Some(Duration::from_secs(1)));
        assert!(parse("level move-time=-1").is_err());
        assert!(parse("level move-time=nan").is_err());
        assert!(parse("level depth=0").is_err());
        assert!(parse("level inc=2").is_err());
        assert!(parse("level").is_err());
        assert!(matches!(parse("level infinite"), Ok(Command::Level(l)) if l.infinite));
    }

    #[test]
    fn replies() {
        assert_eq!(
            Reply::Error("bad x=1".into()).to_string(),
            "error message=\"bad x=1\""
        );
        assert_eq!(
            Reply::Done {
                mv: "9-13".into(),
                ponder: Some("22-18".into())
            }
            .to_string(),
            "done move=9-13 ponder=22-18"
        );
        let p = Reply::Param {
            name: "variant".into(),
            value: "russian".into(),
            kind: ParamKind::Enum(vec!["spanish".into(), "russian".into()]),
        };
        assert_eq!(
            p.to_string(),
            "param name=variant value=russian type=enum values=\"spanish russian\""
        );
    }
}
