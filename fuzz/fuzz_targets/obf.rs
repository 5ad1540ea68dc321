//! OBF parsing and move-list parsing must never panic. Input: OBF text (any lines); every
//! problem that parses must print to a line that parses to the same problem, and its listed
//! moves are replayed through the game layer.
#![no_main]

use bb_reversi::game::{BoardExt, Game};
use bb_reversi::obf::{Problem, parse_file};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    match parse_file(text) {
        Ok(problems) => {
            for p in problems {
                let line = p.to_string();
                let again: Problem = line.parse().expect("own OBF line parses");
                assert_eq!(again, p);
                for &(m, _) in &p.scores {
                    let _ = p.board.play_move(m);
                }
            }
        }
        Err(e) => {
            let _ = e.to_string();
            assert!(e.line >= 1 && e.column >= 1);
        }
    }
    // The same bytes as a move list.
    let mut g = Game::new();
    if let Err(e) = g.play_str(text) {
        assert!(e.offset < text.len());
    }
});
