//! Generates bb-chess's lookup tables into `OUT_DIR`:
//!
//! - `first_rank.rs`: attacks along one rank for every file and inner occupancy (512 bytes);
//! - `magic.rs`: fancy magic numbers, found here by a fixed-seed search, and their attack table;
//! - `pext.rs`: PEXT-indexed attack table;
//! - `pext16.rs`: the same compressed to 16 bits per attack set (expanded with PDEP).
//!
//! The attack sets come from `bb_core::reference` (ray walkers), so every table is correct by
//! construction; the crate's tests check the kernels built on them against the same oracles.
//! The generator functions live in `src/tablegen.rs`, which the crate also compiles so tests can call
//! them again. The whole script runs in well under a second at opt-level 3.

use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "src/tablegen.rs"]
mod generator;

#[path = "src/byteboard/geometry.rs"]
#[allow(dead_code)]
mod byteboard_geometry;

fn write(name: &str, text: &str) {
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("cannot write {name}: {e}"));
}

fn u64s(s: &mut String, values: &[u64]) {
    s.push('[');
    for v in values {
        write!(s, "0x{v:x},").unwrap();
    }
    s.push(']');
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/tablegen.rs");
    println!("cargo::rerun-if-changed=src/byteboard/geometry.rs");
    byteboard_tables();

    // First-rank table.
    let fr = generator::first_rank();
    let mut s = String::from("[");
    for v in fr {
        write!(s, "{v},").unwrap();
    }
    s.push(']');
    write("first_rank.rs", &s);

    // Fancy magics.
    let magic = generator::magic_tables();
    let mut s = String::from("/// Rook magics.\npub static MAGIC_ROOK: [Magic; 64] = [");
    for m in &magic.rook {
        write!(
            s,
            "Magic {{ mask: 0x{:x}, magic: 0x{:x}, shift: {}, offset: {} }},",
            m.0, m.1, m.2, m.3
        )
        .unwrap();
    }
    s.push_str("];\n/// Bishop magics.\npub static MAGIC_BISHOP: [Magic; 64] = [");
    for m in &magic.bishop {
        write!(
            s,
            "Magic {{ mask: 0x{:x}, magic: 0x{:x}, shift: {}, offset: {} }},",
            m.0, m.1, m.2, m.3
        )
        .unwrap();
    }
    write!(
        s,
        "];\n/// Attack sets of the magics, rooks first.\npub static MAGIC_ATTACKS: [u64; {}] = ",
        magic.attacks.len()
    )
    .unwrap();
    u64s(&mut s, &magic.attacks);
    s.push_str(";\n");
    write("magic.rs", &s);

    // PEXT.
    let pext = generator::pext_tables();
    let mut s = String::from("/// Rook PEXT entries.\npub static PEXT_ROOK: [PextEntry; 64] = [");
    for m in &pext.rook {
        write!(s, "PextEntry {{ mask: 0x{:x}, offset: {} }},", m.0, m.1).unwrap();
    }
    s.push_str("];\n/// Bishop PEXT entries.\npub static PEXT_BISHOP: [PextEntry; 64] = [");
    for m in &pext.bishop {
        write!(s, "PextEntry {{ mask: 0x{:x}, offset: {} }},", m.0, m.1).unwrap();
    }
    // Zero padding so that every bishop's 512-entry view (`sliders::lookup`) fits.
    let mut padded = pext.attacks.clone();
    let end = pext
        .bishop
        .iter()
        .map(|&(_, o)| o as usize + 512)
        .max()
        .unwrap_or(0);
    padded.resize(padded.len().max(end), 0);
    write!(
        s,
        "];\n/// PEXT-indexed attack sets, rooks first, then zero padding.\npub static PEXT_ATTACKS: [u64; {}] = ",
        padded.len()
    )
    .unwrap();
    u64s(&mut s, &padded);
    s.push_str(";\n");
    write("pext.rs", &s);

    // Compressed PEXT: 16-bit attack sets expanded by PDEP.
    let p16 = generator::pext16_tables();
    let mut s = String::new();
    for (name, entries) in [("PEXT16_ROOK", &p16.rook), ("PEXT16_BISHOP", &p16.bishop)] {
        write!(
            s,
            "/// {name} entries.\npub static {name}: [Pext16Entry; 64] = ["
        )
        .unwrap();
        for m in entries {
            write!(
                s,
                "Pext16Entry {{ mask: 0x{:x}, empty: 0x{:x}, offset: {} }},",
                m.0, m.1, m.2
            )
            .unwrap();
        }
        s.push_str("];\n");
    }
    write!(
        s,
        "/// Compressed attack sets, rooks first, zero-padded.\npub static PEXT16_ATTACKS: [u16; {}] = [",
        p16.attacks.len()
    )
    .unwrap();
    for v in &p16.attacks {
        write!(s, "{v},").unwrap();
    }
    s.push_str("];\n");
    write("pext16.rs", &s);
}

/// `byteboard.rs`: superpiece ray coordinates, inverse permutations and piece-move masks.
fn byteboard_tables() {
    let bytes = |s: &mut String, name: &str, t: &[[u8; 64]; 64]| {
        write!(s, "pub static {name}: [[u8; 64]; 64] = [").unwrap();
        for row in t {
            write!(s, "{row:?},").unwrap();
        }
        s.push_str("];\n");
    };
    let (coords, valid) = byteboard_geometry::ray_coords();
    let (inv_board, inv_eo) = byteboard_geometry::inverse_rays();
    let mut s = String::new();
    bytes(&mut s, "RAY_COORDS", &coords);
    bytes(&mut s, "INV_BOARD", &inv_board);
    bytes(&mut s, "INV_EO", &inv_eo);
    s.push_str("pub static RAY_VALID: [u64; 64] = ");
    u64s(&mut s, &valid);
    s.push_str(";\npub static PIECE_MOVES_EO: [[[u64; 64]; 8]; 2] = [");
    for per_color in byteboard_geometry::piece_moves_eo() {
        s.push('[');
        for per_type in per_color {
            u64s(&mut s, &per_type);
            s.push(',');
        }
        s.push_str("],");
    }
    s.push_str("];\n");
    write("byteboard.rs", &s);
}
