//! Clap's errors rendered on one line.

use super::{Cli, Refused};
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// A clap error as one line (without the `bb: ` prefix): what is wrong, a suggestion when clap
/// has one, and which command's `--help` to read. `args` are the arguments after the program
/// name, which name the command (clap's own rendering spreads this over several lines with the
/// usage, and not every error kind carries the command).
#[must_use]
pub fn one_line<S: AsRef<std::ffi::OsStr>>(e: &clap::Error, args: &[S]) -> String {
    use clap::CommandFactory;
    // The deepest command the leading arguments name.
    let mut cmd = Cli::command();
    let mut path = vec!["bb".to_owned()];
    for a in args {
        let Some(a) = a.as_ref().to_str() else { break };
        let Some(sub) = cmd.find_subcommand(a).cloned() else {
            break;
        };
        path.push(sub.get_name().to_owned());
        cmd = sub;
    }
    let command = path.join(" ");
    let subcommands = || {
        cmd.get_subcommands()
            .map(|c| c.get_name())
            .filter(|&n| n != "help")
            .collect::<Vec<_>>()
            .join(", ")
    };
    let get = |k| e.get(k).map(ToString::to_string);
    let mut msg = match e.kind() {
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("`{command}` needs a command: {}", subcommands())
        }
        ErrorKind::MissingRequiredArgument => {
            let missing = get(ContextKind::InvalidArg).unwrap_or_else(|| "more arguments".into());
            // What the argument is, from the first clause of its help.
            let what = cmd
                .get_positionals()
                .find(|a| {
                    a.get_value_names()
                        .is_some_and(|v| v.iter().any(|n| format!("<{n}>") == missing))
                })
                .and_then(|a| a.get_help())
                .map(|h| {
                    let h = h.to_string();
                    let end = [": ", " (", ". "]
                        .iter()
                        .filter_map(|p| h.find(p))
                        .min()
                        .unwrap_or(h.len());
                    let clause = h[..end].trim().trim_end_matches('.');
                    format!(" ({})", clause.to_lowercase())
                })
                .unwrap_or_default();
            format!("`{command}` needs {missing}{what}")
        }
        ErrorKind::InvalidSubcommand => format!(
            "`{command}` has no command '{}' (it has {})",
            get(ContextKind::InvalidSubcommand).unwrap_or_default(),
            subcommands()
        ),
        ErrorKind::ValueValidation
            if let Some(r) =
                std::error::Error::source(e).and_then(|s| s.downcast_ref::<Refused>()) =>
        {
            r.0.clone()
        }
        ErrorKind::InvalidUtf8 => {
            let bad = args
                .iter()
                .position(|a| a.as_ref().to_str().is_none())
                .map_or(String::new(), |i| {
                    format!(" ({:?}, argument {})", args[i].as_ref(), i + 1)
                });
            format!(
                "an argument is not valid UTF-8{bad}; options and numbers are UTF-8 text (only file names may be other bytes)"
            )
        }
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("").trim();
            first.strip_prefix("error: ").unwrap_or(first).to_owned()
        }
    };
    if e.kind() == ErrorKind::InvalidValue
        && let Some(ContextValue::Strings(v)) = e.get(ContextKind::ValidValue)
        && !v.is_empty()
    {
        msg += &format!(" (possible values: {})", v.join(", "));
    }
    for k in [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand] {
        let suggested: Vec<String> = match e.get(k) {
            Some(ContextValue::Strings(v)) => v.clone(),
            Some(ContextValue::String(v)) => vec![v.clone()],
            _ => Vec::new(),
        };
        let suggested: Vec<String> = suggested.into_iter().filter(|s| s != "help").collect();
        if !suggested.is_empty() {
            msg += &format!("; did you mean '{}'?", suggested.join("' or '"));
        }
    }
    msg + &format!("; see `{command} --help`")
}
