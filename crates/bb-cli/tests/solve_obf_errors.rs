//! `bb solve` on an OBF file whose score list contradicts its position: the parser's error
//! (line, column, what) on stderr, exit status 2, nothing solved.

mod cli_common;

use cli_common::run;

const FFO_1_19: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-1-19.obf");

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn an_inconsistent_score_list_is_reported_with_its_position() {
    let text = std::fs::read_to_string(FFO_1_19).expect("data/fforum-1-19.obf");
    let first = text.lines().next().expect("a line");
    let dir = std::env::temp_dir().join(format!("bb-cli-obf-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Problem 1 lists every legal move; A1 is empty and not one of them.
    for (name, line, want) in [
        (
            "illegal",
            format!("{first} A1:-30;"),
            "a1 is not a legal move in this position",
        ),
        (
            "duplicate",
            first.replacen("H1:+12", "H1:+12; H1:+10", 1),
            "h1 is listed twice (first with score +12)",
        ),
        (
            "above-best",
            first.replacen("H1:+12", "H1:+20", 1),
            "score +20 is above the first (best) score +18 of the line",
        ),
    ] {
        let file = dir.join(format!("{name}.obf"));
        std::fs::write(&file, format!("{first}\n{line}\n")).unwrap();
        let (code, out, err) = run(&["solve", file.to_str().unwrap()]);
        assert_eq!(code, Some(2), "{name}: {out}{err}");
        let own = cli_common::own_lines(&err);
        assert_eq!(own.len(), 1, "{name}: {err}");
        assert!(own[0].starts_with("bb solve: "), "{name}: {err}");
        assert!(own[0].contains(": line 2, column "), "{name}: {err}");
        assert!(own[0].ends_with(want), "{name}: {err}");
        assert!(out.is_empty(), "{name}: nothing solved: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
