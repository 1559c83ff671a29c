//! Where each setting comes from, the first found winning: the command line, the environment
//! variable `JUNGLE_<FLAG>` (`--trust-proxy` → `JUNGLE_TRUST_PROXY`, a list with commas), the
//! TOML file of `--config` (its keys are the long flags without their dashes: `port = 8080`,
//! `trust-proxy = ["127.0.0.1"]`, `secure-cookies = true`), and last the built-in default.
//!
//! clap does all of it: every flag gets its variable, and the file's values become the flags'
//! defaults once the flags' own value parsers have accepted them, so a value is read, and
//! refused, in the same words wherever it was written.

use super::Config;
use clap::builder::BoolishValueParser;
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, Command, CommandFactory, FromArgMatches};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The prefix of the settings' environment variables.
const PREFIX: &str = "JUNGLE_";

/// The settings of `args` (the program's name first), the environment and the `--config` file;
/// a mistake is clap's error, to print and exit with (`--help` too).
pub fn load<I, T>(args: I) -> Result<Config, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // A first reading finds the file (it may come from JUNGLE_CONFIG); nothing in the file can
    // mend a command line clap refuses, so its errors are the final ones.
    let first = command().try_get_matches_from(&args).map_err(naming_variable)?;
    let command = match first.get_one::<PathBuf>("config") {
        Some(file) => with_file(Config::command(), file)?,
        None => Config::command(),
    };
    Config::from_arg_matches(&for_operators(command).try_get_matches_from(&args)?)
}

/// The settings of `args`, as [`load`]; on a mistake, says it and exits: with clap's status (2;
/// 0 for `--help`), but with 1 for `check`, as every problem `check` finds.
pub fn load_or_exit(args: Vec<OsString>) -> Config {
    load(args.clone()).unwrap_or_else(|error| {
        let lenient = command().ignore_errors(true).try_get_matches_from(args);
        let checking = lenient.is_ok_and(|matches| matches.subcommand_name() == Some("check"));
        if checking && error.use_stderr() {
            let _ = error.print();
            std::process::exit(1);
        }
        error.exit()
    })
}

/// clap's refusal of a value, naming the environment variable it came from if it did (clap
/// names only the flag).
fn naming_variable(error: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue};
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        _ => None,
    };
    let (Some(flag), Some(value)) = (text(ContextKind::InvalidArg), text(ContextKind::InvalidValue)) else {
        return error;
    };
    let long = flag.trim_start_matches('-').split([' ', '=']).next().unwrap_or_default();
    let variable = variable(long);
    match std::env::var(&variable) {
        Ok(set) if set.split(',').any(|item| item == value) => {
            command().error(error.kind(), format!("{variable}: {}", said(&error)))
        }
        _ => error,
    }
}

/// The command line of `jungle-server`, each flag with its environment variable (its value
/// hidden in `--help`: a database URL may hold a password), and given before or after a task
/// (`jungle-server check --port 80`).
pub fn command() -> Command {
    for_operators(Config::command())
}

/// `command` with each flag's environment variable, every flag global (under its own heading,
/// apart from a task's options).
fn for_operators(command: Command) -> Command {
    let flags: Vec<_> = command
        .get_arguments()
        .filter(|arg| arg.get_long().is_some())
        .map(|arg| arg.get_id().clone())
        .collect();
    flags.into_iter().fold(command, |command, id| {
        command.mut_arg(id, |arg| {
            let variable = variable(arg.get_long().unwrap_or_default());
            let arg = arg.env(variable).hide_env_values(true).global(true).help_heading("Settings");
            // JUNGLE_SECURE_COOKIES=1 (or yes, on, true; 0, no, off, false).
            if matches!(arg.get_action(), ArgAction::SetTrue) {
                arg.value_parser(BoolishValueParser::new())
            } else {
                arg
            }
        })
    })
}

/// The environment variable of the flag `--long`.
pub fn variable(long: &str) -> String {
    format!("{PREFIX}{}", long.to_ascii_uppercase().replace('-', "_"))
}

