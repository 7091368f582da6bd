#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (flock) on a file, held until `release()` or until the process ends (a crash releases
/// it too). A second holder, in this process or another, is refused at once instead of waiting.
///
/// SQLite locks its database with fcntl locks, which flock locks do not touch on Linux; and since fcntl locks of a
/// process go away when it closes any descriptor of the file, the lock is taken before SQLite opens the file and
/// released after SQLite has closed it.
final class FileLock: Sendable {
    private let descriptor: Int32

    /// Opens `path` (creating an empty file when there is none) and locks it; nil when another holder has it.
    init?(path: String) throws(SessionStoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .unavailable("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw .unavailable("cannot lock \(path): \(String(cString: strerror(code)))")
        }
        self.descriptor = descriptor
    }

    /// Unlocks and closes the file; call it once.
    func release() {
        close(descriptor)
    }
}
