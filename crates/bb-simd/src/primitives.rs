//! Seed primitives (001): population count of a vector of bitboards, byte-wise dot product.
