import Foundation
import Glibc

/// Copies a file's bytes into a new file inside the kernel: `sendfile(2)` with the whole remaining length per call.
///
/// `FileManager.copyItem` on Linux moves the bytes through `sendfile` 4 KiB at a time (4,726 calls for the 19 MB
/// 100k-transaction fixture, 27 ms against 8 ms for this copy on the machine BENCHMARKS.md describes); the
/// differential harness copies whole databases for its working copies, and that cost is what its scale goal
/// measures. Used for copies of database files and their sidecars; nothing is flushed (as with `copyItem`): these
/// are working copies, not backups.
package enum FileCopy {
    /// Copies `source` to `target`, which must not exist, with the permissions `mode` (not masked by the umask; owner-only
    /// by default: the copies are scratch copies of the user's data).
    ///
    /// - Throws: `POSIXError` with the failing call's code (`ENOENT` for a missing source, `EEXIST` for an existing
    ///   target, `ENOSPC` for a full disk...). A target this call created is removed on failure.
    package static func copy(_ source: String, to target: String, mode: mode_t = 0o600) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw currentError() }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw currentError() }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard output >= 0 else { throw currentError() }
        do {
            defer { close(output) }
            guard fchmod(output, mode) == 0 else { throw currentError() }
            if try !send(from: input, to: output, length: Int(status.st_size)) {
                // A file system sendfile cannot copy from: a plain read and write loop.
                guard ftruncate(output, 0) == 0, lseek(input, 0, SEEK_SET) == 0 else { throw currentError() }
                try readAndWrite(from: input, to: output)
            }
        } catch {
            unlink(target)
            throw error
        }
    }

    /// Sends `length` bytes (more if the file grew meanwhile, up to its end); `false` when sendfile is not supported
    /// for these files before anything was copied.
    private static func send(from input: Int32, to output: Int32, length: Int) throws -> Bool {
        var copied = 0
        while true {
            // Linux sends at most 0x7ffff000 bytes per call; ask for at least one more byte to see the end.
            let count = sendfile(output, input, nil, min(max(length - copied, 1 << 20), 0x7fff_f000))
            if count == 0 { return true }
            if count < 0 {
                if errno == EINTR { continue }
                if copied == 0, errno == EINVAL || errno == ENOSYS { return false }
                throw currentError()
            }
            copied += count
        }
    }

    private static func readAndWrite(from input: Int32, to output: Int32) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw currentError()
            }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { bytes in
                    write(output, bytes.baseAddress.map { $0 + written }, count - written)
                }
                if step < 0 {
                    if errno == EINTR { continue }
                    throw currentError()
                }
                written += step
            }
        }
    }

    private static func currentError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
