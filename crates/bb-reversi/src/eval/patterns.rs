//! The pattern definition: which squares each of Edax 4.5's 46 pattern features reads, in
//! which digit order, and which weight group scores it.
//!
//! A feature's index is the base-3 number whose most significant digit is its first square:
//! digit 0 for a disc of the colour the features are seen from, 1 for the other colour, 2 for
//! an empty square. A pattern of `n` squares has indices `0..3^n` (at most 59049, a `u16`).

use bb_core::Square;

/// Pattern features (Edax counts 47 with the constant term, [`Group::Bias`]).
pub const PATTERN_COUNT: usize = 46;

/// Feature lanes: the patterns padded to 48 so that they fill whole vectors (six of 128 bits,
/// three of 256); the two padding lanes are always 0.
pub const LANES: usize = 48;

macro_rules! squares {
    ($($s:ident),+ $(,)?) => { &[$(Square::$s),+] };
}

/// The squares of each pattern feature, most significant digit first.
///
/// ```
/// use bb_reversi::eval::patterns::PATTERNS;
/// use bb_reversi::Square;
/// assert_eq!(PATTERNS[28], &[Square::A1, Square::B2, Square::C3, Square::D4,
///     Square::E5, Square::F6, Square::G7, Square::H8]);
/// ```
pub const PATTERNS: [&[Square]; PATTERN_COUNT] = [
    // 3x3 corners
    squares!(A1, B1, A2, B2, C1, A3, C2, B3, C3),
    squares!(H1, G1, H2, G2, F1, H3, F2, G3, F3),
    squares!(A8, A7, B8, B7, A6, C8, B6, C7, C6),
    squares!(H8, H7, G8, G7, H6, F8, G6, F7, F6),
    // corner angles: five squares of each edge through the corner, and the X square
    squares!(A5, A4, A3, A2, A1, B2, B1, C1, D1, E1),
    squares!(H5, H4, H3, H2, H1, G2, G1, F1, E1, D1),
    squares!(A4, A5, A6, A7, A8, B7, B8, C8, D8, E8),
    squares!(H4, H5, H6, H7, H8, G7, G8, F8, E8, D8),
    // edges with both X squares
    squares!(B2, A1, B1, C1, D1, E1, F1, G1, H1, G2),
    squares!(B7, A8, B8, C8, D8, E8, F8, G8, H8, G7),
    squares!(B2, A1, A2, A3, A4, A5, A6, A7, A8, B7),
    squares!(G2, H1, H2, H3, H4, H5, H6, H7, H8, G7),
    // edges with the two corners and the 2x4 block next to them
    squares!(A1, C1, D1, C2, D2, E2, F2, E1, F1, H1),
    squares!(A8, C8, D8, C7, D7, E7, F7, E8, F8, H8),
    squares!(A1, A3, A4, B3, B4, B5, B6, A5, A6, A8),
    squares!(H1, H3, H4, G3, G4, G5, G6, H5, H6, H8),
    // second lines
    squares!(A2, B2, C2, D2, E2, F2, G2, H2),
    squares!(A7, B7, C7, D7, E7, F7, G7, H7),
    squares!(B1, B2, B3, B4, B5, B6, B7, B8),
    squares!(G1, G2, G3, G4, G5, G6, G7, G8),
    // third lines
    squares!(A3, B3, C3, D3, E3, F3, G3, H3),
    squares!(A6, B6, C6, D6, E6, F6, G6, H6),
    squares!(C1, C2, C3, C4, C5, C6, C7, C8),
    squares!(F1, F2, F3, F4, F5, F6, F7, F8),
    // fourth lines
    squares!(A4, B4, C4, D4, E4, F4, G4, H4),
    squares!(A5, B5, C5, D5, E5, F5, G5, H5),
    squares!(D1, D2, D3, D4, D5, D6, D7, D8),
    squares!(E1, E2, E3, E4, E5, E6, E7, E8),
    // main diagonals
    squares!(A1, B2, C3, D4, E5, F6, G7, H8),
    squares!(A8, B7, C6, D5, E4, F3, G2, H1),
    // diagonals of 7, 6, 5 and 4 squares
    squares!(B1, C2, D3, E4, F5, G6, H7),
    squares!(H2, G3, F4, E5, D6, C7, B8),
    squares!(A2, B3, C4, D5, E6, F7, G8),
    squares!(G1, F2, E3, D4, C5, B6, A7),
    squares!(C1, D2, E3, F4, G5, H6),
    squares!(A3, B4, C5, D6, E7, F8),
    squares!(F1, E2, D3, C4, B5, A6),
    squares!(H3, G4, F5, E6, D7, C8),
    squares!(D1, E2, F3, G4, H5),
    squares!(A4, B5, C6, D7, E8),
    squares!(E1, D2, C3, B4, A5),
    squares!(H4, G5, F6, E7, D8),
    squares!(D1, C2, B3, A4),
    squares!(A5, B6, C7, D8),
    squares!(E1, F2, G3, H4),
    squares!(H5, G6, F7, E8),
];

