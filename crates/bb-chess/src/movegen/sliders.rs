//! The slider getters move generation uses: the crate's per-backend defaults
//! ([`crate::sliders::rook`], [`crate::sliders::bishop`]), behind one seam so that a different
//! technique can be tried for move generation alone.

pub(crate) use crate::sliders::{bishop, rook};