/// `command` with the values of the TOML file `path` as its flags' defaults.
fn with_file(mut command: Command, path: &Path) -> Result<Command, clap::Error> {
    match std::fs::read_to_string(path) {
        Ok(text) => with_text(command, &path.display().to_string(), &text),
        Err(e) => Err(command.error(ErrorKind::Io, format!("{}: cannot read it ({e})", path.display()))),
    }
}

/// `command` with the values of the TOML `text` of the file `name` as its flags' defaults.
fn with_text(mut command: Command, name: &str, text: &str) -> Result<Command, clap::Error> {
    let named = |what: String| format!("{name}: {what}");
    let table = match text.parse::<toml::Table>() {
        Ok(table) => table,
        Err(e) => return Err(command.error(ErrorKind::InvalidValue, named(e.to_string().trim_end().into()))),
    };
    for (key, value) in &table {
        let Some(arg) = settable(&command, key) else {
            return Err(command.error(ErrorKind::UnknownArgument, named(unknown_key(&command, key))));
        };
        let texts = match texts(arg, value) {
            Ok(texts) => texts,
            Err(wanted) => {
                let found = value.type_str();
                let article = if found.starts_with(['a', 'i']) { "an" } else { "a" };
                let message = format!("`{key}` takes {wanted}, not {article} {found}");
                return Err(command.error(ErrorKind::InvalidValue, named(message)));
            }
        };
        // The flag alone, with the file's values as its defaults: read as clap reads them.
        let alone = Command::new(command.get_name().to_string()).arg(arg.clone().default_values(&texts));
        if let Err(refusal) = alone.try_get_matches_from([command.get_name()]) {
            let message = format!("`{key}`: {}", said(&refusal));
            return Err(command.error(ErrorKind::InvalidValue, named(message)));
        }
        let id = arg.get_id().clone();
        command = command.mut_arg(id, |arg| arg.default_values(texts));
    }
    Ok(command)
}

/// The flag a file's key sets: any long flag of the server but `--config` itself.
fn settable<'c>(command: &'c Command, key: &str) -> Option<&'c Arg> {
    command.get_arguments().find(|arg| arg.get_long() == Some(key) && arg.get_id() != "config")
}

/// The refusal of an unknown key, with the nearest known one when it is close.
fn unknown_key(command: &Command, key: &str) -> String {
    let keys = command.get_arguments().filter_map(Arg::get_long).filter(|long| *long != "config");
    let nearest = keys.map(|long| (strsim::levenshtein(key, long), long)).min();
    match nearest {
        Some((distance, long)) if distance <= 3 => format!("unknown key `{key}` (did you mean `{long}`?)"),
        _ => format!("unknown key `{key}`: the keys are the long options of --help, without their dashes"),
    }
}

/// The texts a file's value gives the flag `arg`, as its command line would, or what it should
/// have been: a flag takes a boolean, a list flag an array, any other a string or a number.
fn texts(arg: &Arg, value: &toml::Value) -> Result<Vec<String>, &'static str> {
    use toml::Value;
    let scalar = |value: &Value| match value {
        Value::String(text) => Some(text.clone()),
        Value::Integer(n) => Some(n.to_string()),
        Value::Float(x) => Some(x.to_string()),
        _ => None,
    };
    match (arg.get_action(), value) {
        (ArgAction::SetTrue, Value::Boolean(on)) => Ok(vec![on.to_string()]),
        (ArgAction::SetTrue, _) => Err("true or false"),
        (ArgAction::Append, Value::Array(items)) => {
            items.iter().map(scalar).collect::<Option<_>>().ok_or("an array of strings")
        }
        (ArgAction::Append, _) => Err("an array, e.g. [\"a\", \"b\"]"),
        (_, value) => scalar(value).map(|text| vec![text]).ok_or("a string or a number"),
    }
}

