//! The JSON lines of `bb bench --json`, and of the harnesses that print rows in its shape.

use serde::Deserialize;

/// One row: the members bb and the harnesses all write (other members are ignored).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(crate) struct Row {
    pub(crate) kernel: String,
    pub(crate) variant: String,
    pub(crate) backend: String,
    #[serde(default)]
    pub(crate) mode: String,
    /// Absent from a check-only row.
    pub(crate) ns: Option<f64>,
    pub(crate) checked: bool,
    #[serde(default)]
    pub(crate) default: bool,
    /// The peer build's label (the Edax harness's rows only).
    #[serde(default)]
    pub(crate) march: String,
}

/// `row`, or an error naming it when its result disagreed with its reference.
pub(crate) fn checked(row: Row, who: &str) -> Result<Row, String> {
    if row.checked {
        Ok(row)
    } else {
        Err(format!(
            "{who}: {}/{} on {} disagrees with its reference",
            row.kernel, row.variant, row.backend
        ))
    }
}
