//! Spanish: the full dialogue's catalogue (`--lang es`, `--dialogue full`; the default of the
//! Spanish federation's rules), and in [`spec`] the fixed texts of the Spanish-spec console,
//! exactly as its specification writes them (`docs/console-spanish.md`).

use super::{CommandWord, Labels, RulesTexts, Texts, rules_texts};
use dama_core::Variant;

/// The Spanish texts of the full dialogue.
pub static TEXTS: Texts = Texts {
    titles,
    commands: &[
        ("piezas", CommandWord::Position),
        ("mirar", CommandWord::Peek),
        ("partida", CommandWord::Game),
        ("ayuda", CommandWord::Help),
        ("jugadas", CommandWord::Moves),
        ("deshacer", CommandWord::Undo),
        ("atrás", CommandWord::Undo),
        ("atras", CommandWord::Undo),
        ("rehacer", CommandWord::Redo),
        ("posición", CommandWord::Setup),
        ("posicion", CommandWord::Setup),
        ("guardar", CommandWord::Save),
        ("cargar", CommandWord::Load),
        ("pista", CommandWord::Hint),
        ("tablas", CommandWord::Draw),
        ("rendirse", CommandWord::Resign),
        ("abandonar", CommandWord::Resign),
        ("girar", CommandWord::Flip),
        ("salir", CommandWord::Quit),
        ("tiempo", CommandWord::Time),
        ("nivel", CommandWord::Level),
    ],
    help_rules: "Juegas a: {0}.",
    intro: "Escribe una jugada como c3-d4 o c3xe5; ayuda (help) muestra las órdenes.",
    legend: "o ficha blanca, O dama blanca, x ficha negra, X dama negra, [ ] la última jugada",
    prompt_white: "Mueven las blancas: ",
    prompt_black: "Mueven las negras: ",
    white: "las blancas",
    black: "las negras",
    help: &[
        "Jugadas: c3-d4, c3xe5 o c3:e5, una captura entera c3xe5xg7, también c3 d4 o c3d4.",
        "Órdenes (en español o en inglés):",
        "  ayuda, help             esta lista",
        "  jugadas, moves          las jugadas legales",
        "  partida, game           las jugadas hechas",
        "  deshacer, undo          deshacer una jugada",
        "  rehacer, redo           volver a jugar una jugada deshecha",
        "  fen                     escribir la posición en FEN",
        "  posición, setup FEN     seguir desde otra posición",
        "  guardar, save FICHERO   guardar la partida (PDN)",
        "  cargar, load FICHERO    cargar una partida (PDN)",
        "  cargar FICHERO N        cargar la partida N del fichero (1 es la primera)",
        "  pista, hint             la jugada que elegiría el ordenador",
        "  tiempo, time            los dos relojes",
        "  nivel N, level N        el nivel del ordenador, de 1 a 10",
        "  tablas, draw            ofrecer tablas",
        "  rendirse, resign        abandonar la partida",
        "  girar, flip             dar la vuelta al tablero",
        "  salir, quit             salir del programa",
    ],
    unknown: "«{0}» no es ni una jugada ni una orden; ayuda muestra las órdenes.",
    no_argument: "La orden {0} no lleva nada detrás.",
    moves: "Jugadas legales: {0}",
    game_moves: "Jugadas hechas: {0}",
    no_game_moves: "Aún no se ha hecho ninguna jugada.",
    engine_thinking: "{0} (ordenador) está pensando…",
    undone: "Deshecho: {0}",
    nothing_to_undo: "No hay nada que deshacer.",
    nothing_of_yours: "Todavía no hay ninguna jugada tuya que deshacer.",
    ballot_stays: "No hay nada que deshacer: las jugadas del sorteo se quedan.",
    ballot: "Apertura sorteada {0}: {1}",
    redone: "Jugado de nuevo: {0}",
    nothing_to_redo: "No hay nada que volver a jugar.",
    setup_usage: "Da una posición: posición FEN, por ejemplo posición W:Wc3,Kd4:Bf6",
    setup_bad: "No se puede poner la posición: {0} La partida sigue igual.",
    save_usage: "Da un fichero: guardar FICHERO",
    saved: "Partida guardada en {0}.",
    save_failed: "No se puede guardar la partida en {0}: {1}",
    load_usage: "Da un fichero: cargar FICHERO",
    loaded: "Partida cargada de {0}: {1}, {2}, {3}",
    in_progress: "la partida sigue.",
    last_move: "Última jugada: {0}",
    load_failed: "No se puede cargar {0}: {1}",
    kept: "La partida sigue igual.",
    at_line: "línea {0}: {1}",
    draw_offer: "{0} ofrecen tablas. ¿Las aceptan {1}? (s/n): ",
    draw_declined: "Tablas rechazadas; la partida sigue.",
    engine_move_cap: "Dos motores llevan {0} medias jugadas y estas reglas no dan tablas por sí solas: la partida acaba en tablas.",
    engine_accepts: "El ordenador acepta las tablas.",
    engine_declines: "El ordenador rechaza las tablas; la partida sigue.",
    engine_offers: "El ordenador ofrece tablas. ¿Las aceptas? (s/n): ",
    engine_plays: "{0} (ordenador) juegan {1} — {2}",
    engine_saw: "{0} s, profundidad {1}, {2}",
    engine_book: "del libro de aperturas",
    score_table_win: "gana según las tablas, {0} medias jugadas hasta la próxima captura o jugada de ficha",
    score_table_loss: "pierde según las tablas, {0} medias jugadas hasta la próxima captura o jugada de ficha",
    decimal: ',',
    quit_unsaved: "La partida no está guardada. ¿Salir de todos modos? (s/n): ",
    resign_confirm: "¿De verdad abandonas? (s/n): ",
    hint: "Pista: {0}",
    no_hint: "El ordenador no tiene nada que sugerir.",
    hint_scored: "Pista: {0} ({1}; línea {2})",
    clocks: "blancas {0}, negras {1}",
    clocks_line: "Relojes: {0}",
    no_clock: "Esta partida se juega sin reloj (--time BASE+INC lo pone).",
    blindfold_intro: "A la ciega: el tablero no se muestra. Escribe tus jugadas; mirar lo muestra una vez (cada mirada cuenta en la partida guardada).",
    no_record: "Se juega sin planilla: las jugadas hechas no se listan.",
    peeked: "Miradas en esta partida: {0}.",
    peek_help: "  mirar, peek             mostrar el tablero una vez (a la ciega; cuenta en la partida)",
    position_help: "  piezas, position        las fichas y damas de cada lado por casillas, en una línea",
    said_move: "{0} {1} a {2}.",
    said_capture: "{0} {1} captura en {2}, cae en {3}.",
    said_crowned: "Corona una ficha de {0}.",
    said_side: "{0}: fichas {1}; damas {2}.",
    said_none: "ninguna",
    said_and: " y ",
    to_control: "jugadas hasta el control de tiempo: {0}",
    period_added: "{0} alcanzan el control de tiempo: se suman {1} a su reloj.",
    level_set: "El ordenador juega ahora al nivel {0}.",
    level_usage: "Indique un nivel de 1 (principiante) a 10 (máxima fuerza): nivel N",
    win_no_pieces: "Ganan {0}: {1} no tienen fichas.",
    win_blocked: "Ganan {0}: {1} no pueden mover.",
    win_resignation: "Ganan {0}: {1} abandonaron.",
    win_time: "Ganan {0}: {1} agotaron su tiempo.",
    draw_agreement: "Tablas de común acuerdo.",
    draw_repetition: "Tablas: la misma posición se ha dado por tercera vez.",
    draw_no_progress: "Tablas: 15 jugadas de cada jugador sin mover ficha ni capturar.",
    draw_king_ending: "Tablas: se acabaron las jugadas que permite el final de damas.",
    play_again: "¿Otra partida? (s/n): ",
    yes_or_no: "Responde s (sí) o n (no).",
    after_game: "Responde s (sí) o n (no); aún se puede guardar la partida (guardar FICHERO) o deshacer una jugada (deshacer).",
    result_undone: "Se deshace el final de la partida; el juego sigue.",
    time_loss_stays: "Una derrota por tiempo no se deshace: el reloj ha llegado a cero. Se puede guardar la partida (guardar FICHERO) o jugar otra (s).",
    yes: &["s", "si", "sí", "y", "yes"],
    no: &["n", "no"],
    event: "Partida amistosa",
    human: "Persona",
    engine: "Ordenador",
    err_unreadable: "«{0}» no se lee como jugada; escribe por ejemplo c3-d4 o c3xe5.",
    err_light: "{0} es una casilla clara; ahí no puede haber fichas.",
    err_mixed: "«{0}» mezcla «-» y «x»: una jugada es un movimiento o una captura.",
    err_no_piece: "No hay ficha en {0}.",
    err_not_yours: "La ficha de {0} no es tuya.",
    err_compulsory: "Capturar es obligatorio: {0}",
    err_king_priority: "Debe capturar una dama: {0}",
    err_unfinished: "La captura no ha terminado: {0}",
    err_occupied: "{0} está ocupada.",
    err_ambiguous: "Eso nombra más de una captura; da el camino entero: {0}",
    err_not_legal: "La ficha de {0} no puede mover así.",
    err_too_short: "Una jugada necesita una casilla de salida y una de llegada.",
    err_one_step: "Un movimiento sin captura es de un paso: da solo la casilla de salida y la de llegada.",
    fen_empty: "El FEN está vacío.",
    fen_fields: "Un FEN tiene tres partes separadas por «:» (por ejemplo W:Wa1,c3:Bf6); este tiene {0}.",
    fen_turn: "El bando que mueve debe ser W o B, no «{0}».",
    fen_colour: "Una lista de fichas debe empezar por W o B: «{0}».",
    fen_colour_twice: "La lista de fichas {0} aparece dos veces.",
    fen_square: "«{0}» no es una casilla.",
    fen_light: "{0} es una casilla clara; ahí no puede haber fichas.",
    fen_number: "La casilla número {0} no está entre 1 y {1}.",
    fen_range: "El intervalo de casillas «{0}» está mal.",
    fen_square_twice: "La casilla {0} aparece dos veces.",
    fen_both_colours: "En {0} hay fichas de los dos colores.",
    fen_king_without_piece: "{0} está marcada como dama pero no tiene ficha.",
    fen_crowning_rank: "La ficha de {0} ya sería dama.",
    fen_too_many: "Un bando tiene {0} fichas; se permiten como mucho 12.",
    fen_no_pieces: "El tablero está vacío: pon al menos una ficha.",
    pdn_empty: "el fichero no contiene ninguna partida.",
    pdn_comment: "un comentario «{» no se cierra.",
    pdn_variation: "una variante «(» no se cierra.",
    pdn_parenthesis: "«)» no cierra ninguna variante.",
    pdn_tag: "una etiqueta debe tener la forma [Nombre \"valor\"].",
    pdn_fen: "la etiqueta FEN no es una posición: {0}",
    pdn_unreadable: "«{0}» no es una jugada.",
    pdn_illegal: "la jugada {0} «{1}» no es legal: {2}",
    pdn_after_end: "la jugada «{0}» viene después del final de la partida.",
    pdn_no_result: "la partida no tiene resultado; el fichero está cortado.",
    pdn_result: "el resultado {0} no concuerda con la posición final.",
    io_not_found: "no existe el fichero.",
    io_denied: "permiso denegado.",
    io_other: "error del sistema ({0}).",
    io_not_a_file: "no es un fichero normal.",
    io_too_large: "el fichero ocupa más de {0} bytes.",
    io_no_directory: "no existe el directorio {0}.",
    other_rules: "el fichero es una partida de --rules {0}, no de --rules {1}.",
    other_game_type: "el fichero es una partida de otro juego (PDN GameType {0}), no de --rules {1}.",
    no_such_game: "el fichero tiene {0} partidas; no hay partida {1}.",
    no_such_game_one: "el fichero tiene una sola partida; no hay partida {1}.",
};

