//! A table file's bytes: memory-mapped read-only on Linux (through `libc::mmap`, which the
//! transposition table already uses, so no new dependency), read whole elsewhere.
//!
//! Mapping costs nothing until a page is touched: a probe reads the few pages of its block,
//! and the operating system keeps the pages that are used often and drops the rest, so a
//! directory of many gigabytes of tables can be opened on a machine with little memory. A
//! mapping is private and read-only; the file must not be truncated while the engine runs
//! (the same condition every Syzygy prober that maps its files sets).

use std::ops::Deref;
use std::path::Path;

/// The bytes of one table file.
pub(crate) struct FileBytes(Inner);

enum Inner {
    #[cfg(target_os = "linux")]
    Mapped {
        ptr: std::ptr::NonNull<u8>,
        len: usize,
    },
    Owned(Vec<u8>),
}

// SAFETY: a read-only private mapping is never written through, so it may be read from any
// thread and unmapped from any thread (once, in `drop`).
unsafe impl Send for FileBytes {}
// SAFETY: as above: shared access only ever reads.
unsafe impl Sync for FileBytes {}

impl FileBytes {
    /// The file at `path`, mapped (Linux) or read.
    pub(crate) fn open(path: &Path) -> std::io::Result<FileBytes> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            let file = std::fs::File::open(path)?;
            let len = usize::try_from(file.metadata()?.len()).map_err(|_| {
                std::io::Error::new(std::io::ErrorKind::InvalidData, "larger than memory")
            })?;
            if len == 0 {
                // mmap refuses empty mappings; the parser reports the empty file.
                return Ok(FileBytes(Inner::Owned(Vec::new())));
            }
            // SAFETY: a fresh read-only private mapping of an open file, at an address of
            // the kernel's choosing; failure is checked below. The descriptor may be closed
            // afterwards: the mapping keeps the file.
            let base = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    len,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE,
                    file.as_raw_fd(),
                    0,
                )
            };
            if base == libc::MAP_FAILED {
                return Err(std::io::Error::last_os_error());
            }
            let ptr = std::ptr::NonNull::new(base.cast::<u8>())
                .ok_or_else(|| std::io::Error::other("mapped at address 0"))?;
            Ok(FileBytes(Inner::Mapped { ptr, len }))
        }
        #[cfg(not(target_os = "linux"))]
        {
            Ok(FileBytes(Inner::Owned(std::fs::read(path)?)))
        }
    }

    /// Whether the bytes are a mapping of the file (not a copy in memory).
    pub(crate) fn is_mapped(&self) -> bool {
        !matches!(self.0, Inner::Owned(_))
    }
}

impl Deref for FileBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.0 {
            #[cfg(target_os = "linux")]
            // SAFETY: the mapping is `len` readable bytes and lives as long as `self`.
            Inner::Mapped { ptr, len } => unsafe { std::slice::from_raw_parts(ptr.as_ptr(), *len) },
            Inner::Owned(bytes) => bytes,
        }
    }
}

impl Drop for FileBytes {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Inner::Mapped { ptr, len } = self.0 {
            // SAFETY: the mapping made in `open`, unmapped once; no slice of it outlives
            // `self`.
            unsafe { libc::munmap(ptr.as_ptr().cast(), len) };
        }
    }
}