/// What a clap error says, without its `error: ` and its closing advice (`--help`): the
/// refusal and its hints (`[possible values: …]`).
fn said(error: &clap::Error) -> String {
    let text = error.to_string();
    let said = text.split("\n\n").next().unwrap_or_default();
    said.strip_prefix("error: ").unwrap_or(said).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::members::options::Signup;

    /// The settings of the file `text` and the command line `args`, or the error's first line.
    fn read(text: &str, args: &str) -> Result<Config, String> {
        let command = with_text(Config::command(), "club.toml", text).map_err(|e| said(&e))?;
        let args = std::iter::once("jungle-server").chain(args.split_whitespace());
        let matches = command.try_get_matches_from(args).map_err(|e| said(&e))?;
        Config::from_arg_matches(&matches).map_err(|e| said(&e))
    }

    #[test]
    fn the_example_file_reads_as_a_club_behind_nginx() {
        let example = include_str!("../ops/install/club.example.toml");
        let club = read(example, "").unwrap();
        assert_eq!(
            (club.db.as_str(), club.host.to_string(), club.port),
            ("/var/lib/jungle/club.sqlite", "127.0.0.1".into(), 8080)
        );
        assert_eq!(club.trust_proxy, vec!["127.0.0.1".parse().unwrap()]);
        assert_eq!(club.members.public_origin.as_deref(), Some("https://club.example"));
        assert!(club.members.secure_cookies && club.members.signup == Signup::Open);
    }

    #[test]
    fn the_file_beats_the_defaults_and_the_command_line_beats_the_file() {
        let file =
            "port = 9000\ntrust-proxy = [\"10.0.0.0/8\", \"::1\"]\nsecure-cookies = true\nabandon-after = 30";
        let from_file = read(file, "").unwrap();
        assert_eq!(
            (from_file.port, from_file.trust_proxy.len(), from_file.members.secure_cookies),
            (9000, 2, true)
        );
        assert_eq!(
            (from_file.abandon_seconds, from_file.dead_seconds),
            (30, 45),
            "the others keep their defaults"
        );
        let given = read(file, "--port 9001 --trust-proxy 127.0.0.1").unwrap();
        assert_eq!((given.port, given.trust_proxy), (9001, vec!["127.0.0.1".parse().unwrap()]));
        assert!(read("secure-cookies = false", "--secure-cookies").unwrap().members.secure_cookies);
        assert_eq!(read("", "").unwrap(), Config::default());
    }

    #[test]
    fn a_bad_file_is_refused_naming_the_file_and_the_key() {
        for (text, said) in [
            ("port = 80 80", "club.toml: TOML parse error at line 1, column 8"),
            ("prot = 8080", "club.toml: unknown key `prot` (did you mean `port`?)"),
            ("trust_proxy = []", "unknown key `trust_proxy` (did you mean `trust-proxy`?)"),
            ("colour = \"red\"", "unknown key `colour`: the keys are the long options of --help"),
            ("config = \"other.toml\"", "unknown key `config`"),
            ("port = \"eighty\"", "club.toml: `port`: invalid value 'eighty' for '--port <N>'"),
            ("port = true", "`port` takes a string or a number, not a boolean"),
            ("trust-proxy = \"127.0.0.1\"", "`trust-proxy` takes an array"),
            ("trust-proxy = [\"10.0.0.0/40\"]", "`trust-proxy`: invalid value '10.0.0.0/40'"),
            ("trust-proxy = [[1]]", "`trust-proxy` takes an array of strings"),
            ("secure-cookies = \"yes\"", "`secure-cookies` takes true or false, not a string"),
            ("members = \"closed\"", "`members`: invalid value 'closed' for '--members <WHO>'"),
            ("[members]\nopen = true", "`members` takes a string or a number, not a table"),
        ] {
            let refused = read(text, "").unwrap_err();
            assert!(refused.contains(said), "{text}: {refused}");
        }
    }

    #[test]
    fn each_option_has_its_variable_and_help_shows_it() {
        assert_eq!(variable("trust-proxy"), "JUNGLE_TRUST_PROXY");
        let help = command().render_long_help().to_string();
        for shown in [
            "[env: JUNGLE_DB]",
            "[env: JUNGLE_TRUST_PROXY]",
            "[env: JUNGLE_SECURE_COOKIES]",
            "[env: JUNGLE_CONFIG]",
            "[env: JUNGLE_PAIRING_GAP]",
        ] {
            assert!(help.contains(shown), "{shown}");
        }
    }
}
