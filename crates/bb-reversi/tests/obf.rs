//! OBF parsing and printing: the FFO files round-trip, errors name line and column, and no
//! input panics.

use bb_reversi::game::Move;
use bb_reversi::obf::{ObfErrorKind, Problem, parse_file};
use proptest::prelude::*;

const LINE: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

/// A file of the repository's `data/` folder; a missing file fails the test.
fn data(name: &str) -> String {
    let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn parse_and_print_round_trip() {
    let p: Problem = LINE.parse().unwrap();
    assert!(p.black_to_move);
    assert_eq!(p.scores.len(), 8);
    assert_eq!(p.best_score(), Some(18));
    assert_eq!(p.scores[0].0.to_string(), "g8");
    assert_eq!(p.to_string(), LINE);
    assert_eq!(p.board.p.count_ones() + p.board.o.count_ones(), 50);
}

#[test]
fn fforum_files_round_trip() {
    for name in ["fforum-1-19.obf", "fforum-20-39.obf"] {
        let text = data(name);
        let probs = parse_file(&text).unwrap();
        assert!(probs.len() >= 19, "{name}");
        for (line, p) in text.lines().zip(&probs) {
            assert_eq!(p.to_string(), line.trim_end());
            assert!(!p.scores.is_empty());
        }
    }
}

#[test]
fn a_trailing_comment_is_the_id() {
    let p: Problem = format!("{LINE} % FFO #1 ").parse().unwrap();
    assert_eq!(p.id.as_deref(), Some("FFO #1"));
    assert_eq!(p.scores.len(), 8);
    assert_eq!(p.to_string(), format!("{LINE} % FFO #1"));
    assert_eq!(p.to_string().parse::<Problem>().unwrap(), p);
    // Without scores, with or without the `;`; a blank comment is no id.
    let board = &LINE[..66];
    for (line, id) in [
        (format!("{board} %40"), Some("40")),
        (format!("{board}; % fforum-40"), Some("fforum-40")),
        (format!("{board} %  "), None),
        (LINE.to_owned(), None),
    ] {
        let p: Problem = line.parse().unwrap();
        assert_eq!(p.id.as_deref(), id, "{line}");
        assert!(p.best_score().is_none() || id.is_none(), "{line}");
        assert_eq!(p.to_string().parse::<Problem>().unwrap(), p, "{line}");
    }
}

#[test]
fn white_to_move_and_no_scores() {
    let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27);
    let p: Problem = format!("{board} O").parse().unwrap();
    assert!(!p.black_to_move);
    assert!(p.scores.is_empty());
    assert_eq!(p.to_string(), format!("{board} O;"));
    let q: Problem = p.to_string().parse().unwrap();
    assert_eq!(p, q);
}

#[test]
fn errors_name_line_and_column() {
    let e = "XO-".parse::<Problem>().unwrap_err();
    assert_eq!(
        (e.line, e.column, e.kind),
        (1, 4, ObfErrorKind::ShortBoard(3))
    );
    let bad = LINE.replacen('X', "Z", 1);
    let e = bad.parse::<Problem>().unwrap_err();
    assert_eq!((e.column, e.kind), (3, ObfErrorKind::BadBoardChar('Z')));
    let e = LINE.replace(" X;", " Y;").parse::<Problem>().unwrap_err();
    assert_eq!((e.column, e.kind), (66, ObfErrorKind::BadSide));
    let e = LINE
        .replace("G8:+18", "G9:+18")
        .parse::<Problem>()
        .unwrap_err();
    assert_eq!((e.column, e.kind), (69, ObfErrorKind::BadMove));
    let e = LINE
        .replace("G8:+18", "G8+18")
        .parse::<Problem>()
        .unwrap_err();
    assert_eq!(e.kind, ObfErrorKind::ExpectedColon);
    let e = LINE
        .replace("G8:+18", "G8:+99")
        .parse::<Problem>()
        .unwrap_err();
    assert_eq!(e.kind, ObfErrorKind::BadScore);
    let e = LINE
        .replace("G8:+18", "C1:+18")
        .parse::<Problem>()
        .unwrap_err();
    assert_eq!(e.kind, ObfErrorKind::Occupied);
    let file = format!("% comment\n{LINE}\n\n{}\n", LINE.replace(" X;", " X,"));
    let e = parse_file(&file).unwrap_err();
    assert_eq!(
        (e.line, e.column, e.kind),
        (4, 67, ObfErrorKind::ExpectedSemicolon)
    );
    assert!(e.to_string().starts_with("line 4, column 67"));
}