/// The Spanish rule-set texts.
pub static RULES_TEXTS: RulesTexts = RulesTexts {
    intro_colon: "Escribe una jugada como c3-d4 o c3:e5; ayuda (help) muestra las órdenes.",
    intro_numbered: "Escribe una jugada como 11-15 o 15x24; ayuda (help) muestra las órdenes.",
    intro_numeric: "Escribe una jugada como 61.52 (fila y columna de la ficha y de cada casilla de llegada); ayuda (help) muestra las órdenes.",
    draw_material: "Tablas: los dos bandos tienen damas y el material no cambió durante las jugadas que permite el final.",
    house_offer: "Como mucho cuatro fichas y ocho pares de jugadas sin captura ni movimiento de ficha: las reglas ofrecen tablas. ¿Las aceptan {0}? (s/n): ",
    house_offer_engine: "Como mucho cuatro fichas y ocho pares de jugadas sin captura ni movimiento de ficha: las reglas ofrecen tablas y el ordenador está de acuerdo. ¿Las aceptas? (s/n): ",
    house_engines_agree: "Las reglas ofrecen tablas y los dos ordenadores las aceptan.",
    help_colon: "Jugadas: c3-d4, c3:e5 o c3xe5, una captura entera c3:e5:g3, también c3 d4 o c3d4.",
    help_numbered: "Jugadas: los números de las casillas, 11-15, una captura 15x24, una captura entera 15x24x31.",
    help_numeric: "Jugadas: fila y columna de la pieza y de cada casilla de llegada: 61.52, una captura 63.45.27.",
    only_move: "{0} s, la única jugada",
    score_win: [
        "gana en {0} media jugada",
        "gana en {0} medias jugadas",
        "gana en {0} medias jugadas",
    ],
    score_loss: [
        "pierde en {0} media jugada",
        "pierde en {0} medias jugadas",
        "pierde en {0} medias jugadas",
    ],
    half_moves: [
        "{0} media jugada",
        "{0} medias jugadas",
        "{0} medias jugadas",
    ],
    plural: rules_texts::plural_one_other,
    board10_intro: "Escribe una jugada con los números de las casillas, como 32-28 o 28x19; ayuda (help) muestra las órdenes.",
    board10_help: "Jugadas: los números de las casillas 1-50, 32-28, una captura 28x19, una captura entera 28x19x10 si inicio y fin nombran más de una.",
    board10_no_key: "(La terminal es demasiado estrecha para los números de las casillas junto al tablero: 1-5 son la última fila de las negras, desde la izquierda vista por las blancas; 46-50 la de las blancas.)",
    board10_no_progress: "Tablas: 25 jugadas de cada jugador moviendo solo damas y sin capturar.",
    board10_king_ending: "Tablas: se acabaron las jugadas que las reglas permiten en este final (16 de cada uno, o 5 con menos piezas).",
};

