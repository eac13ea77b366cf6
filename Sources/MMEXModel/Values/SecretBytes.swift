#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The bytes of a secret (a passphrase) in memory this object owns, overwritten with zeros when the last reference
/// goes away.
///
/// A Swift `[UInt8]` cannot be wiped reliably: copies made on the way share or duplicate its buffer, and nothing
/// clears a buffer when it is released. Here the bytes live in one allocation, never reallocated, wiped with
/// `explicit_bzero` (`memset_s` on Darwin: neither is optimised away) in `deinit`, then freed. Copies of
/// ``DatabaseKey`` share the object, so the bytes are wiped when the last copy goes.
final class SecretBytes: Sendable {
    /// The allocation's address and the secret's length: immutable integers (the pointer is rebuilt from them), so
    /// the class is `Sendable` without a lock; the bytes are written only in `init` and `deinit`.
    private let base: UInt
    let count: Int

    init(_ bytes: some Collection<UInt8>) {
        // At least one byte, so the allocation always has an address.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        buffer.copyBytes(from: bytes)
        base = UInt(bitPattern: buffer.baseAddress)
        count = bytes.count
    }

    private var buffer: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: base), count: max(count, 1))
    }

    deinit {
        let buffer = self.buffer
        Self.wipe(buffer)
        if let observer = Self.wipeObserver.withLock({ $0 }) { observer(UnsafeRawBufferPointer(buffer)) }
        buffer.deallocate()
    }

    /// Calls `body` with the bytes; they must not escape it.
    func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<count]))
    }

    /// Where the bytes are (tests match it with what ``wipeObserver`` sees).
    var address: UInt { base }

    /// For tests: called by `deinit` with the bytes after they were wiped and before they are freed.
    static let wipeObserver = Mutex<(@Sendable (UnsafeRawBufferPointer) -> Void)?>(nil)

    /// Overwrites `buffer` with zeros in a way the compiler does not remove.
    static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        #if canImport(Glibc)
        explicit_bzero(base, buffer.count)
        #elseif canImport(Darwin)
        _ = memset_s(base, buffer.count, 0, buffer.count)
        #else
        // No wiping primitive known here: a volatile-like loop through an opaque pointer.
        for index in 0..<buffer.count { buffer.storeBytes(of: 0, toByteOffset: index, as: UInt8.self) }
        #endif
    }
}
