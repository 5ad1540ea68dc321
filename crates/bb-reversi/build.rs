//! Generates the OUTFLANK / FLIPPED line tables of the Edax-style table flip into `OUT_DIR`.

// The rotated-outflank generators are `const fn`s evaluated in the crate itself.
#[path = "src/flip/table_gen.rs"]
#[allow(dead_code)]
mod table_gen;

#[path = "src/gen/count_flip.rs"]
mod count_flip;
#[path = "src/gen/edge_stability.rs"]
mod edge_stability;

use std::fmt::Write as _;

fn main() {
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    let mut s = String::new();
    for (name, table) in [
        ("outflank", table_gen::outflank_table()),
        ("flipped", table_gen::flipped_table()),
    ] {
        s.clear();
        s.push('[');
        for row in &table {
            s.push('[');
            for v in row {
                write!(s, "{v},").expect("write");
            }
            s.push_str("],");
        }
        s.push(']');
        std::fs::write(format!("{out}/{name}.rs"), &s).expect("write table");
    }
    println!("cargo:rerun-if-changed=src/flip/table_gen.rs");
    std::fs::write(format!("{out}/last_flip_tables.rs"), count_flip::source())
        .expect("write table");
    std::fs::write(format!("{out}/edge_stability.rs"), edge_stability::source())
        .expect("write table");
    println!("cargo:rerun-if-changed=src/gen");
}