/// The Spanish labels of the full-screen game.
pub static LABELS: Labels = Labels {
    title: "dama",
    white: "Blancas",
    black: "Negras",
    human: "persona",
    computer: "ordenador",
    to_move: ["Mueven las blancas ({0})", "Mueven las negras ({0})"],
    thinking: "pensando… Espacio: mover ya",
    game_over: "Fin de la partida",
    moves: "Jugadas",
    blindfold_note: "A la ciega: las fichas no se muestran. p las muestra hasta la próxima jugada (cuenta en la partida guardada); t escribe una jugada.",
    engine: "Motor",
    search: "prof. {0}  valor {1}  {2} s",
    no_search: "aún no ha buscado",
    draw_counts: "Tablas (medias jugadas)",
    quiet: "sin mover ficha ni capturar: {0}",
    quiet_limit: "sin ficha ni captura: {0} de {1}",
    king_ending: "final de damas: {0} de {1}",
    material_ending: "material igual: {0} de {1}",
    offer_at: "las reglas ofrecen tablas a: {0}",
    repeated: "esta posición: {0} veces",
    no_counts: "ninguna en marcha",
    click_a_piece: "Pulsa una ficha, cada casilla de su camino y otra vez la última para jugar.",
    path: "Camino: {0}   (pulsa otra vez la última para jugar, botón derecho cancela)",
    type_move: "Jugada: ",
    cancelled: "Camino cancelado.",
    wait_engine: "El ordenador está pensando; Espacio le hace mover ya.",
    save_as: "Guardar la partida (PDN) en: ",
    load_from: "Cargar una partida (PDN) de: ",
    unsaved: "La partida no está guardada. ¿Salir de todos modos? (s/n): ",
    asking_engine: "El ordenador considera la oferta de tablas…",
    enlarge: "Agranda el terminal a {0}×{1}",
    editor: "Editor",
    editor_colour: "Color que se pone:",
    editor_turn: "[m] Mueven: {0}",
    button_white: "Blan.",
    button_black: "Negras",
    button_clear: "[c] Vaciar",
    button_initial: "[i] Inicial",
    button_start: "[Enter] Jugar",
    button_cancel: "[Esc] Anular",
    editor_help: &[
        "Pulsa una casilla oscura: una",
        "ficha del color elegido; otra vez:",
        "una dama; la tercera: vacía. Jugar",
        "comprueba la posición; quién",
        "mueve se elige con [m].",
    ],
    pieces: "blancas {0}, negras {1}",
    footer: [
        "u atrás r rehacer h pista n nueva f girar e editor s guardar l cargar d tablas",
        "m movibles  t teclear  flechas+Enter cursor  Espacio mover ya  q salir  ? ayuda",
    ],
    footer_editor: [
        "pulsar: ficha → dama → vacía   w/b/Tab color   c vaciar   i inicial",
        "Enter jugar   Esc cancelar   flechas+Espacio cursor   q salir   ? ayuda",
    ],
    help_title: " Ayuda ",
    games_title: " Partidas de {0} ",
    games_keys: "↑↓ elegir, Intro o clic cargar, Esc cerrar",
    games_columns: ["N.º", "Evento", "Blancas", "Negras", "Resultado", "Jugadas"],
    help: &[
        "Ratón: pulsa la ficha que mueves, luego cada casilla de su camino",
        "(un movimiento: el destino; una captura: cada casilla de llegada) y",
        "otra vez la última para jugar. El botón derecho cancela el camino.",
        "",
        "Teclas:",
        "  t (o una cifra)  escribir una jugada en la notación de las reglas",
        "  flechas          mover el cursor; Enter/Espacio pulsa, Esc cancela",
        "  u / r            deshacer (contra el ordenador: su respuesta también)",
        "                   / rehacer",
        "  h                pista       d   ofrecer tablas   m  fichas movibles",
        "  n                nueva       f   girar tablero    e  editor",
        "  s / l            guardar / cargar una partida (PDN)",
        "  g                elegir otra partida del fichero cargado",
        "  a / v            analizar la partida / repasarla jugada a jugada",
        "  + / -            nivel del ordenador más / menos (1-10)",
        "  Espacio          hacer que el ordenador mueva ya",
        "  q                salir (pregunta si la partida no está guardada)",
        "Cualquier tecla cierra esta ayuda.",
    ],
    analysing: "Analizando: {0}/{1} posiciones",
    reviewing: "Repaso: jugada {0} (Esc: volver)",
    evaluation: "Evaluación",
    nothing_to_analyze: "Aún no hay ninguna jugada que analizar.",
    analysis_stopped: "Se detuvo el análisis.",
    time_loss_stays: "Cayó la bandera: una partida perdida por tiempo no se puede deshacer (n: partida nueva).",
    analysis_done: "Análisis hecho: errores graves (??) {0}, errores (?) {1}, jugadas dudosas (?!) {2}.",
    review_on: "Repaso: las flechas recorren la partida; Esc vuelve a su final.",
    review_off: "De vuelta al final de la partida.",
};

