//! EPD reading must never panic; a record that parses is written back by `Display` to a line
//! that parses to the same record, and its move operands resolve without panicking.
#![no_main]

use bb_chess::epd::Epd;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(line) = core::str::from_utf8(data) else {
        return;
    };
    match Epd::parse(line) {
        Ok(epd) => {
            let text = epd.to_string();
            let again = Epd::parse(&text).expect("own EPD parses");
            assert_eq!(again, epd, "{line:?} -> {text:?}");
            let _ = epd.best_moves();
            let _ = epd.avoid_moves();
            let _ = epd.perft_counts().count();
            let _ = epd.unsigned("acd");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
