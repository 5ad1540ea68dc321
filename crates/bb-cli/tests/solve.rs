//! `bb solve`: problems numbered by their OBF id, and `--all-moves` checked against every move
//! score the FFO file lists.

mod cli_common;

use cli_common::run;
use std::collections::HashMap;

const FFO_1_19: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-1-19.obf");

/// Every `MOVE:score` the file lists, per problem line, read straight from the text (lower
/// case moves).
fn listed_scores(text: &str) -> Vec<HashMap<String, i32>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split(';')
                .skip(1)
                .filter_map(|f| f.trim().split_once(':'))
                .map(|(m, s)| (m.to_lowercase(), s.parse::<i32>().expect("score")))
                .collect()
        })
        .collect()
}

/// The `moves:` lines of the output, as move -> score maps.
fn reported_scores(out: &str) -> Vec<HashMap<String, i32>> {
    out.lines()
        .filter_map(|l| l.split_once("| moves: "))
        .map(|(_, list)| {
            list.split(", ")
                .map(|e| {
                    let mut w = e.split_whitespace();
                    let m = w.next().expect("move").to_owned();
                    let s = w.next().expect("score").parse::<i32>().expect("score");
                    (m, s)
                })
                .collect()
        })
        .collect()
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn all_moves_agree_with_every_score_of_ffo_1_19() {
    // FFO #1-#19 (14 to 16 empties): every move of every problem, solved exactly, well under a
    // second in a test build.
    let text = std::fs::read_to_string(FFO_1_19).expect("data/fforum-1-19.obf");
    let listed = listed_scores(&text);
    assert_eq!(listed.len(), 19);
    let (code, out, err) = run(&["solve", "--all-moves", FFO_1_19]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(cli_common::own_lines(&err).is_empty(), "{err}");
    let reported = reported_scores(&out);
    assert_eq!(reported.len(), 19, "{out}");
    let mut checked = 0;
    for (i, (want, got)) in listed.iter().zip(&reported).enumerate() {
        // The file lists every legal move: the same set, the same scores.
        assert_eq!(want, got, "problem {}", i + 1);
        checked += want.len();
    }
    assert!(checked > 130, "{checked} move scores");
    assert!(
        out.contains("19 problems") && out.contains(", 0 mismatches"),
        "{out}"
    );
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn a_wrong_move_score_is_a_mismatch_with_all_moves_only() {
    let text = std::fs::read_to_string(FFO_1_19).expect("data/fforum-1-19.obf");
    // Problem 1's second move, H1:+12, made wrong; its best score stays right.
    let line = text.lines().next().unwrap().replace("H1:+12", "H1:+10");
    let dir = std::env::temp_dir().join(format!("bb-cli-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.obf");
    std::fs::write(&file, format!("{line}\n")).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, _) = run(&["solve", f]);
    assert_eq!(code, Some(0), "only the best score is checked: {out}");
    let (code, out, _) = run(&["solve", "--all-moves", f]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("h1 +12 MISMATCH (file +10)"), "{out}");
    assert!(out.contains("1 mismatch"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn problems_are_numbered_by_their_obf_id() {
    let text = std::fs::read_to_string(FFO_1_19).expect("data/fforum-1-19.obf");
    let mut lines = text.lines();
    let (a, b, c) = (
        lines.next().unwrap(),
        lines.next().unwrap(),
        lines.next().unwrap(),
    );
    let dir = std::env::temp_dir().join(format!("bb-cli-ids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ids.obf");
    // The second line has no comment: it keeps its position in the file as its number.
    std::fs::write(
        &file,
        format!("{a} % FFO #1\n% a comment line\n{b}\n{c} % ffo-3\n"),
    )
    .unwrap();
    let (code, out, err) = run(&["solve", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("|") && !l.contains("empties"))
        .collect();
    let rows: Vec<&str> = rows.into_iter().filter(|l| !l.starts_with('-')).collect();
    assert_eq!(rows.len(), 3, "{out}");
    assert!(rows[0].starts_with("FFO #1 |"), "{out}");
    assert!(rows[1].trim_start().starts_with("2 |"), "{out}");
    assert!(rows[2].trim_start().starts_with("ffo-3 |"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The node column of each row of a `bb solve` table.
fn node_counts(out: &str) -> Vec<u64> {
    out.lines()
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            (cols.len() >= 6)
                .then(|| cols[4].parse::<u64>().ok())
                .flatten()
        })
        .collect()
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn an_all_zero_eval_file_visits_the_nodes_of_no_eval() {
    // An Edax weight file of zero weights (header "EDAX" "EVAL" in the little-endian form).
    let dir = std::env::temp_dir().join(format!("bb-cli-solve-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let zero = dir.join("zero.dat");
    let mut bytes = vec![0u8; bb_reversi::eval::FILE_BYTES];
    bytes[..8].copy_from_slice(b"XADELAVE");
    std::fs::write(&zero, bytes).unwrap();
    let zero = zero.to_str().unwrap();
    let (code, plain, err) = run(&["solve", FFO_1_19]);
    assert_eq!(code, Some(0), "{plain}{err}");
    let (code, eval, err) = run(&["solve", FFO_1_19, "--eval", zero, "--eval-from", "8"]);
    assert_eq!(code, Some(0), "{eval}{err}");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        eval.lines()
            .next()
            .unwrap()
            .contains("zero.dat from 8 empties"),
        "{eval}"
    );
    let nodes = node_counts(&plain);
    assert_eq!(nodes.len(), 19, "{plain}");
    assert_eq!(node_counts(&eval), nodes);
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn the_help_names_the_library_s_default_ordering() {
    let d = bb_reversi::solver::EvalOrdering::default();
    let (code, help, err) = run(&["solve", "--help"]);
    assert_eq!(code, Some(0), "{help}{err}");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains(&format!("8 to 60 (default {})", d.min_empties)),
        "{help}"
    );
    assert!(
        help.contains(&format!("0 to 3 (default {})", d.depth)),
        "{help}"
    );
}
