//! Writes the shared geometry tables into `OUT_DIR`, one array expression per file, which
//! `src/masks.rs` and `src/attacks.rs` pull in with `include!`.
//!
//! The generator is `src/geometry.rs`, included here by path so that the crate's tests run the
//! very same code. All the work is a few hundred thousand cheap loop iterations; the build
//! script is compiled at opt-level 3 (workspace profile) and finishes in milliseconds.

use std::fmt::Write as _;
use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/geometry.rs"]
mod geometry;

use geometry::Relation;

fn squares() -> impl Iterator<Item = u8> {
    0..64u8
}

fn u64_array(values: impl IntoIterator<Item = u64>) -> String {
    let mut s = String::from("[");
    for v in values {
        write!(s, "0x{v:016x},").unwrap();
    }
    s.push(']');
    s
}

fn write(name: &str, text: &str) {
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("cannot write {name}: {e}"));
}

fn per_square(name: &str, f: impl Fn(u8) -> u64) {
    write(name, &u64_array(squares().map(f)));
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/geometry.rs");

    per_square("rank_ex.rs", |s| geometry::mask_ex(Relation::Rank, s));
    per_square("file_ex.rs", |s| geometry::mask_ex(Relation::File, s));
    per_square("diag_ex.rs", |s| geometry::mask_ex(Relation::Diagonal, s));
    per_square("anti_ex.rs", |s| {
        geometry::mask_ex(Relation::AntiDiagonal, s)
    });
    per_square("knight.rs", |s| geometry::mask_ex(Relation::Knight, s));
    per_square("king.rs", |s| geometry::mask_ex(Relation::King, s));

    let pawn = format!(
        "[{}, {}]",
        u64_array(squares().map(|s| geometry::mask_ex(Relation::WhitePawn, s))),
        u64_array(squares().map(|s| geometry::mask_ex(Relation::BlackPawn, s)))
    );
    write("pawn.rs", &pawn);

    let mut hq = String::from("[");
    for s in squares() {
        write!(
            hq,
            "HqMask {{ bit: 0x{:016x}, diag: 0x{:016x}, anti: 0x{:016x}, file: 0x{:016x} }},",
            1u64 << s,
            geometry::mask_ex(Relation::Diagonal, s),
            geometry::mask_ex(Relation::AntiDiagonal, s),
            geometry::mask_ex(Relation::File, s),
        )
        .unwrap();
    }
    hq.push(']');
    write("hq.rs", &hq);

    let mut half = String::from("[");
    for s in squares() {
        write!(
            half,
            "HalfLines {{ lsb: {}, msb: {} }},",
            u64_array(geometry::half_lines_lsb(s)),
            u64_array(geometry::half_lines_msb(s)),
        )
        .unwrap();
    }
    half.push(']');
    write("half_lines.rs", &half);

    let square_pairs = |f: fn(u8, u8) -> u64| {
        let mut t = String::from("[");
        for a in squares() {
            t.push_str(&u64_array(squares().map(|b| f(a, b))));
            t.push(',');
        }
        t.push(']');
        t
    };
    write("line.rs", &square_pairs(geometry::line));
    write("between.rs", &square_pairs(geometry::between));
}
