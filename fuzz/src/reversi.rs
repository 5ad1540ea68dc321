//! The reversi fuzz target's body: `obf`.
//!
//! A plain function of the input bytes so that the libFuzzer target in `fuzz_targets/` and the
//! corpus regression test on stable (`crates/bb-reversi/tests/fuzz_corpus.rs`, which includes
//! this file by path) run the same checks. It panics when an invariant fails and returns
//! whether the input's main text was accepted.

use bb_reversi::game::{BoardExt, Game};
use bb_reversi::obf::{Problem, parse_file};

/// OBF parsing and move-list parsing never panic. Input: OBF text (any lines); every problem
/// that parses must print to a line that parses to the same problem, and its listed moves are
/// replayed through the game layer. The same bytes are then read as a move list. Returns
/// whether the text parsed as an OBF file with at least one problem or as a move list.
pub fn obf(data: &[u8]) -> bool {
    let Ok(text) = core::str::from_utf8(data) else {
        return false;
    };
    let accepted = match parse_file(text) {
        Ok(problems) => {
            for p in &problems {
                let line = p.to_string();
                let again: Problem = line.parse().expect("own OBF line parses");
                assert_eq!(&again, p, "{line:?}");
                for &(m, _) in &p.scores {
                    let _ = p.board.play_move(m);
                }
            }
            !problems.is_empty()
        }
        Err(e) => {
            let _ = e.to_string();
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            false
        }
    };
    let mut g = Game::new();
    match g.play_str(text) {
        Ok(()) => accepted || !text.trim().is_empty(),
        Err(e) => {
            assert!(e.offset < text.len(), "{e}");
            accepted
        }
    }
}