proptest! {
    /// No input panics; arbitrary strings, and mutations of a valid line.
    #[test]
    fn never_panics(s in "\\PC{0,120}") {
        let _ = parse_file(&s);
        let _ = s.parse::<Problem>();
    }

    #[test]
    fn mutated_lines_never_panic(i in 0usize..130, c in any::<char>()) {
        let mut v: Vec<char> = LINE.chars().collect();
        let i = i % v.len();
        v[i] = c;
        let s: String = v.into_iter().collect();
        if let Ok(p) = s.parse::<Problem>() {
            // What parses prints to something that parses to the same problem.
            let q: Problem = p.to_string().parse().unwrap();
            prop_assert_eq!(p, q);
        }
    }
}

/// FFO #1 lists every legal move (the solver's `--all-moves` test checks that), so each other
/// empty square is an illegal move: listing it is an error at its column.
#[test]
fn a_score_for_an_illegal_move_is_an_error() {
    let listed = ["G8", "H1", "H7", "A2", "A3", "B1", "A4", "G2"];
    let mut illegal = 0;
    for (i, c) in LINE[..64].char_indices() {
        let name = format!("{}{}", (b'A' + (i % 8) as u8) as char, i / 8 + 1);
        if c != '-' || listed.contains(&name.as_str()) {
            continue;
        }
        let line = format!("{LINE} {name}:-30;");
        let e = line.parse::<Problem>().unwrap_err();
        let mv = name.to_lowercase().parse().unwrap();
        assert_eq!(e.kind, ObfErrorKind::IllegalMove(mv), "{name}");
        assert_eq!(e.column, LINE.len() + 2, "{name}");
        assert!(e.to_string().contains("not a legal move"), "{e}");
        illegal += 1;
    }
    assert_eq!(illegal, 14 - 8);
    // A pass while moves exist, and a pass when the game is over.
    let e = LINE
        .replace(" X;", " X; PS:+20;")
        .parse::<Problem>()
        .unwrap_err();
    assert_eq!(e.kind, ObfErrorKind::IllegalMove(Move::Pass));
    let full = "X".repeat(64);
    let e = format!("{full} X; PS:+64;").parse::<Problem>().unwrap_err();
    assert_eq!(e.kind, ObfErrorKind::IllegalMove(Move::Pass));
    // A forced pass is legal: X (b1) cannot move, O (a1) can play c1.
    let board = "OX".to_owned() + &"-".repeat(62);
    let p: Problem = format!("{board} X; PS:-64;").parse().unwrap();
    assert_eq!(p.scores, [(Move::Pass, -64)]);
}

#[test]
fn contradicting_scores_are_an_error() {
    // The same move twice, with another score or the same one.
    for dup in ["H1:+10", "H1:+12"] {
        let line = format!("{LINE} {dup};");
        let e = line.parse::<Problem>().unwrap_err();
        let h1 = "h1".parse().unwrap();
        assert_eq!(e.kind, ObfErrorKind::DuplicateMove { mv: h1, first: 12 });
        assert_eq!(e.column, LINE.len() + 2);
        assert!(e.to_string().contains("h1 is listed twice"), "{e}");
    }
    // A later score above the first (best) one; equal is a tie, not a contradiction.
    let e = LINE
        .replace("H1:+12", "H1:+20")
        .parse::<Problem>()
        .unwrap_err();
    assert_eq!(
        (e.column, e.kind),
        (
            77,
            ObfErrorKind::AboveBest {
                score: 20,
                best: 18
            }
        )
    );
    assert!(
        e.to_string().contains("above the first (best) score +18"),
        "{e}"
    );
    let tie: Problem = LINE.replace("H1:+12", "H1:+18").parse().unwrap();
    assert_eq!(tie.best_score(), Some(18));
    // In a file: the error names its line.
    let file = format!("{LINE}\n{}\n", LINE.replace("H7:+6", "H7:+19"));
    let e = parse_file(&file).unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(
        e.kind,
        ObfErrorKind::AboveBest {
            score: 19,
            best: 18
        }
    );
}

/// Every OBF file of `data/` parses (their score lists are consistent), and every board that
/// comes out of the parser is valid.
#[test]
fn every_data_file_parses() {
    let dir = format!("{}/../../data", env!("CARGO_MANIFEST_DIR"));
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "obf") {
            let text = std::fs::read_to_string(&path).unwrap();
            let probs = parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(probs.iter().all(|p| p.board.is_valid()));
            files += 1;
        }
    }
    assert!(files >= 2, "{files} OBF files in {dir}");
}
