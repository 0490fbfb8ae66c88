//! Game files on disk: reading with a size limit (and only regular files), saving through a
//! temporary file that nobody else can have prepared.

use std::fs::{self, File};
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};

/// The largest game file read, in bytes (16 MiB: tens of thousands of games).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a game file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// There is no file of that name.
    #[error("no such file")]
    NotFound,
    /// The directory the file should be written into does not exist.
    #[error("the directory {} does not exist", .0.display())]
    NoDirectory(PathBuf),
    /// The name is a directory, a pipe, a device or another thing that is not a plain file.
    #[error("not a regular file")]
    NotAFile,
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("the file is larger than {limit} bytes")]
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
    /// The system refused access.
    #[error("permission denied")]
    Denied,
    /// Another system error.
    #[error("{0}")]
    Io(io::Error),
}

impl From<io::Error> for FileError {
    fn from(e: io::Error) -> FileError {
        if dama_core::file::is_not_a_regular_file(&e) {
            return FileError::NotAFile;
        }
        match e.kind() {
            io::ErrorKind::NotFound => FileError::NotFound,
            io::ErrorKind::PermissionDenied => FileError::Denied,
            _ => FileError::Io(e),
        }
    }
}

/// Opens the file at `path` for reading, refusing anything that is not a regular file (a
/// pipe would block until a writer comes, a device might never end): every reader of the
/// program opens its files through this ([`dama_core::file::open_regular`], which the table
/// files and weights files use too).
pub fn open_regular(path: &Path) -> Result<File, FileError> {
    Ok(dama_core::file::open_regular(path)?)
}

/// Reads a game file as text (invalid UTF-8 replaced), refusing anything that is not a
/// regular file (a pipe would block, a device would never end) or is larger than
/// [`MAX_FILE_BYTES`].
pub fn read_file(path: &Path) -> Result<String, FileError> {
    let file = open_regular(path)?;
    let meta = file.metadata()?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(FileError::TooLarge {
            limit: MAX_FILE_BYTES,
        });
    }
    // The file may grow after the check: never read more than the limit.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(FileError::TooLarge {
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A path typed in a dialogue, with a leading `~` (alone or before `/`) standing for the
/// home directory, as a shell expands it; other text as typed. Without a home directory the
/// path stays as typed.
pub fn expand_home(typed: &str) -> PathBuf {
    let home = || directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf());
    match typed.strip_prefix('~') {
        Some("") => home().unwrap_or_else(|| PathBuf::from(typed)),
        Some(rest) if rest.starts_with('/') => match home() {
            Some(home) => home.join(rest.trim_start_matches('/')),
            None => PathBuf::from(typed),
        },
        _ => PathBuf::from(typed),
    }
}

/// The start of the name of every temporary file this program writes next to a file it
/// replaces (game saves, table files): `.dama-PID-` with the writer's process id, then
/// random characters and [`TEMP_SUFFIX`]. A file of that shape whose process is gone was left
/// by an interrupted write, and [`remove_stale_temps`] deletes it.
pub fn temp_prefix() -> String {
    format!(".dama-{}-", std::process::id())
}

/// The end of a temporary file's name.
pub const TEMP_SUFFIX: &str = ".tmp";

/// Deletes the temporary files in `dir` left by writers that are no longer running
/// (`.dama-PID-….tmp` whose process PID is gone); a running writer's file is left alone.
/// Returns how many were deleted. Errors are ignored: this only tidies.
pub fn remove_stale_temps(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = name
            .strip_prefix(".dama-")
            .filter(|rest| rest.ends_with(TEMP_SUFFIX))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id()
            && !process_runs(pid)
            && entry.file_type().is_ok_and(|t| t.is_file())
            && fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Whether a process of that id runs (a process we may not signal runs too).
#[cfg(unix)]
fn process_runs(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return false;
    };
    !matches!(
        rustix::process::test_kill_process(pid),
        Err(rustix::io::Errno::SRCH)
    )
}

/// Whether a process of that id runs (unknown here: taken as running, so nothing is deleted).
#[cfg(not(unix))]
fn process_runs(_pid: u32) -> bool {
    true
}

/// The directory `path` is written into, checked: it exists and is a directory.
fn target_dir(path: &Path) -> Result<&Path, FileError> {
    if path.file_name().is_none() {
        return Err(FileError::NotAFile);
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(dir),
        Ok(_) => Err(FileError::NoDirectory(dir.to_path_buf())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(FileError::NoDirectory(dir.to_path_buf()))
        }
        Err(e) => Err(e.into()),
    }
}

/// What stands at a path to be replaced, checked: nothing (a new file), a regular file, or
/// a symbolic link (which is replaced by the file, never followed). Anything else (a
/// directory, a pipe, a device, a socket) is refused: writing over it would replace a
/// device node or block on a pipe.
pub fn check_target(path: &Path) -> Result<Option<fs::Metadata>, FileError> {
    target_dir(path)?;
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.into()),
        Ok(meta) if meta.is_file() || meta.file_type().is_symlink() => Ok(Some(meta)),
        Ok(_) => Err(FileError::NotAFile),
    }
}

