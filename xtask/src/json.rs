//! The JSON the xtask reads, as serde types: cargo's `--message-format=json` artifact lines,
//! `cargo metadata`, and the `dispatch` member of `bb backends --json`. Only the members used are
//! declared; the others are ignored.

use serde::Deserialize;
use std::path::PathBuf;

/// A `compiler-artifact` message of `cargo build/test --message-format=json`.
#[derive(Debug, Deserialize)]
pub(crate) struct Artifact {
    pub(crate) reason: String,
    pub(crate) manifest_path: Option<PathBuf>,
    pub(crate) target: CargoTarget,
    pub(crate) profile: Profile,
    /// Absent for libraries and build scripts.
    pub(crate) executable: Option<PathBuf>,
}

impl Artifact {
    /// The artifact on this line of cargo's output, if the line is one (other messages and
    /// non-JSON lines give `None`).
    pub(crate) fn from_line(line: &str) -> Option<Artifact> {
        serde_json::from_str::<Artifact>(line)
            .ok()
            .filter(|a| a.reason == "compiler-artifact")
    }
}

/// A target of a package (`lib`, `bin`, `test`, ...).
#[derive(Debug, Deserialize)]
pub(crate) struct CargoTarget {
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) kind: Vec<String>,
}

/// The profile an artifact was built with.
#[derive(Debug, Deserialize)]
pub(crate) struct Profile {
    /// Built as a test harness.
    #[serde(default)]
    pub(crate) test: bool,
}

/// `cargo metadata --no-deps --format-version 1`.
#[derive(Debug, Deserialize)]
pub(crate) struct Metadata {
    pub(crate) target_directory: Option<PathBuf>,
    #[serde(default)]
    pub(crate) packages: Vec<Package>,
}

/// A workspace member in [`Metadata`].
#[derive(Debug, Deserialize)]
pub(crate) struct Package {
    pub(crate) name: String,
    pub(crate) manifest_path: PathBuf,
    #[serde(default)]
    pub(crate) targets: Vec<CargoTarget>,
}

/// The backend named by the `dispatch` member of a `bb backends --json` line, if the line is one.
pub(crate) fn dispatch_of(line: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Line {
        dispatch: Option<String>,
    }
    serde_json::from_str::<Line>(line).ok()?.dispatch
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_cargo_artifact_line() {
        let line = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/crates/bb-core#0.1.0","manifest_path":"/w/crates/bb-core/Cargo.toml","target":{"kind":["lib"],"crate_types":["lib"],"name":"bb_core","src_path":"/w/src/lib.rs","edition":"2024","doctest":true,"test":true},"profile":{"opt_level":"1","debuginfo":2,"debug_assertions":true,"overflow_checks":true,"test":true},"features":[],"filenames":["/w/target/debug/deps/bb_core-1234"],"executable":"/w/target/debug/deps/bb_core-1234","fresh":true}"#;
        let a = Artifact::from_line(line).unwrap();
        assert!(a.profile.test);
        assert_eq!(
            a.executable.as_deref(),
            Some("/w/target/debug/deps/bb_core-1234".as_ref())
        );
        assert_eq!(
            (a.target.name.as_str(), &a.target.kind[..]),
            ("bb_core", &["lib".to_owned()][..])
        );
        assert_eq!(
            a.manifest_path.as_deref(),
            Some("/w/crates/bb-core/Cargo.toml".as_ref())
        );
        // A library has no executable member.
        let lib = line.replace(r#","executable":"/w/target/debug/deps/bb_core-1234""#, "");
        assert_eq!(Artifact::from_line(&lib).unwrap().executable, None);
    }

    #[test]
    fn skips_other_lines() {
        assert!(Artifact::from_line(r#"{"reason":"build-finished","success":true}"#).is_none());
        let msg = r#"{"reason":"compiler-message","target":{"kind":["lib"],"name":"x"},"profile":{"test":false}}"#;
        assert!(Artifact::from_line(msg).is_none());
        assert!(Artifact::from_line("   Compiling bb-core v0.1.0").is_none());
        assert!(Artifact::from_line("{").is_none());
    }

    #[test]
    fn reads_metadata() {
        let text = r#"{"packages":[{"name":"bb-cli","version":"0.1.0","manifest_path":"/w/crates/bb-cli/Cargo.toml","targets":[{"kind":["lib"],"name":"bb_cli"},{"kind":["bin"],"name":"bb"}]}],"workspace_root":"/w","target_directory":"/w/target","version":1}"#;
        let m: Metadata = serde_json::from_str(text).unwrap();
        assert_eq!(m.target_directory.as_deref(), Some("/w/target".as_ref()));
        assert_eq!(m.packages[0].name, "bb-cli");
        assert_eq!(m.packages[0].targets[1].kind, ["bin"]);
    }

    #[test]
    fn reads_dispatch() {
        assert_eq!(
            dispatch_of(r#"{"best":"avx2","bb_backend":null,"dispatch":"avx2"}"#).as_deref(),
            Some("avx2")
        );
        assert_eq!(dispatch_of(r#"{"dispatch":null}"#), None);
        assert_eq!(dispatch_of("dispatch picks avx2"), None);
    }
}
