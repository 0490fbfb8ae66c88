//! The table file of one class: a checked header, a checked block index, and LZ4-compressed
//! blocks of one-byte entries, each with its own checksum, so a reader loads only the blocks
//! it probes.
//!
//! ```text
//! offset  size  field
//!  0       8    magic "DAMATB\r\n"
//!  8       4    format version (little-endian u32) = 2
//! 12      16    rule set name, NUL-padded
//! 28       4    material: white men, white kings, black men, black kings
//! 32       8    entries
//! 40       4    entries per block (4096 written)
//! 44       4    blocks
//! 48       8    build time (seconds since 1970)
//! 56       4    CRC-32 of the block index
//! 60       4    CRC-32 of bytes 0..60
//! 64            the block index: (blocks + 1) block offsets (u64, from the end of the
//!               index), then the CRC-32 of each compressed block (u32); then the blocks
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::index::{Class, Material};

/// Where the messages about refused table files go (standard error unless told otherwise).
pub type Reporter = Arc<dyn Fn(&str) + Send + Sync>;

const MAGIC: &[u8; 8] = b"DAMATB\r\n";
/// The format version this program reads and writes.
pub const VERSION: u32 = 2;
const HEADER: usize = 64;
/// Entries per compressed block (written; a reader takes the header's).
pub const BLOCK: usize = 1 << 12;
/// The largest block a reader accepts.
const MAX_BLOCK: u32 = 1 << 20;

/// Why a table file is refused.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file cannot be read or written.
    #[error("table file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not what it should be.
    #[error("table file {path} refused: {why}")]
    Bad {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
}

/// The file name of a class.
pub fn class_path(dir: &Path, m: Material) -> PathBuf {
    dir.join(format!("{}.dtb", m.name()))
}

/// What a file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The rule set.
    pub rules: String,
    /// The class.
    pub material: Material,
    /// Entries.
    pub entries: u64,
    /// Entries per block.
    pub block: u32,
    /// Blocks.
    pub blocks: u32,
    /// Build time, seconds since 1970.
    pub built: u64,
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    let mut x = [0u8; 4];
    x.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(x)
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(x)
}

/// The build time a file written now records: the Unix seconds of the clock.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Writes the values of class `m` to `path` (through a temporary file in the same directory,
/// fsynced, then renamed when complete, so an interrupted build never leaves a partial
/// table), with `built` (Unix seconds) as its build time: the file is a function of the
/// values and `built` alone, so two builds given the same time write the same bytes.
pub fn write(
    path: &Path,
    rules: &str,
    m: Material,
    values: &[u8],
    built: u64,
) -> Result<u64, FormatError> {
    let io = |source| FormatError::Io {
        path: path.to_path_buf(),
        source,
    };
    let blocks: Vec<Vec<u8>> = values
        .chunks(BLOCK)
        .map(lz4_flex::block::compress)
        .collect();
    let mut index = Vec::new();
    let mut offset = 0u64;
    for block in &blocks {
        index.extend_from_slice(&offset.to_le_bytes());
        offset += block.len() as u64;
    }
    index.extend_from_slice(&offset.to_le_bytes());
    for block in &blocks {
        index.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
    }
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    let mut name = [0u8; 16];
    for (slot, byte) in name.iter_mut().zip(rules.bytes()) {
        *slot = byte;
    }
    header.extend_from_slice(&name);
    header.extend_from_slice(&[m.wm, m.wk, m.bm, m.bk]);
    header.extend_from_slice(&(values.len() as u64).to_le_bytes());
    header.extend_from_slice(&(BLOCK as u32).to_le_bytes());
    header.extend_from_slice(&(blocks.len() as u32).to_le_bytes());
    header.extend_from_slice(&built.to_le_bytes());
    header.extend_from_slice(&crc32fast::hash(&index).to_le_bytes());
    let head_crc = crc32fast::hash(&header);
    header.extend_from_slice(&head_crc.to_le_bytes());
    let dir = path.parent().unwrap_or(Path::new("."));
    // Named `.dama-PID-….tmp` (the program deletes those of writers no longer running) and
    // made with the permissions of a new file (0666 less the umask), not tempfile's 0600.
    let prefix = format!(".dama-{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(io)?;
    tmp.write_all(&header).map_err(io)?;
    tmp.write_all(&index).map_err(io)?;
    for block in &blocks {
        tmp.write_all(block).map_err(io)?;
    }
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(header.len() as u64 + index.len() as u64 + offset)
}

/// Reads and checks a header.
pub fn read_header(path: &Path, bytes: &[u8]) -> Result<Header, FormatError> {
    let bad = |why: &str| FormatError::Bad {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    if bytes.len() < HEADER {
        return Err(bad("truncated (no complete header)"));
    }
    if &bytes[..8] != MAGIC {
        return Err(bad("not a dama table (bad magic)"));
    }
    if u32_at(bytes, 60) != crc32fast::hash(&bytes[..60]) {
        return Err(bad("corrupt header (checksum)"));
    }
    let version = u32_at(bytes, 8);
    if version != VERSION {
        return Err(bad(&format!(
            "format version {version}, this program reads {VERSION} (build the tables again: dama tb build)"
        )));
    }
    let name: Vec<u8> = bytes[12..28]
        .iter()
        .copied()
        .take_while(|&b| b != 0)
        .collect();
    Ok(Header {
        rules: String::from_utf8_lossy(&name).into_owned(),
        material: Material {
            wm: bytes[28],
            wk: bytes[29],
            bm: bytes[30],
            bk: bytes[31],
        },
        entries: u64_at(bytes, 32),
        block: u32_at(bytes, 40),
        blocks: u32_at(bytes, 44),
        built: u64_at(bytes, 48),
    })
}

/// A class's table file: its header and block index read and checked when opened, each
/// block read, checked and decompressed when first probed and then kept (so a class in
/// memory grows to at most its entries, one byte each: the largest ≤ 5-piece Czech class,
/// KKMvKM, is 18.5 MB).
pub struct ClassFile {
    header: Header,
    path: PathBuf,
    file: std::fs::File,
    /// The file's length.
    len: u64,
    /// Where each block starts in the file, and where the last ends.
    offsets: Vec<u64>,
    /// The CRC-32 of each compressed block.
    checksums: Vec<u32>,
    /// The decompressed blocks, by block number (probed without a lock by any thread).
    blocks: Vec<OnceLock<Box<[u8]>>>,
    /// Set by the first block found corrupt: the class is not used from then on.
    refused: OnceLock<String>,
    /// Told the message of that refusal, once.
    on_refused: Reporter,
}

impl std::fmt::Debug for ClassFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassFile")
            .field("header", &self.header)
            .finish_non_exhaustive()
    }
}