/// The Spanish-spec console's fixed texts, as its specification gives them (byte for byte:
/// the fixtures test them).
pub mod spec {
    use dama_core::notation::numeric::NumericError;

    /// The title printed at the start of every game.
    pub const TITLE: &str = "Las Damas!!!";
    /// The prompt when white is to move (no newline).
    pub const WHITE_TO_MOVE: &str = "Mueven las blancas: ";
    /// The prompt when black is to move (no newline).
    pub const BLACK_TO_MOVE: &str = "Mueven las negras: ";
    /// The loser's line.
    pub const DEFEAT: &str = "Derrota!!! No puedes mover tus fichas!!!";
    /// The play-again question (no newline).
    pub const PLAY_AGAIN: &str = "¿Queréis jugar otra? (s/n): ";
    /// Not in the specification: a draw, which only rule sets with draw rules can reach.
    pub const DRAW: &str = "Tablas!!! Nadie gana";
    /// Not in the specification: a game between two engines stopped at the move cap ({0}
    /// half-moves), these rules drawing nothing by themselves.
    pub const MOVE_CAP: &str = "Dos motores llevan {0} medias jugadas y estas reglas no dan tablas: la partida se da por tablas.";
    /// Not in the specification: a move that passes every check of the specification but that
    /// the chosen rule set forbids (for instance a capture left out where capture is compulsory).
    pub const NOT_ALLOWED: &str = "Error!!! No lo permiten las reglas";

