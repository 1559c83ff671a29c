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
    let first = command().try_get_matches_from(&args)?;
    let command = match first.get_one::<PathBuf>("config") {
        Some(file) => with_file(Config::command(), file)?,
        None => Config::command(),
    };
    Config::from_arg_matches(&with_variables(command).try_get_matches_from(&args)?)
}

/// The command line of `jungle-server`, each flag with its environment variable (its value
/// hidden in `--help`: a database URL may hold a password).
pub fn command() -> Command {
    with_variables(Config::command())
}

/// `command` with each flag's environment variable.
fn with_variables(command: Command) -> Command {
    let flags: Vec<_> = command
        .get_arguments()
        .filter(|arg| arg.get_long().is_some())
        .map(|arg| arg.get_id().clone())
        .collect();
    flags.into_iter().fold(command, |command, id| {
        command.mut_arg(id, |arg| {
            let variable = variable(arg.get_long().unwrap_or_default());
            let arg = arg.env(variable).hide_env_values(true);
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
    let named = |what: String| format!("{}: {what}", path.display());
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => return Err(command.error(ErrorKind::Io, named(format!("cannot read it ({e})")))),
    };
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
            let message = format!("`{key}`: {}", first_line(&refusal));
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

/// The first line of a clap error, without its `error: `.
fn first_line(error: &clap::Error) -> String {
    let text = error.to_string();
    let line = text.lines().next().unwrap_or_default();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}