/// Reads `len` bytes of `file` from offset `at` (without moving a shared file position, so
/// threads may read at once).
#[cfg(unix)]
fn read_at(file: &std::fs::File, at: u64, len: usize) -> std::io::Result<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    let mut buf = vec![0u8; len];
    file.read_exact_at(&mut buf, at)?;
    Ok(buf)
}

/// Reads `len` bytes of `file` from offset `at`.
#[cfg(windows)]
fn read_at(file: &std::fs::File, at: u64, len: usize) -> std::io::Result<Vec<u8>> {
    use std::os::windows::fs::FileExt;
    let mut buf = vec![0u8; len];
    let mut done = 0;
    while done < len {
        match file.seek_read(&mut buf[done..], at + done as u64)? {
            0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            n => done += n,
        }
    }
    Ok(buf)
}

impl ClassFile {
    /// Opens the file of class `m` of `rules`, refusing it (one-line error naming the file)
    /// if it is truncated, corrupt, of another format version, rule set or class. Only the
    /// header and the block index are read; a block found corrupt when it is first read
    /// refuses the class then ([`ClassFile::with_reporter`]).
    pub fn open(path: &Path, rules: &str, m: Material) -> Result<ClassFile, FormatError> {
        ClassFile::open_layers(path, rules, m, 1)
    }

    /// [`ClassFile::open`] for a class of `layers` tables ([`crate::TableRules::layers`]):
    /// `layers` entries per position.
    pub fn open_layers(
        path: &Path,
        rules: &str,
        m: Material,
        layers: u32,
    ) -> Result<ClassFile, FormatError> {
        ClassFile::open_class(path, rules, &Class::new(m), layers)
    }