/// Opens `path` to be written from its start as the output goes (a match's PDN, `tune`'s
/// files), as [`save`] would replace it: refused unless [`check_target`] allows it; a
/// symbolic link there is removed and a new file made in its place (what it pointed to is
/// left alone); an existing file is emptied and keeps its permissions; a new one gets the
/// usual `0666` less the umask. Stale temporary files of the directory are cleaned.
pub fn create(path: &Path) -> Result<File, FileError> {
    let dir = target_dir(path)?;
    if check_target(path)?.is_some_and(|m| m.file_type().is_symlink()) {
        fs::remove_file(path)?;
    }
    remove_stale_temps(dir);
    let file = open_new_or_regular(path)?;
    if !file.metadata()?.is_file() {
        return Err(FileError::NotAFile);
    }
    file.set_len(0)?;
    Ok(file)
}

/// Opens `path` for writing without following a symbolic link and without blocking on a
/// pipe (one planted after the check is refused by the caller's look at the open file).
#[cfg(unix)]
fn open_new_or_regular(path: &Path) -> Result<File, FileError> {
    use rustix::fs::{Mode, OFlags};
    let fd = rustix::fs::open(
        path,
        OFlags::WRONLY | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o666),
    )
    .map_err(|e| match e {
        rustix::io::Errno::LOOP | rustix::io::Errno::NXIO => FileError::NotAFile,
        e => FileError::from(io::Error::from(e)),
    })?;
    Ok(File::from(fd))
}

#[cfg(not(unix))]
fn open_new_or_regular(path: &Path) -> Result<File, FileError> {
    Ok(fs::OpenOptions::new().write(true).create(true).open(path)?)
}

/// A new temporary file in `dir`, named for [`remove_stale_temps`], created exclusively (a
/// planted file or link of that name cannot be followed), with the permissions a new file
/// gets (`0666` less the umask, not the `0600` of temporary files).
pub fn temp_in(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    let prefix = temp_prefix();
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// A file about to be replaced ([`prepare`]): what stands at the path was checked and a
/// temporary file made in its directory, so that a long piece of work (a book build) learns
/// before it starts that its output cannot be written; [`Prepared::write`] writes and puts
/// the file in place. Dropped unwritten, the temporary file is removed.
#[derive(Debug)]
pub struct Prepared {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
    kept_permissions: Option<fs::Permissions>,
}

/// Checks that `path` can be replaced as [`save`] does (its directory exists, what stands
/// there is a regular file, a symbolic link or nothing: [`check_target`]) and makes the
/// temporary file it will be written through (which shows that the directory is writable).
/// Stale temporary files of the directory are cleaned.
pub fn prepare(path: &Path) -> Result<Prepared, FileError> {
    let dir = target_dir(path)?;
    let kept_permissions = check_target(path)?
        .filter(|m| m.is_file())
        .map(|m| m.permissions());
    remove_stale_temps(dir);
    let tmp = temp_in(dir)?;
    Ok(Prepared {
        path: path.to_path_buf(),
        tmp,
        kept_permissions,
    })
}

impl Prepared {
    /// The path the file will replace.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `text` to the temporary file and renames it over the path (looked at again
    /// first: a pipe or a device put there since [`prepare`] is refused, never replaced). An
    /// existing file's permissions are kept; a symbolic link is replaced by the file, what it
    /// pointed to left alone.
    pub fn write(self, text: impl AsRef<[u8]>) -> Result<(), FileError> {
        let Prepared {
            path,
            mut tmp,
            kept_permissions,
        } = self;
        check_target(&path)?;
        tmp.write_all(text.as_ref())?;
        tmp.as_file().sync_all()?;
        if let Some(permissions) = kept_permissions {
            tmp.as_file().set_permissions(permissions)?;
        }
        tmp.persist(&path).map_err(|e| FileError::from(e.error))?;
        Ok(())
    }
}

/// Writes `text` to `path` so that the file is never left half written and nothing but
/// `path` is touched: the text goes to a new temporary file ([`temp_in`]) in the same
/// directory, which then replaces `path` by a rename. What stands at `path` must pass
/// [`check_target`] (a pipe or a device is refused, never replaced). An existing file's
/// permissions are kept. A symbolic link at `path` is replaced by the file; what it pointed
/// to is left alone. Stale temporary files of the directory are cleaned.
pub fn save(path: &Path, text: impl AsRef<[u8]>) -> Result<(), FileError> {
    prepare(path)?.write(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_then_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.pdn");
        save(&path, "1. c3-d4 *\n").unwrap();
        assert_eq!(read_file(&path).unwrap(), "1. c3-d4 *\n");
        // Only the file itself is left in the directory.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn refusals() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            read_file(&dir.path().join("none")),
            Err(FileError::NotFound)
        ));
        assert!(matches!(read_file(dir.path()), Err(FileError::NotAFile)));
        assert!(matches!(
            save(&dir.path().join("no/such/dir/g.pdn"), "x"),
            Err(FileError::NoDirectory(_))
        ));
        assert!(matches!(save(dir.path(), "x"), Err(FileError::NotAFile)));
    }

    #[test]
    fn a_leading_tilde_is_the_home_directory() {
        let home = directories::BaseDirs::new()
            .unwrap()
            .home_dir()
            .to_path_buf();
        assert_eq!(expand_home("~/g.pdn"), home.join("g.pdn"));
        assert_eq!(expand_home("~"), home);
        assert_eq!(expand_home("~other/g.pdn"), PathBuf::from("~other/g.pdn"));
        assert_eq!(expand_home("a/~/g.pdn"), PathBuf::from("a/~/g.pdn"));
    }
}
