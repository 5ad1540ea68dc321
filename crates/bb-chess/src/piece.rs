//! [`Piece`]: the kind of a chess piece, without its colour.

/// A kind of piece.
///
/// ```
/// use bb_chess::Piece;
/// assert_eq!(Piece::Queen.to_char(), 'q');
/// assert_eq!(Piece::ALL[Piece::Rook.index()], Piece::Rook);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Piece {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Piece {
    /// Every kind, pawn first.
    pub const ALL: [Piece; 6] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ];

    /// 0 (pawn) ..= 5 (king).
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter used by FEN (for black) and by UCI promotions: `p n b r q k`.
    #[must_use]
    pub const fn to_char(self) -> char {
        [b'p', b'n', b'b', b'r', b'q', b'k'][self as usize] as char
    }

    /// Parses a letter of either case.
    ///
    /// ```
    /// use bb_chess::Piece;
    /// assert_eq!(Piece::from_char('N'), Some(Piece::Knight));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        Some(match c.to_ascii_lowercase() {
            'p' => Piece::Pawn,
            'n' => Piece::Knight,
            'b' => Piece::Bishop,
            'r' => Piece::Rook,
            'q' => Piece::Queen,
            'k' => Piece::King,
            _ => return None,
        })
    }

    /// The kind of index `i & 7`, with the two codes past the king (6, 7) read as a king: the
    /// mailbox only holds 0..=5, and the mask keeps the lookup free of a bounds check.
    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> Piece {
        match i & 7 {
            0 => Piece::Pawn,
            1 => Piece::Knight,
            2 => Piece::Bishop,
            3 => Piece::Rook,
            4 => Piece::Queen,
            _ => Piece::King,
        }
    }
}
