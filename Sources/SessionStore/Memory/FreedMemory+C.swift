#if canImport(Glibc)
import Glibc
#endif

/// Memory the process has freed, handed back to the system. glibc's malloc keeps freed pages for reuse and returns
/// only what lies at the top of its heap, so after many small allocations are freed (an expiry sweep of many
/// sessions) the resident size stays near its peak until `malloc_trim` walks the arenas and releases the free pages.
enum FreedMemory {
    /// glibc's `malloc_trim`, looked up at run time: it is not in the Glibc module, and a C library without it (musl)
    /// simply keeps its pages.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Releases the free pages malloc holds; true when some were released.
    @discardableResult
    static func returnToSystem() -> Bool {
        (mallocTrim?(0) ?? 0) != 0
    }
}
