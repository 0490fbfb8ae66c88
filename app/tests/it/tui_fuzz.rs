//! `dama tui` fed random events: keys (commands, move text, control characters), clicks on any
//! cell with either button, and resizes (down to nothing). Every screen is drawn; nothing may
//! panic, and the game must stay a legal one (its moves replay from its start). The save and
//! load keys are left out (they would write files in the working directory).

use crate::tui_common;
use dama::engines::EngineRules;

use dama::tui::{App, Button, Event, Key};
use dama_core::{Board, BoardRules, Czech, International, MoveList, MoveListOn, Spanish};
use proptest::prelude::*;
use tui_common::*;

fn event<B: Board>() -> impl Strategy<Value = Event<B>> {
    let key = prop_oneof![
        6 => prop::sample::select(vec![
            'u', 'r', 'h', 'n', 'f', 'e', 'd', 'm', 't', '?', 'q', 'y', 'w', 'b', 'c', 'i', ' ',
            'a', 'g', '1', '6', '.', '-', 'x', '3', '4', '5', '\u{1b}', '\0', 'é',
        ])
        .prop_map(Key::Char),
        2 => prop::sample::select(vec![
            Key::Enter, Key::Esc, Key::Backspace, Key::Tab, Key::Up, Key::Down, Key::Left,
            Key::Right,
        ]),
    ];
    prop_oneof![
        4 => key.prop_map(Event::Key),
        6 => (any::<bool>(), 0u16..90, 0u16..30).prop_map(|(left, column, row)| Event::Click {
            button: if left { Button::Left } else { Button::Right },
            column,
            row,
        }),
        1 => prop::sample::select(vec![
            (80u16, 24u16), (60, 20), (0, 0), (120, 40), (80, 24), (91, 28), (140, 50),
        ])
            .prop_map(|(width, height)| Event::Resize { width, height }),
    ]
}

fn check<R: EngineRules>(events: &[Event]) {
    let mut app: App<dama_core::Board8> = new_app::<R>(config(true));
    let mut size = (80, 24);
    for event in events {
        if let Event::Resize { width, height } = event {
            size = (*width, *height);
        }
        app.handle(event.clone());
        draw(&app, size.0.max(1), size.1.max(1));
    }
    // The moves replay from the start: the game is a legal one.
    let mut pos = *app.game().start();
    let mut legal = MoveList::new();
    for mv in app.game().moves() {
        R::legal_moves(&pos, &mut legal);
        assert!(legal.contains(mv), "{mv:?} is not legal in {pos}");
        pos = pos.after(mv);
    }
    assert_eq!(pos, *app.game().position());
}

/// [`check`] on the 10×10 board (international draughts).
fn check10(events: &[Event<dama_core::Board10>]) {
    let mut app = new_app10(config10(true));
    let mut size = (80, 24);
    for event in events {
        if let Event::Resize { width, height } = event {
            size = (*width, *height);
        }
        app.handle(event.clone());
        draw(&app, size.0.max(1), size.1.max(1));
    }
    let mut pos = *app.game().start();
    let mut legal = MoveListOn::new();
    for mv in app.game().moves() {
        International::legal_moves(&pos, &mut legal);
        assert!(legal.contains(mv), "{mv:?} is not legal");
        pos = pos.after(mv);
    }
    assert_eq!(pos, *app.game().position());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_events_never_break_the_app(events in prop::collection::vec(event(), 0..200)) {
        check::<Czech>(&events);
        check::<Spanish>(&events);
    }

    #[test]
    fn random_events_never_break_the_10x10_app(events in prop::collection::vec(event(), 0..200)) {
        check10(&events);
    }
}
