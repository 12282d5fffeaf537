//! The transposition table's memory: the zeroed, aligned bucket array, mapped lazily (see
//! [`BucketArray`]). The table itself is in the parent module.

use super::Bucket;

/// A zeroed, cache-line-aligned array of buckets that the operating system maps lazily.
///
/// On Linux the array is an anonymous `mmap` of its own: pages arrive zeroed on first touch,
/// whatever the size, and go back to the system at once when the table is dropped or
/// cleared by remapping (tables above `IN_PLACE_CLEAR_MB`; smaller ones are zeroed in
/// place and keep their pages). A table of 2 MiB or more starts on a 2 MiB boundary and is marked
/// `MADV_HUGEPAGE`, so where transparent huge pages are enabled in `madvise` mode (the
/// common default) the kernel backs it with 2 MiB pages: a probe then rarely misses the TLB
/// as well as the cache (Stockfish and Ethereal do the same). Elsewhere the allocator's
/// zeroed allocation is used — a `calloc`, which takes fresh pages untouched only for
/// alignments up to 16 bytes — allocated 16-aligned with one bucket to spare, starting at
/// the first 64-byte boundary inside.
pub(super) struct BucketArray {
    base: std::ptr::NonNull<u8>,
    /// The mapping's length (Linux) or the allocation's layout.
    region: Region,
    start: std::ptr::NonNull<Bucket>,
    len: usize,
}

#[derive(Clone, Copy)]
enum Region {
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    Mapped(usize),
    #[cfg_attr(target_os = "linux", allow(dead_code))]
    Allocated(std::alloc::Layout),
}

/// The huge-page size the table is aligned to where the system offers huge pages.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub(super) const HUGE_PAGE: usize = 2 << 20;

// SAFETY: the array owns its allocation and hands out only `&[Bucket]`/`&mut [Bucket]` by the
// usual borrow rules; `Bucket` (atomics) is `Send` and `Sync`.
unsafe impl Send for BucketArray {}
// SAFETY: as above.
unsafe impl Sync for BucketArray {}

impl BucketArray {
    /// `len` (≥ 1) empty buckets, or `None` when the memory cannot be had.
    pub(super) fn zeroed(len: usize) -> Option<BucketArray> {
        let bytes = len.checked_mul(std::mem::size_of::<Bucket>())?;
        #[cfg(target_os = "linux")]
        {
            Self::mapped(len, bytes)
        }
        #[cfg(not(target_os = "linux"))]
        {
            Self::allocated(len, bytes)
        }
    }

    /// The Linux path: an anonymous private mapping, huge-page aligned and advised when the
    /// table spans at least one huge page.
    #[cfg(target_os = "linux")]
    fn mapped(len: usize, bytes: usize) -> Option<BucketArray> {
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<Bucket>()
        };
        let mapped = bytes.checked_add(align)?;
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing touches
        // no existing memory; failure is checked below.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        let base = std::ptr::NonNull::new(base.cast::<u8>())?;
        let offset = base.as_ptr().align_offset(align);
        // SAFETY: `offset` < `align` and the mapping has `align` bytes to spare past `bytes`,
        // so the aligned start and the `len` buckets after it lie inside the mapping.
        let start = unsafe { base.as_ptr().add(offset) };
        if align == HUGE_PAGE {
            // A hint: refused (huge pages disabled, an old kernel), the table works as well on
            // small pages, so the result is ignored.
            // SAFETY: the range lies inside the mapping made above.
            unsafe { libc::madvise(start.cast(), bytes, libc::MADV_HUGEPAGE) };
        }
        Some(BucketArray {
            base,
            region: Region::Mapped(mapped),
            start: std::ptr::NonNull::new(start.cast::<Bucket>())?,
            len,
        })
    }

    /// The portable path: a zeroed allocation from the global allocator.
    #[cfg_attr(target_os = "linux", allow(dead_code))]
    fn allocated(len: usize, bytes: usize) -> Option<BucketArray> {
        let bytes = bytes.checked_add(std::mem::size_of::<Bucket>())?;
        let layout = std::alloc::Layout::from_size_align(bytes, 16).ok()?;
        // SAFETY: the layout has a non-zero size.
        let base = std::ptr::NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        let offset = base.as_ptr().align_offset(std::mem::align_of::<Bucket>());
        // SAFETY: `offset` < 64 and the allocation has 64 bytes to spare past `len` buckets, so
        // the aligned start and the `len` buckets after it lie inside the allocation.
        let start = unsafe { base.as_ptr().add(offset) }.cast::<Bucket>();
        Some(BucketArray {
            base,
            region: Region::Allocated(layout),
            start: std::ptr::NonNull::new(start)?,
            len,
        })
    }
}

impl std::ops::Deref for BucketArray {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `start` is aligned and points at `len` initialised buckets (all-zero bytes are
        // a valid `Bucket`: its fields are `AtomicU64`s, the empty entries of `Default`).
        unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for BucketArray {
    fn deref_mut(&mut self) -> &mut [Bucket] {
        // SAFETY: as in `deref`, and `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
    }
}

impl Drop for BucketArray {
    fn drop(&mut self) {
        match self.region {
            #[cfg(target_os = "linux")]
            Region::Mapped(bytes) => {
                // SAFETY: `base` is the start of a live mapping of `bytes` bytes made in
                // `mapped`, unmapped only here.
                unsafe { libc::munmap(self.base.as_ptr().cast(), bytes) };
            }
            #[cfg(not(target_os = "linux"))]
            Region::Mapped(_) => unreachable!("mappings are made on Linux only"),
            // SAFETY: `base` was allocated with `layout` by the global allocator and not freed.
            Region::Allocated(layout) => unsafe { std::alloc::dealloc(self.base.as_ptr(), layout) },
        }
    }
}
