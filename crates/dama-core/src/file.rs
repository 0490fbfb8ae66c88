//! Opening the files the program reads (game files, books, openings, weights, training data,
//! table files), refusing what is not a regular file: a pipe (FIFO) would block the reader
//! until some writer comes, which may be never, and a device may never end.

use std::fs::File;
use std::io;
use std::path::Path;

/// The message of a path that is a directory, a pipe, a device or a socket.
pub const NOT_A_REGULAR_FILE: &str = "not a regular file";

/// The error of a path that is not a regular file (kind [`io::ErrorKind::InvalidInput`],
/// message [`NOT_A_REGULAR_FILE`]); [`is_not_a_regular_file`] recognises it.
pub fn not_a_regular_file() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, NOT_A_REGULAR_FILE)
}

/// Whether `e` is the error [`open_regular`] gives for something that is not a regular file.
pub fn is_not_a_regular_file(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::InvalidInput && e.to_string() == NOT_A_REGULAR_FILE
}

/// Opens the file at `path` for reading, refusing ([`not_a_regular_file`]) a directory, a
/// pipe, a device or a socket. The path is looked at before it is opened (opening a pipe for
/// reading blocks until a writer comes) and the open file again after (something else may
/// have been put there in between).
pub fn open_regular(path: &Path) -> io::Result<File> {
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_a_regular_file());
    }
    let file = File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_a_regular_file());
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_is_refused_and_a_missing_file_is_not_found() {
        let dir = std::env::temp_dir();
        let e = open_regular(&dir).unwrap_err();
        assert!(is_not_a_regular_file(&e));
        assert_eq!(e.to_string(), "not a regular file");
        let e = open_regular(&dir.join("dama-core-no-such-file-here")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        assert!(!is_not_a_regular_file(&e));
    }
}
