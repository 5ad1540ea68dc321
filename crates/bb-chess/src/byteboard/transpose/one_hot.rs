//! The one-hot byte of each place code, shared by the vector forms.

/// One-hot byte of a place code `(place >> 4)` = `colour << 3 | type`: bit `piece.index()`, bit
/// `6 + colour`; 0 for empty.
pub(super) const ONE_HOT: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let c = i >> 3;
        let piece = match i & 7 {
            2 => 0,
            3 => 1,
            5 => 2,
            6 => 3,
            7 => 4,
            1 => 5,
            _ => 8,
        };
        if piece < 8 {
            t[i] = (1 << piece) | (1 << (6 + c));
        }
        i += 1;
    }
    t
};

/// [`ONE_HOT`] repeated in every 16-byte lane (PSHUFB table).
pub(super) const ONE_HOT64: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ONE_HOT[i % 16];
        i += 1;
    }
    t
};