    /// The error line of a rejected move.
    pub fn error(e: NumericError) -> &'static str {
        match e {
            NumericError::Unreadable => "Error!!! No te entiendo: <d><d>{,<d><d>}[0-2]",
            NumericError::NotACoordinate => "Error!!! No es una coordenada del tablero",
            NumericError::NoPiece => "Error!!! No hay ficha que mover",
            NumericError::NotYours => "Error!!! No es una de tus fichas",
            NumericError::NotDiagonal => "Error!!! No vas en diagonal",
            NumericError::NotEmpty => "Error!!! No está vacío el destino",
            NumericError::NoCapture => "Error!!! No comes contrarias",
            NumericError::TooManyInMove => "Error!!! No se puede comer tantas en un movimiento",
            NumericError::NotForward => "Error!!! No avanzas",
            NumericError::TooFar => "Error!!! No respetas la distancia",
            NumericError::TooManyInHop => "Error!!! No se puede comer tantas en un salto",
        }
    }

    /// Answers to the play-again question.
    pub fn answer(text: &str) -> Option<bool> {
        match text.trim() {
            "s" | "S" => Some(true),
            "n" | "N" => Some(false),
            _ => None,
        }
    }

    /// Not in the specification, and written on standard error only (standard output stays the
    /// spec's): the note shown at the start when a person types at a terminal.
    /// Its first lines say how to move; its last two how to reach the full game, English and
    /// the other rule sets, one line in Spanish and one in English, each in one language
    /// (newcomer findings 8 and 19).
    pub const USAGE_NOTE: &[&str] = &[
        "Las Damas (especificación española). Cada jugada es fila y columna (la fila 1 arriba) de la",
        "ficha y de cada llegada: 61.52 mueve, 63.45 come, 63.45.27 come dos. Ctrl-D termina.",
        "Con ayuda, deshacer, pistas y guardar: dama --dialogue full. Otras reglas: dama --rules czech, english… (dama --help).",
        "In English, with help, undo, hints and save: dama --lang en. Other rules: dama --rules czech, english… --lang en.",
    ];
}

/// The title line of each rule set.
fn titles(rules: Variant) -> &'static str {
    match rules {
        Variant::Spanish => {
            "Damas según la especificación española (captura opcional, como mucho tres saltos)"
        }
        Variant::Czech => "Damas checas",
        Variant::Russian => "Damas rusas",
        Variant::House => "Damas con las reglas caseras del programa ruso",
        Variant::English => "Damas inglesas (checkers americano)",
        Variant::Italian => "Damas italianas",
        Variant::SpanishOfficial => "Damas españolas (reglas de la federación española)",
        Variant::Brazilian => "Damas brasileñas",
        Variant::Pool => "Damas pool (pool checkers)",
        Variant::Thai => "Damas tailandesas (mak-hos)",
        Variant::International => "Damas internacionales (FMJD, tablero de 10x10)",
    }
}
