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
        match e.kind() {
            io::ErrorKind::NotFound => FileError::NotFound,
            io::ErrorKind::PermissionDenied => FileError::Denied,
            _ => FileError::Io(e),
        }
    }
}

/// Reads a game file as text (invalid UTF-8 replaced), refusing anything that is not a
/// regular file (a pipe would block, a device would never end) or is larger than
/// [`MAX_FILE_BYTES`].
pub fn read_file(path: &Path) -> Result<String, FileError> {
    // Looked at before opening: opening a FIFO for reading blocks until a writer comes.
    if !fs::metadata(path)?.is_file() {
        return Err(FileError::NotAFile);
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(FileError::NotAFile);
    }
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

/// Writes `text` to `path` so that the file is never left half written and nothing but
/// `path` is touched: the text goes to a new temporary file with a random name, created
/// exclusively in the same directory (a planted file or link of that name cannot be
/// followed), which then replaces `path` by a rename. An existing file's permissions are
/// kept. A symbolic link at `path` is replaced by the file; what it pointed to is left alone.
pub fn save(path: &Path, text: &str) -> Result<(), FileError> {
    if path.file_name().is_none() {
        return Err(FileError::NotAFile);
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(FileError::NoDirectory(dir.to_path_buf())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(FileError::NoDirectory(dir.to_path_buf()));
        }
        Err(e) => return Err(e.into()),
    }
    if fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(FileError::NotAFile);
    }
    let kept_permissions = fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions());
    let mut builder = tempfile::Builder::new();
    builder.prefix(".dama-").suffix(".tmp");
    // A new file gets the usual mode (0666 less the umask, so 0644 mostly), not the
    // temporary file's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    if let Some(permissions) = kept_permissions {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.persist(path).map_err(|e| FileError::from(e.error))?;
    Ok(())
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

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_not_private() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.pdn");
        save(&path, "x").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        // Whatever the umask, the group or others get what it lets through (0600 before).
        let umask_allows_more = mode != 0o600;
        assert!(umask_allows_more, "{mode:o}");
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
}