/// The weight groups of an Edax weight file, in file order: features of one group share one
/// table of weights (four symmetric copies of a pattern, or the two main diagonals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// 3x3 corners (features 0-3).
    Corner9,
    /// Corner angles (features 4-7).
    Angle10,
    /// Edges with both X squares (features 8-11).
    EdgeX10,
    /// Edges with the 2x4 block (features 12-15).
    EdgeBlock10,
    /// Second lines (features 16-19).
    Line2,
    /// Third lines (features 20-23).
    Line3,
    /// Fourth lines (features 24-27).
    Line4,
    /// Main diagonals (features 28-29).
    Diagonal8,
    /// Diagonals of 7 squares (features 30-33).
    Diagonal7,
    /// Diagonals of 6 squares (features 34-37).
    Diagonal6,
    /// Diagonals of 5 squares (features 38-41).
    Diagonal5,
    /// Diagonals of 4 squares (features 42-45).
    Diagonal4,
    /// The constant term (one weight per ply).
    Bias,
}

impl Group {
    /// Every group, in weight-file order.
    pub const ALL: [Group; 13] = [
        Group::Corner9,
        Group::Angle10,
        Group::EdgeX10,
        Group::EdgeBlock10,
        Group::Line2,
        Group::Line3,
        Group::Line4,
        Group::Diagonal8,
        Group::Diagonal7,
        Group::Diagonal6,
        Group::Diagonal5,
        Group::Diagonal4,
        Group::Bias,
    ];

    /// The group that scores pattern feature `feature` (`None` past the 46 patterns).
    ///
    /// ```
    /// use bb_reversi::eval::patterns::Group;
    /// assert_eq!(Group::of(29), Some(Group::Diagonal8));
    /// assert_eq!(Group::of(46), None);
    /// ```
    #[must_use]
    pub const fn of(feature: usize) -> Option<Group> {
        Some(match feature {
            0..=3 => Group::Corner9,
            4..=7 => Group::Angle10,
            8..=11 => Group::EdgeX10,
            12..=15 => Group::EdgeBlock10,
            16..=19 => Group::Line2,
            20..=23 => Group::Line3,
            24..=27 => Group::Line4,
            28..=29 => Group::Diagonal8,
            30..=33 => Group::Diagonal7,
            34..=37 => Group::Diagonal6,
            38..=41 => Group::Diagonal5,
            42..=45 => Group::Diagonal4,
            _ => return None,
        })
    }

    /// The number of squares of the group's patterns (0 for the bias).
    #[must_use]
    pub const fn squares(self) -> usize {
        match self {
            Group::Corner9 => 9,
            Group::Angle10 | Group::EdgeX10 | Group::EdgeBlock10 => 10,
            Group::Line2 | Group::Line3 | Group::Line4 | Group::Diagonal8 => 8,
            Group::Diagonal7 => 7,
            Group::Diagonal6 => 6,
            Group::Diagonal5 => 5,
            Group::Diagonal4 => 4,
            Group::Bias => 0,
        }
    }

    /// The number of indices, `3^squares`.
    #[must_use]
    pub const fn indices(self) -> usize {
        pow3(self.squares())
    }
}

/// `3^n`.
#[must_use]
pub const fn pow3(n: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}