    /// [`ClassFile::open_layers`] for the class `class` on its own board (8×8 or 10×10).
    pub fn open_class(
        path: &Path,
        rules: &str,
        class: &Class,
        layers: u32,
    ) -> Result<ClassFile, FormatError> {
        let m = class.material;
        let io = |source| FormatError::Io {
            path: path.to_path_buf(),
            source,
        };
        let bad = |why: String| FormatError::Bad {
            path: path.to_path_buf(),
            why,
        };
        // A pipe would block the open until a writer comes: refused, as every reader does.
        let file = dama_core::file::open_regular(path).map_err(|e| {
            if dama_core::file::is_not_a_regular_file(&e) {
                bad(e.to_string())
            } else {
                io(e)
            }
        })?;
        let meta = file.metadata().map_err(io)?;
        let len = meta.len();
        let head = read_at(&file, 0, HEADER.min(len as usize)).map_err(io)?;
        let header = read_header(path, &head)?;
        if header.rules != rules {
            return Err(bad(format!(
                "built for the {} rules, not {}",
                dama_core::text::excerpt(&header.rules),
                rules
            )));
        }
        if header.material != m {
            return Err(bad(format!(
                "holds class {}",
                dama_core::text::excerpt(&header.material.name())
            )));
        }
        if header.entries != class.len() * u64::from(layers.max(1))
            || header.block == 0
            || header.block > MAX_BLOCK
        {
            return Err(bad("wrong size for its class".to_string()));
        }
        let blocks = header.blocks as usize;
        if blocks != (header.entries as usize).div_ceil(header.block as usize) {
            return Err(bad("wrong block count".to_string()));
        }
        let index_len = 8 * (blocks + 1) + 4 * blocks;
        let index_end = (HEADER + index_len) as u64;
        if len < index_end {
            return Err(bad("truncated (block index)".to_string()));
        }
        let index = read_at(&file, HEADER as u64, index_len).map_err(io)?;
        if u32_at(&head, 56) != crc32fast::hash(&index) {
            return Err(bad("corrupt block index (checksum)".to_string()));
        }
        let offsets: Vec<u64> = (0..=blocks)
            .map(|i| u64_at(&index, 8 * i).saturating_add(index_end))
            .collect();
        let checksums = (0..blocks)
            .map(|i| u32_at(&index, 8 * (blocks + 1) + 4 * i))
            .collect();
        if offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err(bad("bad block index".to_string()));
        }
        if offsets.last().is_some_and(|&end| end != len) {
            return Err(bad(format!(
                "truncated or padded (the blocks end at byte {}, the file at {len})",
                offsets.last().copied().unwrap_or(0)
            )));
        }
        Ok(ClassFile {
            header,
            path: path.to_path_buf(),
            file,
            len,
            offsets,
            checksums,
            blocks: (0..blocks).map(|_| OnceLock::new()).collect(),
            refused: OnceLock::new(),
            on_refused: std::sync::Arc::new(|_: &str| {}),
        })
    }

    /// Tells `report` the message of the first block found corrupt (the class is refused
    /// from then on).
    pub fn with_reporter(mut self, report: Reporter) -> ClassFile {
        self.on_refused = report;
        self
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file's size in bytes.
    pub fn bytes(&self) -> u64 {
        self.len
    }

    /// Block `b`, read, checked and decompressed.
    fn block(&self, b: usize) -> Result<Box<[u8]>, FormatError> {
        let bad = |why: String| FormatError::Bad {
            path: self.path.clone(),
            why,
        };
        let (from, to) = match (self.offsets.get(b), self.offsets.get(b + 1)) {
            (Some(&from), Some(&to)) => (from, to),
            _ => return Err(bad(format!("no block {b}"))),
        };
        let packed =
            read_at(&self.file, from, (to - from) as usize).map_err(|source| FormatError::Io {
                path: self.path.clone(),
                source,
            })?;
        if self.checksums.get(b) != Some(&crc32fast::hash(&packed)) {
            return Err(bad(format!("corrupt block {b} (checksum)")));
        }
        let block = self.header.block as usize;
        let len = block.min((self.header.entries as usize).saturating_sub(b * block));
        let mut out = vec![0u8; len].into_boxed_slice();
        match lz4_flex::block::decompress_into(&packed, &mut out) {
            Ok(n) if n == len => Ok(out),
            _ => Err(bad(format!("block {b} does not decompress"))),
        }
    }

    /// The code of entry `index` (`None` past the end, or once a block was found corrupt).
    pub fn code(&self, index: u64) -> Option<u8> {
        let index = usize::try_from(index).ok()?;
        let block = self.header.block as usize;
        let (b, at) = (index / block, index % block);
        let cell = self.blocks.get(b)?;
        if let Some(block) = cell.get() {
            return block.get(at).copied();
        }
        if self.refused.get().is_some() {
            return None;
        }
        // Two threads may both read a block; the first to finish is kept.
        match self.block(b) {
            Ok(block) => cell.get_or_init(|| block).get(at).copied(),
            Err(e) => {
                if self.refused.set(e.to_string()).is_ok() {
                    (self.on_refused)(&e.to_string());
                }
                None
            }
        }
    }

    /// Every entry, decompressed (for `tb verify`), or the first block that fails.
    pub fn all(&self) -> Result<Vec<u8>, FormatError> {
        let mut out = Vec::with_capacity(self.header.entries as usize);
        for b in 0..self.header.blocks as usize {
            out.extend_from_slice(&self.block(b)?);
        }
        Ok(out)
    }
}
